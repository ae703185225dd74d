import { createECDH, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import mongoose from 'mongoose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
	BlockModel,
	CaptionTrackModel,
	CertificateModel,
	DiscussionCommentModel,
	DiscussionPostModel,
	MediaAssetModel,
	MessageModel,
	MuteModel,
	NoteModel,
	PodCheckInModel,
	PodMemberModel,
	PodModel,
	PodQueueModel,
	PushDeviceModel,
	ReportModel,
	RsvpModel,
	SessionModel,
	UserModel,
	nextId,
} from '#models/index'
import { DEMO_PASSWORD, seedDemoData } from '~/demo/data.server'
import { STRIPE_TEST_ENV } from '../mocks/fake-stripe'
import { useStripeModeServer } from '../setup/billing-test-helpers'
import { TestClient } from '../setup/http-client'
import { buildVersionOf } from '../setup/page-html'
import { logIn } from '../setup/log-in'
import { useTestDatabase } from '../setup/test-database'
import { TEST_SESSION_SECRET } from '../setup/test-server'
import { userIdOf } from './admin-helpers'
import { askBadges, authenticate, connectChat, demoMember } from './chat-helpers'
import { ACCOUNT_OF, ROLES, logInEveryRole, snapshotEverything, type Role } from './role-helpers'
import {
	TEST_RENDITIONS,
	makeClip,
	sendChunk,
	startUpload,
	temporaryFolder,
	uploadFile,
	uploadOffset,
	waitForState,
	waitUntilPlayable,
} from './media-helpers'
import { addItem, addModule } from '~/services/learning/programs.server'
import { check, makeProgram, reading, reflection } from './program-helpers'
import { newOnceToken } from '~/platform/once-claims.server'

/**
 * Issue 7, item 4: who may do what. Every call of product §7 and of the route
 * table, every protected page and every form action, made as each of the six
 * callers of product §6, and compared with the tables below, written from product §6
 * and docs/architecture.md "Sessions and security":
 *
 * - no session: 401 from the JSON API, a redirect to /auth from pages and forms;
 * - the users API and the role dialog: admins only (403 for everyone else,
 *   content managers included); the catalogue (videos, communities, events,
 *   resources): admins and content managers; /admin sends other members to
 *   /dashboard, and content managers from the Users tab to Content;
 * - a member changes only their own profile and password (403 for another id),
 *   and reads only their own private conversations;
 * - free members read community rooms and the first 10 videos, but cannot
 *   post in a room or record progress on a Premium video (403).
 *
 * A cell is the status, or `→ /path` for a redirect there (302 or 303), or
 * `→ back` for a redirect to the address the form was posted to. Every
 * refused write (400, 401, 403, or sent away to /auth or /dashboard) is also
 * checked to have changed nothing in the database. The server runs with
 * Stripe configured (a local fake of its API), as in production, so the scan
 * for secrets at the end has secrets to find.
 */

const database = useTestDatabase()
// Uploaded lessons (the media table at the end) in a folder of this file's own, in tiny renditions.
const mediaDir = temporaryFolder('matrix-media')
const app = useStripeModeServer(database, { MEDIA_DIR: mediaDir, MEDIA_RENDITIONS: TEST_RENDITIONS })
let as: Record<Role, TestClient>
/** The path placeholders: {self} is the caller (the free member for a visitor), {other} a member who is none of them. */
const ids: Record<string, number> = {}

beforeAll(async () => {
	await seedDemoData()
	as = await logInEveryRole(app.server.url)
	for (const role of ROLES) ids[role] = await userIdOf(role === 'visitor' ? 'member' : ACCOUNT_OF[role])
	ids.other = await userIdOf('david')
	// One message everyone may report once (a report each), and one post.
	ids.reportable = await davidSays('Reported by everyone in the matrix')
	ids.reportablePost = await davidPosts('Reported by everyone in the matrix')
	// Each caller's communities as seeded, put back after the rows that join or leave one.
	for (const user of await UserModel.find().select('id communityIds').lean())
		seededCommunities.set(user.id, user.communityIds)
	// Programs (issue 23): one of the matrix's own, whose first module is open to everyone, the second Premium, the third
	// opening a week after the start; and the premium member's seeded certificate.
	const matrix = await makeProgram(
		[
			{ unlock: { kind: 'immediately' }, items: [reading('Matrix reading'), reflection(), check()] },
			{ unlock: { kind: 'immediately' }, items: [reading('Matrix Premium reading')] },
			{ unlock: { kind: 'after_days', days: 7 }, items: [reading('Matrix later reading')] },
		],
		{ title: 'Matrix Program' },
	)
	const [first, second, third] = matrix.modules as [(typeof matrix.modules)[number], ...typeof matrix.modules]
	Object.assign(ids, {
		matrixProgram: matrix.id,
		matrixModule: first.id,
		programReading: first.items[0],
		programReflection: first.items[1],
		programCheck: first.items[2],
		premiumReading: second!.items[0],
		lockedReading: third!.items[0],
	})
	// Peer pods (issue 29): the premium member's seeded running pod, a pod-mate's past check-in, their own, a finished pod.
	const podOfPremium = await PodMemberModel.findOne({ userId: ids.premium, state: 'active' })
		.sort({ podId: 1 })
		.lean<{ podId: number }>()
	const demoPod = await PodModel.findOne({ id: podOfPremium!.podId }).lean<{ id: number; roomId: number }>()
	const mateCheckIn = await PodCheckInModel.findOne({
		podId: demoPod!.id,
		week: 2,
		userId: mongoose.trusted({ $ne: ids.premium }),
	}).lean<{ id: number }>()
	const ownCheckIn = await PodCheckInModel.findOne({ podId: demoPod!.id, week: 2, userId: ids.premium }).lean<{
		id: number
	}>()
	const finishedPod = await PodModel.findOne({ state: 'finished' }).lean<{ id: number }>()
	Object.assign(ids, {
		demoPod: demoPod!.id,
		demoPodRoom: demoPod!.roomId,
		mateCheckIn: mateCheckIn!.id,
		ownPastCheckIn: ownCheckIn!.id,
		finishedPod: finishedPod!.id,
	})
	const certificate = await CertificateModel.findOne({ userId: ids.premium }).lean()
	certificateCode = certificate!.code
	Object.assign(ids, { certificateId: certificate!.id, certificateProgram: certificate!.programId })
	// The build's version, which a request for the route manifest's patches names (decision 229).
	const authPage = await (await new TestClient(app.server.url).get('/auth')).text()
	buildVersion = buildVersionOf(authPage)
})

const seededCommunities = new Map<number, number[] | undefined>()
const restoreMemberships = async () => {
	for (const [id, communityIds] of seededCommunities) await UserModel.updateOne({ id }, { $set: { communityIds } })
}

/** A new discussion post by David in room 1, stored as the server would. */
async function davidPosts(title: string): Promise<number> {
	const id = await nextId('discussionPosts')
	await DiscussionPostModel.create({
		id,
		communityId: 1,
		authorId: ids.other,
		title,
		body: 'What do you think?',
		createdAt: new Date(),
		lastActivityAt: new Date(),
	})
	return id
}

/** A new comment by David on a new post of his. */
async function davidComments(): Promise<number> {
	const postId = await davidPosts('A post David commented on')
	const id = await nextId('discussionComments')
	await DiscussionCommentModel.create({
		id,
		postId,
		communityId: 1,
		authorId: ids.other,
		body: 'A matrix comment',
		createdAt: new Date(),
	})
	return id
}

/** The premium member's seeded certificate's code: {certificate} in a path. */
let certificateCode = ''
let buildVersion = ''
const adminActor = async () => ({ id: await userIdOf('admin'), role: 'admin' as const })

/** A new room message by David (a member who is none of the callers), stored as the server would. */
async function davidSays(content: string): Promise<number> {
	const id = await nextId('messages')
	await MessageModel.create({
		id,
		content,
		senderId: ids.other,
		communityId: 1,
		recipientId: null,
		isPrivate: false,
		createdAt: new Date(),
	})
	return id
}

/** An open report of a new message by David, as a moderator finds it in the queue. */
async function openReport(): Promise<number> {
	const messageId = await davidSays('Reported in the matrix')
	const id = await nextId('reports')
	await ReportModel.create({
		id,
		messageId,
		reporterId: ids.member,
		authorId: ids.other,
		reason: 'spam',
		details: null,
		excerpt: 'Reported in the matrix',
		communityId: 1,
		status: 'open',
		createdAt: new Date(),
	})
	return id
}

/** David muted for an hour, for the calls that lift a mute. */
async function muteDavid(): Promise<number> {
	await MuteModel.updateOne(
		{ userId: ids.other },
		{ $set: { until: new Date(Date.now() + 3_600_000), reason: 'Matrix', mutedBy: ids.admin, createdAt: new Date() } },
		{ upsert: true },
	)
	return ids.other
}
const unmuteDavid = async () => {
	await MuteModel.deleteOne({ userId: ids.other })
}
const unblockEveryone = async () => {
	await BlockModel.deleteMany({})
}
/** The premium member's certificate valid again, after a row that revoked it. */
const unrevoke = async () => {
	await CertificateModel.updateOne(
		{ id: ids.certificateId },
		{ $set: { revokedAt: null, revokedBy: null, revocationReason: null } },
	)
}
/** A note of the member's, on lesson 1, as the lesson page stores it. */
async function noteOf(userId: number): Promise<number> {
	const id = await nextId('notes')
	await NoteModel.create({
		id,
		userId,
		videoId: 1,
		atSeconds: 9,
		text: 'Matrix note',
		createdAt: new Date(),
		updatedAt: new Date(),
	})
	return id
}
/** The notes the rows wrote: the seeded state has none. */
const forgetNotes = async () => {
	await NoteModel.deleteMany({})
}
/** A new lesson with English captions, for the rows that remove them. */
async function captionedVideo(): Promise<number> {
	const created = await as.admin.json('POST', '/api/admin/videos', VIDEO)
	expect(created.status, 'an admin creates a video to caption').toBe(201)
	const { id } = await created.json()
	await CaptionTrackModel.create({
		videoId: id,
		language: 'en',
		vtt: MATRIX_VTT,
		cues: [{ start: 0, end: 4, text: 'Matrix', voice: null }],
		updatedAt: new Date(),
	})
	return id
}

type Cells = readonly [
	visitor: string,
	member: string,
	premium: string,
	moderator: string,
	contentManager: string,
	admin: string,
]
type Body = Record<string, unknown> | ((role: Role) => Record<string, unknown>)
interface Row {
	kind: 'api' | 'page' | 'form'
	call: string
	expected: Cells
	body?: Body
	/** The call ends (or replaces) the caller's session: they log in again afterwards. */
	endsSession?: boolean
	/** Puts back what a successful call changed, so later rows see the seeded state. */
	after?: () => Promise<void>
	/** Why a row reads as it does, where the call alone does not say. */
	note?: string
}
const api = (call: string, expected: Cells, options: Omit<Row, 'kind' | 'call' | 'expected'> = {}): Row => ({
	kind: 'api',
	call,
	expected,
	...options,
})
const page = (call: string, expected: Cells, options: Pick<Row, 'note'> = {}): Row => ({
	kind: 'page',
	call,
	expected,
	...options,
})
const form = (call: string, expected: Cells, options: Omit<Row, 'kind' | 'call' | 'expected'> = {}): Row => ({
	kind: 'form',
	call,
	expected,
	...options,
})

const VIDEO = { title: 'Matrix Video', url: '/media/matrix.mp4', duration: 3 }
const VIDEO_FORM = { title: 'Matrix Video', url: '/media/matrix.mp4', duration: '3' }
const COMMUNITY = { name: 'Matrix Community' }
const EVENT = { title: 'Matrix Event', startTime: '2031-05-06T17:00:00Z' }
const EVENT_FORM = { title: 'Matrix Event', startTime: '2031-05-06T17:00', timeZone: 'UTC' }
const RESOURCE = { title: 'Matrix Resource', type: 'pdf', url: '/matrix.pdf' }
const PROGRAM = { title: 'Matrix Program' }
/** The cells of a staff-only page or form: members are sent to the dashboard. */
const STAFF_PAGE = ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200'] as const
const MATRIX_VTT = 'WEBVTT\n\n00:00.000 --> 00:04.000\nMatrix\n'
const NOTE = { atSeconds: 12, text: 'Matrix note' }
const NEW_PASSWORD = 'matrix-password-1'
/** Changing one's password to the same one: allowed, and every later login still works. */
const SAME_PASSWORD = { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }
const accountOf = (role: Role) => (role === 'visitor' ? 'david' : ACCOUNT_OF[role])
let registered = 0
const newAccount = () => {
	registered += 1
	return {
		username: `matrix${registered}`,
		password: NEW_PASSWORD,
		name: 'Matrix Newcomer',
		email: `matrix${registered}@example.com`,
	}
}
/** Event 7 (the summit, weeks ahead) takes RSVPs; event 3 (the Q&A, two days ago) is over. */
const UPCOMING_EVENT = 7
const PAST_EVENT = 3
/** The seeded RSVPs only, after a row that added some. */
const forgetRsvps = async () => {
	await RsvpModel.deleteMany({ eventId: UPCOMING_EVENT })
}
/** Peer pods (issue 29): each caller waits in a zone at least four hours from the others', so no pod forms. */
const POD_ZONES: Record<Role, string> = {
	visitor: 'UTC',
	member: 'UTC',
	premium: 'Pacific/Auckland',
	moderator: 'Europe/London',
	content_manager: 'America/Los_Angeles',
	admin: 'Asia/Kolkata',
}
const forgetPodQueue = async () => {
	await PodQueueModel.deleteMany({ programId: ids.matrixProgram })
}
/** The premium member's seeded state of this week: not checked in yet. */
const forgetPremiumsCheckIn = async () => {
	await PodCheckInModel.deleteMany({ podId: ids.demoPod, userId: ids.premium, week: 3 })
}
/** The premium member back in their pod, after the row where they left it. */
const rejoinDemoPod = async () => {
	await PodMemberModel.updateOne(
		{ podId: ids.demoPod, userId: ids.premium },
		{ $set: { state: 'active', leftAt: null } },
	)
	await PodModel.updateOne({ id: ids.demoPod }, { $inc: { size: 1 } })
}
const forgetCheckInReports = async () => {
	await ReportModel.deleteMany({ checkInId: ids.mateCheckIn })
}

/** The free member's subscription as seeded, after a row that started one. */
const resetFreeMember = async () => {
	await UserModel.updateOne(
		{ id: ids.member },
		{ $set: { subscriptionStatus: 'inactive', trialEndsAt: null, stripeCustomerId: null, stripeSubscriptionId: null } },
	)
}

const API_CALLS: Row[] = [
	//                                               visitor  member  premium  moderator  content_manager  admin
	// product §7: session
	api('GET /api/user', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/login', ['200', '200', '200', '200', '200', '200'], {
		body: (role) => ({ username: accountOf(role), password: DEMO_PASSWORD }),
	}),
	api('POST /api/register', ['201', '201', '201', '201', '201', '201'], {
		body: newAccount,
		endsSession: true,
		note: 'a signed-in caller is switched to the new account',
	}),
	api('POST /api/logout', ['200', '200', '200', '200', '200', '200'], { endsSession: true }),
	api('POST /api/password-reset', ['202', '202', '202', '202', '202', '202'], {
		body: (role) => ({ email: `nobody-${role}@example.com` }),
		note: 'an address per caller: each address may ask five times an hour',
	}),
	api('POST /api/password-reset/confirm', ['400', '400', '400', '400', '400', '400'], {
		body: { token: 'A'.repeat(43), password: NEW_PASSWORD },
		note: 'a token of nobody',
	}),
	// product §7: members, their own account only
	api('GET /api/users', ['401', '200', '200', '200', '200', '200']),
	api('PATCH /api/users/{self}', ['401', '200', '200', '200', '200', '200'], { body: { bio: 'Edited by myself' } }),
	api('PATCH /api/users/{other}', ['401', '403', '403', '403', '403', '403'], {
		body: { bio: 'Edited by someone else' },
	}),
	api('POST /api/users/{self}/change-password', ['401', '200', '200', '200', '200', '200'], { body: SAME_PASSWORD }),
	api('POST /api/users/{other}/change-password', ['401', '403', '403', '403', '403', '403'], { body: SAME_PASSWORD }),
	api('GET /api/users/me/export', ['401', '200', '200', '200', '200', '200']),
	api('DELETE /api/users/me', ['401', '400', '400', '400', '400', '400'], {
		body: { password: 'not-the-password' },
		note: 'a wrong password deletes nothing',
	}),
	api('GET /api/progress', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/progress', ['401', '200', '200', '200', '200', '200'], { body: { videoId: 1, progress: 10 } }),
	api('POST /api/progress', ['401', '403', '200', '200', '200', '200'], {
		body: { videoId: 11, progress: 10 },
		note: 'a Premium video',
	}),
	api('GET /api/videos', ['401', '200', '200', '200', '200', '200']),
	api('GET /api/videos/11', ['401', '200', '200', '200', '200', '200']),
	// Issue 25: notes are the writer's alone (docs/decisions/172).
	api('GET /api/videos/1/notes', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/videos/3/notes', ['401', '201', '201', '201', '201', '201'], { body: NOTE, after: forgetNotes }),
	api('POST /api/videos/12/notes', ['401', '403', '201', '201', '201', '201'], {
		body: NOTE,
		after: forgetNotes,
		note: 'a Premium video',
	}),
	api('PATCH /api/notes/{ownNote}', ['401', '200', '200', '200', '200', '200'], {
		body: { text: 'Changed by its writer' },
		after: forgetNotes,
		note: "the caller's own note",
	}),
	api('DELETE /api/notes/{ownNote}', ['401', '200', '200', '200', '200', '200'], { after: forgetNotes }),
	api('PATCH /api/notes/{davidsNote}', ['401', '404', '404', '404', '404', '404'], {
		body: { text: 'Not mine' },
		after: forgetNotes,
		note: "another member's note is nobody else's, admins included",
	}),
	api('DELETE /api/notes/{davidsNote}', ['401', '404', '404', '404', '404', '404'], { after: forgetNotes }),
	api('GET /api/communities', ['401', '200', '200', '200', '200', '200']),
	api('GET /api/events', ['401', '200', '200', '200', '200', '200']),
	api('GET /api/resources', ['401', '200', '200', '200', '200', '200']),
	api('GET /api/messages/community/1', ['401', '200', '200', '200', '200', '200']),
	api('GET /api/messages/private/{other}', ['401', '200', '200', '200', '200', '200']),
	// Issue 11: notifications, conversations and RSVPs, each member's own only
	api('GET /api/notifications', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/notifications/read', ['401', '200', '200', '200', '200', '200'], { body: {} }),
	api('POST /api/notifications/read', ['401', '404', '404', '404', '404', '404'], {
		body: { ids: [999_999] },
		note: "an id that is not the caller's",
	}),
	api('GET /api/conversations', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/events/{upcoming}/rsvp', ['401', '200', '200', '200', '200', '200'], {
		body: { going: true },
		after: forgetRsvps,
	}),
	api('POST /api/events/{past}/rsvp', ['401', '409', '409', '409', '409', '409'], {
		body: { going: true },
		note: 'the event has started',
	}),
	// Issue 23: programs, each member's own progress; the free account's limits; the drip rule, on the server
	api('GET /api/programs', ['401', '200', '200', '200', '200', '200']),
	api('GET /api/programs/{matrixProgram}', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/programs/{matrixProgram}/enrol', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/program-items/{programReading}/done', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/program-items/{premiumReading}/done', ['401', '403', '200', '200', '200', '200'], {
		note: 'beyond the first module: Premium',
	}),
	api('POST /api/program-items/{lockedReading}/done', ['401', '403', '403', '403', '403', '403'], {
		note: 'its module opens a week after the start',
	}),
	api('PUT /api/program-items/{programReflection}/reflection', ['401', '200', '200', '200', '200', '200'], {
		body: { text: 'A matrix reflection' },
	}),
	api('POST /api/program-items/{programCheck}/check', ['401', '200', '200', '200', '200', '200'], {
		body: { answers: [1, 2, 0] },
	}),
	api('GET /api/certificates', ['401', '200', '200', '200', '200', '200']),
	// Issue 29: peer pods. A pod and everything in it is its members' alone (404 to anyone else, staff included);
	// joining a queue needs Premium and the program started (every caller started the matrix's program above).
	api('GET /api/programs/{matrixProgram}/pod-queue', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/programs/{matrixProgram}/pod-queue', ['401', '403', '200', '200', '200', '200'], {
		body: (role) => ({ timeZone: POD_ZONES[role], checkInDay: 1 }),
		note: 'each caller in a zone far from the others, so no pod forms',
		after: forgetPodQueue,
	}),
	api('DELETE /api/programs/{matrixProgram}/pod-queue', ['401', '200', '200', '200', '200', '200']),
	api('GET /api/pods', ['401', '200', '200', '200', '200', '200']),
	api('GET /api/pods/{demoPod}', ['401', '404', '200', '404', '404', '404']),
	api('PATCH /api/pods/{demoPod}', ['401', '404', '200', '404', '404', '404'], { body: { name: 'Pod 1' } }),
	api('GET /api/pods/{demoPod}/check-ins', ['401', '404', '200', '404', '404', '404']),
	api('POST /api/pods/{demoPod}/check-ins', ['401', '404', '201', '404', '404', '404'], {
		body: { outcome: 'done', note: '', commitment: 'A matrix commitment' },
		after: forgetPremiumsCheckIn,
	}),
	api('PATCH /api/check-ins/{ownPastCheckIn}', ['401', '404', '409', '404', '404', '404'], {
		body: { commitment: 'Too late' },
		note: "last week's: its week has ended",
	}),
	api('PUT /api/check-ins/{mateCheckIn}/cheer', ['401', '404', '200', '404', '404', '404']),
	api('DELETE /api/check-ins/{mateCheckIn}/cheer', ['401', '404', '200', '404', '404', '404']),
	api('POST /api/check-ins/{mateCheckIn}/replies', ['401', '404', '201', '404', '404', '404'], {
		body: { text: 'A matrix reply' },
	}),
	api('DELETE /api/pods/{demoPod}/membership', ['401', '404', '200', '404', '404', '404'], { after: rejoinDemoPod }),
	// product §6: corrections (authors only, within 15 minutes) and moderators' removals of room messages
	api('PATCH /api/messages/{message}', ['401', '403', '403', '403', '403', '403'], {
		body: { content: 'Not my message' },
		note: "someone else's message",
	}),
	api('DELETE /api/messages/{message}', ['401', '403', '403', '200', '403', '200'], {
		note: "a member's room message",
	}),
	// product §6: reports, the queue, mutes, blocks
	api('POST /api/reports', ['401', '201', '201', '201', '201', '201'], {
		body: () => ({ messageId: ids.reportable, reason: 'spam' }),
	}),
	api('GET /api/reports', ['401', '403', '403', '200', '403', '200']),
	api('POST /api/reports/{report}/resolve', ['401', '403', '403', '200', '403', '200'], {
		body: { action: 'dismiss' },
	}),
	api('GET /api/moderation/mutes', ['401', '403', '403', '200', '403', '200']),
	api('POST /api/moderation/mutes', ['401', '403', '403', '201', '403', '201'], {
		body: () => ({ userId: ids.other, hours: 1, reason: 'Matrix' }),
		after: unmuteDavid,
	}),
	api('DELETE /api/moderation/mutes/{muted}', ['401', '403', '403', '200', '403', '200'], { after: unmuteDavid }),
	api('POST /api/users/{other}/block', ['401', '200', '200', '200', '200', '200'], { after: unblockEveryone }),
	api('DELETE /api/users/{other}/block', ['401', '200', '200', '200', '200', '200']),
	api('GET /api/users/me/blocks', ['401', '200', '200', '200', '200', '200']),
	// Push notifications (docs/decisions/181): each member's own devices, whatever the role.
	api('GET /api/users/me/push-devices', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/users/me/push-devices', ['401', '201', '201', '201', '201', '201'], {
		body: (role) => ({ endpoint: `http://127.0.0.1:9/push/matrix-${role}`, keys: BROWSER_KEYS }),
	}),
	api('DELETE /api/users/me/push-devices/{ownDevice}', ['401', '200', '200', '200', '200', '200']),
	api('DELETE /api/users/me/push-devices/{othersDevice}', ['401', '404', '404', '404', '404', '404'], {
		note: "someone else's device is nobody's here",
	}),
	// Issue 24: discussions (everyone reads; Premium members write; authors correct; moderators pin, lock, remove)
	api('GET /api/communities/1/posts', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/communities/1/posts', ['401', '403', '201', '201', '201', '201'], {
		body: { title: 'A matrix post', body: 'Hello from the matrix' },
		note: 'free members read only',
	}),
	api('GET /api/posts/{post}', ['401', '200', '200', '200', '200', '200']),
	api('PATCH /api/posts/{post}', ['401', '403', '403', '403', '403', '403'], {
		body: { title: 'Not my post' },
		note: "someone else's post",
	}),
	api('DELETE /api/posts/{post}', ['401', '403', '403', '200', '403', '200'], { note: "a member's post" }),
	api('POST /api/posts/{post}/comments', ['401', '403', '201', '201', '201', '201'], {
		body: { body: 'A matrix comment' },
	}),
	api('PATCH /api/comments/{comment}', ['401', '403', '403', '403', '403', '403'], {
		body: { body: 'Not my comment' },
	}),
	api('DELETE /api/comments/{comment}', ['401', '403', '403', '200', '403', '200']),
	api('PUT /api/posts/{post}/reactions/like', ['401', '403', '200', '200', '200', '200']),
	api('DELETE /api/posts/{post}/reactions/like', ['401', '403', '200', '200', '200', '200']),
	api('PUT /api/comments/{comment}/reactions/insightful', ['401', '403', '200', '200', '200', '200']),
	api('DELETE /api/comments/{comment}/reactions/insightful', ['401', '403', '200', '200', '200', '200']),
	api('POST /api/posts/{post}/pin', ['401', '403', '403', '200', '403', '200'], { body: { pinned: true } }),
	api('POST /api/posts/{post}/lock', ['401', '403', '403', '200', '403', '200'], { body: { locked: true } }),
	api('PUT /api/posts/{post}/follow', ['401', '200', '200', '200', '200', '200']),
	api('DELETE /api/posts/{post}/follow', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/reports', ['401', '201', '201', '201', '201', '201'], {
		body: () => ({ postId: ids.reportablePost, reason: 'spam' }),
		note: 'a post',
	}),
	// Issue 24: memberships and the member directory
	api('POST /api/communities/4/membership', ['401', '200', '200', '200', '200', '200'], {
		after: restoreMemberships,
	}),
	api('DELETE /api/communities/2/membership', ['401', '200', '200', '200', '200', '200'], {
		after: restoreMemberships,
	}),
	api('GET /api/members', ['401', '200', '200', '200', '200', '200']),
	// Issue 24: search across everything (each finds only what they may see: tests/integration/search.test.ts)
	api('GET /api/search?q=leadership', ['401', '200', '200', '200', '200', '200']),
	api('GET /api/search?q=leadership&type=lessons&page=2', ['401', '200', '200', '200', '200', '200']),
	// product §7: administration (users: admins; the catalogue: admins and content managers)
	api('GET /api/admin/users', ['401', '403', '403', '403', '403', '200']),
	api('PATCH /api/admin/users/{other}/role', ['401', '403', '403', '403', '403', '200'], { body: { role: 'member' } }),
	api('DELETE /api/admin/users/{newMember}', ['401', '403', '403', '403', '403', '200']),
	api('POST /api/admin/videos', ['401', '403', '403', '403', '201', '201'], { body: VIDEO }),
	api('PATCH /api/admin/videos/{video}', ['401', '403', '403', '403', '200', '200'], {
		body: { description: 'Edited' },
	}),
	api('DELETE /api/admin/videos/{video}', ['401', '403', '403', '403', '200', '200']),
	api('POST /api/admin/communities', ['401', '403', '403', '403', '201', '201'], { body: COMMUNITY }),
	api('PATCH /api/admin/communities/{community}', ['401', '403', '403', '403', '200', '200'], {
		body: { description: 'Edited' },
	}),
	api('DELETE /api/admin/communities/{community}', ['401', '403', '403', '403', '200', '200']),
	api('GET /api/admin/events', ['401', '403', '403', '403', '200', '200']),
	api('POST /api/admin/events', ['401', '403', '403', '403', '201', '201'], { body: EVENT }),
	api('PATCH /api/admin/events/{event}', ['401', '403', '403', '403', '200', '200'], {
		body: { description: 'Edited' },
	}),
	api('DELETE /api/admin/events/{event}', ['401', '403', '403', '403', '200', '200']),
	api('POST /api/admin/resources', ['401', '403', '403', '403', '201', '201'], { body: RESOURCE }),
	api('PATCH /api/admin/resources/{resource}', ['401', '403', '403', '403', '200', '200'], {
		body: { description: 'Edited' },
	}),
	api('DELETE /api/admin/resources/{resource}', ['401', '403', '403', '403', '200', '200']),
	api('POST /api/admin/programs', ['401', '403', '403', '403', '201', '201'], { body: PROGRAM }),
	api('PATCH /api/admin/programs/{program}', ['401', '403', '403', '403', '200', '200'], {
		body: { summary: 'Edited' },
	}),
	api('DELETE /api/admin/programs/{program}', ['401', '403', '403', '403', '200', '200']),
	api('GET /api/admin/audit-log', ['401', '403', '403', '403', '403', '200']),
	api('GET /api/admin/pods', ['401', '403', '403', '403', '403', '200']),
	api('POST /api/admin/pods/{demoPod}/move', ['401', '403', '403', '403', '403', '404'], {
		body: { userId: 999999, toPodId: 999999 },
		note: 'to a pod that does not exist',
	}),
	api('DELETE /api/admin/pods/{finishedPod}', ['401', '403', '403', '403', '403', '409'], {
		note: 'a finished pod stays as it is',
	}),
	api('GET /api/admin/insights', ['401', '403', '403', '403', '200', '200'], {
		note: 'content managers without revenue',
	}),
	// product §7: subscription; the route table: Stripe webhook, unknown API paths
	api('POST /api/get-or-create-subscription', ['401', '200', '200', '200', '200', '200'], { after: resetFreeMember }),
	api('POST /api/stripe/webhook', ['400', '400', '400', '400', '400', '400'], { note: 'no Stripe signature' }),
	api('GET /api/billing', ['401', '200', '200', '200', '200', '200']),
	api('POST /api/billing/cancel', ['401', '409', '409', '409', '409', '409'], {
		note: 'nobody seeded has a Stripe subscription to cancel',
	}),
	api('POST /api/billing/resume', ['401', '409', '409', '409', '409', '409']),
	api('POST /api/billing/portal', ['401', '409', '409', '409', '409', '409'], {
		note: 'nobody seeded is a Stripe customer',
	}),
	api('GET /api/nowhere', ['404', '404', '404', '404', '404', '404']),
]

const PAGES: Row[] = [
	//                                      visitor         member          premium         moderator       content_manager         admin
	// product §2: pages
	page('GET /', ['200', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard']),
	page('GET /auth', ['200', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard']),
	page('GET /forgot-password', ['200', '200', '200', '200', '200', '200']),
	page('GET /contact', ['200', '200', '200', '200', '200', '200']),
	page('GET /privacy', ['200', '200', '200', '200', '200', '200']),
	page('GET /terms', ['200', '200', '200', '200', '200', '200']),
	page('GET /reset-password?token=x', ['200', '200', '200', '200', '200', '200'], {
		note: "the link's own page: 'This link is not valid'",
	}),
	page('GET /confirm-email?token=x', ['200', '200', '200', '200', '200', '200']),
	page('GET /unsubscribe?token=x', ['400', '400', '400', '400', '400', '400']),
	page('GET /dashboard', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /content-library', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /content-library/1', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /content-library/11', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /content-library/8?t=90&q=story&lang=en', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /content-library/1/captions/en.vtt', ['401', '200', '200', '200', '200', '200'], {
		note: "a lesson's captions: the lesson's own gate",
	}),
	page('GET /content-library/12/captions/en.vtt', ['401', '403', '200', '200', '200', '200'], {
		note: 'a Premium lesson',
	}),
	page('GET /notes', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /admin/videos/1/captions', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /community', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /community/1', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /messages', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /messages?userId={other}', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /events', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /resources', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /profile', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /profile?tab=billing', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /subscription-success', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /notifications', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /events/{upcoming}', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /events/{past}', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /events/999999', ['→ /auth', '404', '404', '404', '404', '404']),
	page('GET /events/{upcoming}/calendar.ics', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /calendar/not-a-real-token-at-all.ics', ['404', '404', '404', '404', '404', '404'], {
		note: 'a feed is found by its secret token only',
	}),
	page('GET /settings', ['→ /auth', '→ /profile', '→ /profile', '→ /profile', '→ /profile', '→ /profile']),
	page('GET /subscribe', ['→ /auth', '200', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard'], {
		note: 'only the free member has something to buy',
	}),
	page('GET /admin', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin?tab=users', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=content',
		'200',
	]),
	page('GET /admin/users/{other}/role', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=content',
		'200',
	]),
	page('GET /admin/users/{other}/delete', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=content',
		'200',
	]),
	page('GET /admin/videos/new', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/videos/1/edit', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/videos/1/delete', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/communities/new', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/communities/1/edit', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/communities/1/delete', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/events/new', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/events/1/edit', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/events/1/delete', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/resources/new', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/resources/1/edit', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	page('GET /admin/resources/1/delete', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	// Lesson media and resource files (docs/decisions/134): members only; a clip only Premium lessons play, Premium only
	page('GET /media/what-great-leaders-do-differently.mp4', ['401', '200', '200', '200', '200', '200'], {
		note: "lesson 1's clip",
	}),
	page('GET /media/decision-making-under-uncertainty.mp4', ['401', '403', '200', '200', '200', '200'], {
		note: "lesson 11's clip: Premium",
	}),
	page('GET /resources/one-on-one-template.txt', ['401', '200', '200', '200', '200', '200']),
	page('GET /admin?tab=audit', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=content',
		'200',
	]),
	page('GET /admin?tab=insights', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '200', '200']),
	// Issue 29: peer pods
	page('GET /pods', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /pods/{demoPod}', ['→ /auth', '404', '200', '404', '404', '404']),
	page('GET /pods/{demoPod}/check-ins/{mateCheckIn}/report', ['→ /auth', '404', '200', '404', '404', '404']),
	page('GET /admin?tab=pods', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=content',
		'200',
	]),
	page('GET /admin/pods/{demoPod}/move', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=content',
		'200',
	]),
	page('GET /admin/pods/{demoPod}/dissolve', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=content',
		'200',
	]),
	page('GET /admin/members.csv', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=content',
		'200',
	]),
	page('GET /moderation', ['→ /auth', '→ /dashboard', '→ /dashboard', '200', '→ /dashboard', '200']),
	page('GET /moderation?tab=resolved', ['→ /auth', '→ /dashboard', '→ /dashboard', '200', '→ /dashboard', '200']),
	page('GET /members/{other}', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /members', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /search', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /search?q=leadership&type=discussions', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /community/1/discussions', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /community/1/discussions/{post}', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /profile?tab=blocked', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /logout', ['→ /', '→ /', '→ /', '→ /', '→ /', '→ /']),
	page('GET /sidebar', [
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
	]),
	// Issue 23: programs, certificates anyone may check, and the programs' administration
	page('GET /programs', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /programs/{matrixProgram}', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /programs/{matrixProgram}/items/{programReading}', ['→ /auth', '200', '200', '200', '200', '200']),
	page('GET /programs/{matrixProgram}/items/{premiumReading}', ['→ /auth', '403', '200', '200', '200', '200'], {
		note: 'Premium: the page says so',
	}),
	page('GET /programs/{matrixProgram}/items/{lockedReading}', ['→ /auth', '403', '403', '403', '403', '403'], {
		note: 'locked: the page says why',
	}),
	page('GET /certificates/{certificate}', ['200', '200', '200', '200', '200', '200'], { note: 'anyone with the code' }),
	page('GET /certificates/{certificate}.pdf', ['200', '200', '200', '200', '200', '200']),
	page('GET /certificates/{certificate}.json', ['200', '200', '200', '200', '200', '200']),
	page('GET /.well-known/jwks.json', ['200', '200', '200', '200', '200', '200']),
	page('GET /admin?tab=programs', [...STAFF_PAGE]),
	page('GET /admin/programs/new', [...STAFF_PAGE]),
	page('GET /admin/programs/{matrixProgram}/edit', [...STAFF_PAGE]),
	page('GET /admin/programs/{matrixProgram}/delete', [...STAFF_PAGE]),
	page('GET /admin/programs/{matrixProgram}', [...STAFF_PAGE]),
	page('GET /admin/programs/{matrixProgram}/modules/new', [...STAFF_PAGE]),
	page('GET /admin/programs/{matrixProgram}/modules/{matrixModule}/edit', [...STAFF_PAGE]),
	page('GET /admin/programs/{matrixProgram}/modules/{matrixModule}/items/new?kind=check', [...STAFF_PAGE]),
	page('GET /admin/programs/{matrixProgram}/items/{programReading}/edit', [...STAFF_PAGE]),
	page('GET /admin/programs/{matrixProgram}/items/{programReading}/delete', [...STAFF_PAGE]),
	page(
		'GET /admin/programs/{certificateProgram}/certificates/{certificateId}/revoke',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '403', '200'],
		{ note: 'revoking is for admins' },
	),
	// The route table's entries for the paths a hydrated page links to: anyone, as the whole table's file was (decision 229)
	page('GET /__manifest?p=/admin&p=/dashboard&version={buildVersion}', ['200', '200', '200', '200', '200', '200']),
	page('GET /nowhere', ['404', '404', '404', '404', '404', '404']),
]

const FORMS: Row[] = [
	//                                                                 visitor         member          premium         moderator       content_manager             admin
	// Form actions (without JavaScript, with the caller's CSRF token)
	form('POST /auth', ['→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard'], {
		body: (role) => ({ intent: 'login', username: accountOf(role), password: DEMO_PASSWORD }),
	}),
	form('POST /auth', ['→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard'], {
		body: () => ({ intent: 'signup', ...newAccount(), confirmPassword: NEW_PASSWORD }),
		note: 'signed-in users are sent on, nothing created',
	}),
	form('POST /logout', ['→ /', '→ /', '→ /', '→ /', '→ /', '→ /'], { endsSession: true }),
	form('POST /sidebar', ['→ /events', '→ /events', '→ /events', '→ /events', '→ /events', '→ /events'], {
		body: { collapsed: 'true', redirectTo: '/events' },
	}),
	form('POST /profile?tab=profile', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: (role) => ({ intent: 'profile', name: 'Matrix Name', email: `${accountOf(role)}@example.com` }),
	}),
	form('POST /profile?tab=password', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'password', ...SAME_PASSWORD, confirmPassword: DEMO_PASSWORD },
	}),
	form('POST /forgot-password', ['200', '200', '200', '200', '200', '200'], {
		body: (role) => ({ intent: 'forgot-password', email: `nobody-form-${role}@example.com` }),
	}),
	form('POST /contact', ['200', '200', '200', '200', '200', '200'], {
		body: (role) => ({
			intent: 'contact',
			name: 'Matrix Writer',
			email: `matrix-${role}@example.com`,
			topic: 'other',
			message: 'Hello from the matrix',
		}),
		note: 'anyone may write to the admins',
	}),
	form('POST /reset-password?token=x', ['400', '400', '400', '400', '400', '400'], {
		body: { intent: 'reset-password', token: 'A'.repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
	}),
	form('POST /confirm-email?token=x', ['400', '400', '400', '400', '400', '400'], {
		body: { intent: 'confirm-email', token: 'A'.repeat(43) },
	}),
	// The undo link sent to the old address (decision 200): the link is the authority, not the session.
	form('POST /confirm-email?token=undo', ['400', '400', '400', '400', '400', '400'], {
		body: { intent: 'undo-email-change', token: 'A'.repeat(43) },
	}),
	form('POST /unsubscribe?token=x', ['400', '400', '400', '400', '400', '400'], {
		body: { 'List-Unsubscribe': 'One-Click' },
		note: 'the link is the authority, not the session',
	}),
	form('POST /profile?tab=notifications', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'notifications', mentions: 'on', billing: 'on' },
	}),
	form('POST /profile?tab=notifications', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'push-off', deviceId: '{ownDevice}' },
	}),
	form('POST /profile?tab=notifications', ['→ /auth', '404', '404', '404', '404', '404'], {
		body: { intent: 'push-off', deviceId: '{othersDevice}' },
		note: "someone else's device is nobody's here",
	}),
	form('POST /profile?tab=billing', ['→ /auth', '409', '409', '409', '409', '409'], {
		body: { intent: 'billing-cancel' },
	}),
	form('POST /profile?tab=account', ['→ /auth', '400', '400', '400', '400', '400'], {
		body: { intent: 'delete-account', password: 'not-the-password' },
		note: 'a wrong password deletes nothing',
	}),
	form('POST /profile?tab=account', ['→ /auth', '→ /', '→ /', '→ /', '→ /', '→ /'], {
		body: { intent: 'logout-all' },
		endsSession: true,
	}),
	form('POST /content-library/1', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back']),
	form('POST /content-library/11', ['→ /auth', '403', '→ back', '→ back', '→ back', '→ back'], {
		note: 'a Premium video',
	}),
	form(
		'POST /content-library/3',
		[
			'→ /auth',
			'→ /content-library/3#notes',
			'→ /content-library/3#notes',
			'→ /content-library/3#notes',
			'→ /content-library/3#notes',
			'→ /content-library/3#notes',
		],
		{ body: { intent: 'add-note', time: '0:12', text: 'Matrix note' }, after: forgetNotes },
	),
	form(
		'POST /content-library/12',
		[
			'→ /auth',
			'403',
			'→ /content-library/12#notes',
			'→ /content-library/12#notes',
			'→ /content-library/12#notes',
			'→ /content-library/12#notes',
		],
		{ body: { intent: 'add-note', time: '0:12', text: 'Matrix note' }, after: forgetNotes, note: 'a Premium video' },
	),
	form(
		'POST /content-library/1',
		[
			'→ /auth',
			'→ /content-library/1#notes',
			'→ /content-library/1#notes',
			'→ /content-library/1#notes',
			'→ /content-library/1#notes',
			'→ /content-library/1#notes',
		],
		{
			body: { intent: 'edit-note', noteId: '{ownNote}', time: '0:05', text: 'Changed by its writer' },
			after: forgetNotes,
			note: "the caller's own note",
		},
	),
	form('POST /content-library/1', ['→ /auth', '404', '404', '404', '404', '404'], {
		body: { intent: 'edit-note', noteId: '{davidsNote}', time: '0:05', text: 'Not mine' },
		after: forgetNotes,
		note: "another member's note",
	}),
	form('POST /content-library/1', ['→ /auth', '404', '404', '404', '404', '404'], {
		body: { intent: 'delete-note', noteId: '{davidsNote}' },
		after: forgetNotes,
		note: "another member's note",
	}),
	form(
		'POST /content-library/1',
		[
			'→ /auth',
			'→ /content-library/1#notes',
			'→ /content-library/1#notes',
			'→ /content-library/1#notes',
			'→ /content-library/1#notes',
			'→ /content-library/1#notes',
		],
		{ body: { intent: 'delete-note', noteId: '{ownNote}' }, after: forgetNotes, note: "the caller's own note" },
	),
	form('POST /community/1', ['→ /auth', '403', '→ back', '→ back', '→ back', '→ back'], {
		body: { content: 'Hello from the matrix' },
	}),
	form('POST /messages?userId={other}', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { content: 'Hello from the matrix' },
	}),
	form(
		'POST /events',
		[
			'→ /auth',
			'→ /events#event-7',
			'→ /events#event-7',
			'→ /events#event-7',
			'→ /events#event-7',
			'→ /events#event-7',
		],
		{
			body: { intent: 'rsvp', eventId: '7', going: 'true', returnTo: '/events' },
			after: forgetRsvps,
			note: 'event 7 is upcoming',
		},
	),
	form('POST /events/{upcoming}', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'rsvp', eventId: '7', going: 'true' },
		after: forgetRsvps,
		note: "the RSVP form on the event's own page comes back to it",
	}),
	form('POST /events/{past}', ['→ /auth', '409', '409', '409', '409', '409'], {
		body: { intent: 'rsvp', eventId: '3', going: 'true' },
		note: 'RSVPs close when the event starts',
	}),
	form('POST /notifications', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'read-all' },
	}),
	form('POST /notifications', ['→ /auth', '404', '404', '404', '404', '404'], {
		body: { intent: 'open', id: '999999' },
		note: "a notification that is not the caller's",
	}),
	form('POST /profile?tab=account', ['→ /auth', '200', '200', '200', '200', '200'], {
		body: { intent: 'calendar-feed' },
	}),
	form('POST /community/1', ['→ /auth', '403', '403', '403', '403', '403'], {
		body: { intent: 'edit-message', messageId: '{message}', content: 'Not mine' },
	}),
	form('POST /community/1', ['→ /auth', '403', '403', '→ back', '403', '→ back'], {
		body: { intent: 'delete-message', messageId: '{message}' },
	}),
	form('POST /community/1', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'report-message', messageId: '{message}', reason: 'spam' },
	}),
	form('POST /community/1', ['→ /auth', '403', '403', '→ back', '403', '→ back'], {
		body: () => ({ intent: 'mute-member', userId: String(ids.other), duration: '1', reason: 'Matrix' }),
		after: unmuteDavid,
		note: 'mute-member',
	}),
	form('POST /moderation', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ back', '→ /dashboard', '→ back'], {
		body: { intent: 'resolve-report', reportId: '{report}', outcome: 'dismiss' },
	}),
	form('POST /moderation', ['→ /auth', '→ /dashboard', '→ /dashboard', '→ back', '→ /dashboard', '→ back'], {
		body: { intent: 'lift-mute', userId: '{muted}' },
		after: unmuteDavid,
	}),
	form('POST /members/{other}', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'block-member' },
		after: unblockEveryone,
	}),
	form('POST /members/{other}', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'unblock-member' },
	}),
	// Issue 24: the discussion pages' forms (a new post or comment goes to its own address), Join and Leave
	form(
		'POST /community/1/discussions',
		['→ /auth', '403', '→ {new post}', '→ {new post}', '→ {new post}', '→ {new post}'],
		{ body: { intent: 'create-post', title: 'A matrix post by form', body: 'Hello' } },
	),
	form(
		'POST /community/1/discussions/{post}',
		['→ /auth', '403', '→ back#{new comment}', '→ back#{new comment}', '→ back#{new comment}', '→ back#{new comment}'],
		{ body: { intent: 'comment', body: 'A matrix comment by form' } },
	),
	form('POST /community/1/discussions/{post}', ['→ /auth', '403', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'react', targetType: 'post', targetId: '{post}', kind: 'celebrate', on: 'true' },
	}),
	form('POST /community/1/discussions/{post}', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'follow', following: 'true' },
	}),
	form('POST /community/1/discussions/{post}', ['→ /auth', '403', '403', '403', '403', '403'], {
		body: { intent: 'edit-post', title: 'Not my post', body: 'x' },
	}),
	form('POST /community/1/discussions/{post}', ['→ /auth', '403', '403', '→ back', '403', '→ back'], {
		body: { intent: 'delete-post' },
	}),
	form('POST /community/1/discussions/{post}', ['→ /auth', '403', '403', '→ back', '403', '→ back'], {
		body: { intent: 'pin-post', pinned: 'true' },
	}),
	form('POST /community/1/discussions/{post}', ['→ /auth', '403', '403', '→ back', '403', '→ back'], {
		body: { intent: 'lock-post', locked: 'true' },
	}),
	form('POST /community/1/discussions/{post}', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'report-post', reason: 'spam', details: '' },
	}),
	form('POST /community', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'join-community', communityId: '4' },
		after: restoreMemberships,
	}),
	form('POST /community/2', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'leave-community', communityId: '2' },
		after: restoreMemberships,
	}),
	form('POST /subscribe', ['→ /auth', '400', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /dashboard'], {
		note: 'with Stripe the card form is needed; Premium members have nothing to buy',
	}),
	form(
		'POST /admin/users/{other}/role?tab=users',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=content', '→ /admin?tab=users'],
		{ body: { role: 'member' }, note: 'the service refuses a content manager, who is sent to Content' },
	),
	form('POST /admin/users/{newMember}/delete?tab=users', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=content',
		'→ /admin?tab=users',
	]),
	form(
		'POST /admin/videos/new?tab=content',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=content', '→ /admin?tab=content'],
		{ body: VIDEO_FORM },
	),
	form(
		'POST /admin/videos/{video}/edit?tab=content',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=content', '→ /admin?tab=content'],
		{ body: VIDEO_FORM },
	),
	form(
		'POST /admin/videos/{video}/captions',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ back', '→ back'],
		{
			body: { intent: 'save-captions', language: 'en', vtt: MATRIX_VTT },
		},
	),
	form(
		'POST /admin/videos/{video}/captions',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ back', '→ back'],
		{
			body: { intent: 'save-chapters', chapters: '0:00 Matrix' },
		},
	),
	form(
		'POST /admin/videos/{captioned}/captions',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ back', '→ back'],
		{ body: { intent: 'remove-captions', language: 'en' } },
	),
	form('POST /admin/videos/{video}/delete?tab=content', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=content',
		'→ /admin?tab=content',
	]),
	form(
		'POST /admin/communities/new?tab=communities',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=communities', '→ /admin?tab=communities'],
		{ body: COMMUNITY },
	),
	form(
		'POST /admin/communities/{community}/edit?tab=communities',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=communities', '→ /admin?tab=communities'],
		{ body: COMMUNITY },
	),
	form('POST /admin/communities/{community}/delete?tab=communities', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=communities',
		'→ /admin?tab=communities',
	]),
	form(
		'POST /admin/events/new?tab=events',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=events', '→ /admin?tab=events'],
		{ body: EVENT_FORM },
	),
	form(
		'POST /admin/events/{event}/edit?tab=events',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=events', '→ /admin?tab=events'],
		{ body: EVENT_FORM },
	),
	form('POST /admin/events/{event}/delete?tab=events', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=events',
		'→ /admin?tab=events',
	]),
	form(
		'POST /admin/resources/new?tab=resources',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=resources', '→ /admin?tab=resources'],
		{ body: RESOURCE },
	),
	form(
		'POST /admin/resources/{resource}/edit?tab=resources',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=resources', '→ /admin?tab=resources'],
		{ body: RESOURCE },
	),
	form('POST /admin/resources/{resource}/delete?tab=resources', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=resources',
		'→ /admin?tab=resources',
	]),
]

/** The cells of a form on a program's outline that comes back to it. */
const OUTLINE_FORM = [
	'→ /auth',
	'→ /dashboard',
	'→ /dashboard',
	'→ /dashboard',
	'→ /admin/programs/{matrixProgram}',
	'→ /admin/programs/{matrixProgram}',
] as const

/**
 * Issue 23: the programs' forms. They run after the JSON calls above, which
 * did the first module's items for every member: 'Start' then has no next
 * item to lead to and comes back to the outline.
 */
FORMS.push(
	form('POST /programs/{matrixProgram}', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'start' },
	}),
	// Issue 29: peer pods' forms
	form('POST /programs/{matrixProgram}', ['→ /auth', '403', '→ back', '→ back', '→ back', '→ back'], {
		body: (role) => ({ intent: 'join-pod', timeZone: POD_ZONES[role], checkInDay: '2' }),
		after: forgetPodQueue,
	}),
	form('POST /programs/{matrixProgram}', ['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'], {
		body: { intent: 'leave-pod-queue' },
	}),
	form('POST /pods/{demoPod}', ['→ /auth', '404', '→ back', '404', '404', '404'], {
		body: { intent: 'rename', name: 'Pod 1' },
	}),
	form(
		'POST /pods/{demoPod}/check-ins/{mateCheckIn}/report',
		['→ /auth', '404', '→ /pods/{demoPod}', '404', '404', '404'],
		{ body: { intent: 'report', reason: 'spam', details: '' }, after: forgetCheckInReports },
	),
	// A content manager's post is refused (403, nothing changes); the answer is then drawn under the admin
	// layout, which sends them from the admins-only Pods tab.
	form(
		'POST /admin/pods/{demoPod}/move',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=content', '404'],
		{ body: { intent: 'move-pod-member', userId: '999999', toPodId: '999999' } },
	),
	form(
		'POST /admin/pods/{finishedPod}/dissolve',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=content', '409'],
		{ body: { intent: 'dissolve-pod' } },
	),
	form(
		'POST /programs/{matrixProgram}/items/{programReading}',
		['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'],
		{
			body: { intent: 'done' },
		},
	),
	form(
		'POST /programs/{matrixProgram}/items/{programReflection}',
		['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'],
		{ body: { intent: 'reflection', text: 'Matrix words' } },
	),
	form(
		'POST /programs/{matrixProgram}/items/{programCheck}?attempt=latest',
		['→ /auth', '→ back', '→ back', '→ back', '→ back', '→ back'],
		{ body: { intent: 'check', answer1: '1', answer2: '2', answer3: '0' }, note: 'to the results of the attempt' },
	),
	form(
		'POST /programs/{matrixProgram}/items/{premiumReading}',
		['→ /auth', '403', '→ back', '→ back', '→ back', '→ back'],
		{
			body: { intent: 'done' },
			note: 'Premium',
		},
	),
	form('POST /programs/{matrixProgram}/items/{lockedReading}', ['→ /auth', '403', '403', '403', '403', '403'], {
		body: { intent: 'done' },
		note: 'locked until a week after the start',
	}),
	form(
		'POST /admin/programs/new?tab=programs',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=programs', '→ /admin?tab=programs'],
		{ body: { title: 'Matrix Program Added' } },
	),
	form(
		'POST /admin/programs/{program}/edit?tab=programs',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ /admin?tab=programs', '→ /admin?tab=programs'],
		{ body: { title: 'Matrix Program Edited' } },
	),
	form('POST /admin/programs/{program}/delete?tab=programs', [
		'→ /auth',
		'→ /dashboard',
		'→ /dashboard',
		'→ /dashboard',
		'→ /admin?tab=programs',
		'→ /admin?tab=programs',
	]),
	form(
		'POST /admin/programs/{matrixProgram}',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '→ back', '→ back'],
		{
			body: { intent: 'publish' },
		},
	),
	form(
		'POST /admin/programs/{matrixProgram}',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '400', '400'],
		{
			body: { intent: 'move-module', id: '{matrixModule}', direction: 'up' },
			note: 'the first module cannot go up',
		},
	),
	form('POST /admin/programs/{matrixProgram}/modules/new', [...OUTLINE_FORM], {
		body: { title: 'Matrix Module', unlock: 'immediately' },
	}),
	form('POST /admin/programs/{matrixProgram}/modules/{matrixModule}/edit', [...OUTLINE_FORM], {
		body: { title: 'Matrix Module One', unlock: 'immediately' },
	}),
	form('POST /admin/programs/{matrixProgram}/modules/{programModule}/delete', [...OUTLINE_FORM]),
	form('POST /admin/programs/{matrixProgram}/modules/{matrixModule}/items/new?kind=reading', [...OUTLINE_FORM], {
		body: { title: 'Matrix Item', body: 'Words to read' },
	}),
	form('POST /admin/programs/{matrixProgram}/items/{programReading}/edit', [...OUTLINE_FORM], {
		body: { title: 'Matrix reading', body: 'Read this' },
	}),
	form('POST /admin/programs/{matrixProgram}/items/{programItem}/delete', [...OUTLINE_FORM]),
	form(
		'POST /admin/programs/{certificateProgram}/certificates/{certificateId}/revoke',
		['→ /auth', '→ /dashboard', '→ /dashboard', '→ /dashboard', '403', '→ /admin/programs/{certificateProgram}'],
		{ body: { reason: 'Matrix' }, after: unrevoke, note: 'revoking is for admins' },
	),
)

/** Bodies of every answer above, for the scan for secrets at the end. */
const answers: Array<{ where: string; body: string }> = []
/** Every session id the database held while the tables ran. */
const sessionIds = new Set<string>()

const FRESH: Record<string, string> = {
	video: 'videos',
	community: 'communities',
	event: 'events',
	resource: 'resources',
	program: 'programs',
}
const FRESH_BODY: Record<string, Record<string, unknown>> = {
	videos: VIDEO,
	communities: COMMUNITY,
	events: EVENT,
	resources: RESOURCE,
	programs: PROGRAM,
}

/** Moderation's placeholders: a new message by David, an open report, David muted; and a post and a comment by David. */
const FRESH_MODERATION: Record<string, () => Promise<number>> = {
	message: () => davidSays('A matrix message'),
	report: openReport,
	muted: muteDavid,
	// A spare module and item of the matrix's program, for the rows that delete one.
	programModule: async () =>
		addModule(await adminActor(), ids.matrixProgram!, {
			title: 'Matrix spare module',
			description: null,
			unlock: { kind: 'immediately' },
		}),
	programItem: async () =>
		addItem(await adminActor(), ids.matrixProgram!, ids.matrixModule!, {
			kind: 'reading',
			title: 'Matrix spare reading',
			body: 'Spare',
		}),
	davidsNote: () => noteOf(ids.other!),
	captioned: captionedVideo,
	othersDevice: () => pushDeviceOf(ids.other),
	post: () => davidPosts('A matrix post by David'),
	comment: davidComments,
}

/** A device with push notifications on (docs/decisions/181), stored as the server would, for turning off. */
let devices = 0
async function pushDeviceOf(userId: number): Promise<number> {
	const id = await nextId('pushDevices')
	devices += 1
	await PushDeviceModel.create({
		id,
		userId,
		sessionId: 'a-session-of-theirs',
		endpoint: `http://127.0.0.1:9/push/matrix-${devices}`,
		p256dh: BROWSER_KEYS.p256dh,
		auth: BROWSER_KEYS.auth,
		label: 'Firefox on Windows',
	})
	return id
}

/** A browser's push keys, as a browser makes them: a P-256 public key and a 16-byte auth secret. */
const BROWSER_KEYS = (() => {
	const ecdh = createECDH('prime256v1')
	return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') }
})()

/**
 * The path and body with their placeholders filled in: {video} and the like
 * are new entities, made by an admin for this one call; {message}, {report}
 * and {muted} are made in the database the same way.
 */
async function fillIn(
	path: string,
	role: Role,
	body: Record<string, unknown> | undefined,
): Promise<{ path: string; body: Record<string, unknown> | undefined }> {
	let filled = path
		.replace('{self}', String(ids[role]))
		.replace('{other}', String(ids.other))
		.replace('{upcoming}', String(UPCOMING_EVENT))
		.replace('{past}', String(PAST_EVENT))
		.replace('{certificate}', certificateCode)
		.replace('{buildVersion}', buildVersion)
	let filledBody = body === undefined ? undefined : JSON.stringify(body)
	const uses = (placeholder: string) =>
		filled.includes(`{${placeholder}}`) || Boolean(filledBody?.includes(`"{${placeholder}}"`))
	const put = (placeholder: string, id: number) => {
		filled = filled.replace(`{${placeholder}}`, String(id))
		// A form's fields are text; a JSON body's ids are numbers.
		filledBody = filledBody?.replace(`"{${placeholder}}"`, `"${id}"`)
	}
	if (uses('newMember')) {
		const created = await new TestClient(app.server.url).json('POST', '/api/register', newAccount())
		expect(created.status, 'a new member to act on').toBe(201)
		put('newMember', (await created.json()).id)
	}
	for (const [placeholder, entity] of Object.entries(FRESH)) {
		if (!uses(placeholder)) continue
		const created = await as.admin.json('POST', `/api/admin/${entity}`, FRESH_BODY[entity])
		expect(created.status, `an admin creates a ${placeholder} to act on`).toBe(201)
		put(placeholder, (await created.json()).id)
	}
	for (const [placeholder, make] of Object.entries(FRESH_MODERATION))
		if (uses(placeholder)) put(placeholder, await make())
	// A note of the caller's own (a visitor's is the free member's, whom they are not).
	if (uses('ownNote')) put('ownNote', await noteOf(ids[role]!))
	if (uses('ownDevice')) put('ownDevice', await pushDeviceOf(ids[role]!))
	// The programs' ids, made in beforeAll ({matrixProgram}, {programReading}, ...).
	for (const [placeholder, id] of Object.entries(ids)) while (uses(placeholder)) put(placeholder, id)
	return { path: filled, body: filledBody === undefined ? undefined : JSON.parse(filledBody) }
}

const csrfTokens = new WeakMap<TestClient, string>()
async function csrfTokenOf(client: TestClient, role: Role): Promise<string> {
	if (!csrfTokens.has(client))
		csrfTokens.set(client, (await client.csrfToken(role === 'visitor' ? '/auth' : '/dashboard'))!)
	return csrfTokens.get(client)!
}

/** A refused call: no session, no permission, nothing to do here. A refused write must change nothing. */
const isRefusal = (cell: string, role: Role) =>
	['400', '401', '403', '→ /auth'].includes(cell) || (cell === '→ /dashboard' && role !== 'visitor')

/** The page of a tab an add returns to is where the new row landed (decision 249, admin-pages.test.ts), not who may add. */
function withoutListPage(location: string) {
	return location.replace(/&page=\d+/, '')
}

/** The row's call as `role`, ready to send: its path filled in (fresh entities made), its form's CSRF token read. */
async function prepareCall(row: Row, role: Role) {
	const client = role === 'visitor' ? new TestClient(app.server.url) : as[role]
	const [method, template] = row.call.split(' ') as [string, string]
	const { path, body } = await fillIn(template, role, typeof row.body === 'function' ? row.body(role) : row.body)
	const csrf = row.kind === 'form' ? await csrfTokenOf(client, role) : null
	/** Makes the call and says what happened, in the tables' words. */
	return async (): Promise<string> => {
		const response = csrf
			? // A creating form also carries its rendered form's token (decision 204): a fresh one each time.
				await client.postForm(path, { csrf, formOnce: newOnceToken(), ...(body as Record<string, string>) })
			: await client.json(method, path, body)
		answers.push({ where: `${row.call} as ${role}`, body: await response.text() })
		if (row.endsSession && role !== 'visitor') as[role] = await logIn(app.server.url, ACCOUNT_OF[role])
		const location = response.headers.get('Location')
		if (location === null || ![302, 303].includes(response.status)) return String(response.status)
		if (location === path) return '→ back'
		// What a form made goes to its own address: a new post's page, a new comment's place in its thread.
		if (location.startsWith(`${path}#comment-`)) return '→ back#{new comment}'
		if (/^\/community\/\d+\/discussions\/\d+$/.test(location) && path.endsWith('/discussions')) return '→ {new post}'
		return `→ ${withoutListPage(location)}`
	}
}

function checkTable(title: string, rows: Row[]) {
	describe(title, () => {
		for (const row of rows) {
			const intent = typeof row.body === 'object' && typeof row.body.intent === 'string' ? ` (${row.body.intent})` : ''
			it(`${row.call}${intent}${row.note ? `: ${row.note}` : ''}`, async () => {
				// A cell may name an id made in beforeAll ('→ /admin/programs/{matrixProgram}').
				const expected = Object.fromEntries(
					ROLES.map((role, column) => [
						role,
						row.expected[column]!.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
							name in ids ? String(ids[name]) : placeholder,
						),
					]),
				) as Record<Role, string>
				const refused = row.call.startsWith('GET ') ? [] : ROLES.filter((role) => isRefusal(expected[role], role))
				const actual: Record<string, string> = {}
				// The refused callers first, between two pictures of the database; then the others.
				const calls = new Map<Role, () => Promise<string>>()
				for (const role of refused) calls.set(role, await prepareCall(row, role))
				const before = refused.length ? await snapshotEverything() : null
				for (const role of refused) actual[role] = await calls.get(role)!()
				if (before !== null)
					expect
						.soft(await snapshotEverything(), `the refused callers (${refused.join(', ')}) changed nothing`)
						.toBe(before)
				for (const role of ROLES) if (!refused.includes(role)) actual[role] = await (await prepareCall(row, role))()
				await row.after?.()
				for (const sid of await SessionModel.distinct('sid')) sessionIds.add(sid)
				expect(actual).toEqual(expected)
			})
		}
	})
}

checkTable('the JSON API (product §7)', API_CALLS)
checkTable('the pages (product §2)', PAGES)
checkTable('the form actions', FORMS)

describe('private conversations', () => {
	it('are read by their two participants only, whatever the role, admins included', async () => {
		// Seeded: the premium member and the free member wrote to each other.
		const LINE = 'Saw your question in New Managers'
		for (const role of ROLES) {
			if (role === 'visitor') continue
			for (const withWhom of ['member', 'premium'] as const) {
				if (withWhom === role) continue
				const participant = role === 'member' || role === 'premium'
				const history = await (await as[role].get(`/api/messages/private/${ids[withWhom]}`)).text()
				const page = await (await as[role].get(`/messages?userId=${ids[withWhom]}`)).text()
				expect.soft(history.includes(LINE), `GET /api/messages/private/{${withWhom}} as ${role}`).toBe(participant)
				expect.soft(page.includes(LINE), `GET /messages?userId={${withWhom}} as ${role}`).toBe(participant)
			}
		}
	})
})

describe('live notifications (issue 11)', () => {
	it("reach only their recipient's open pages", async () => {
		const premium = await demoMember(app.server.url, 'premium')
		const member = await demoMember(app.server.url, 'member')
		const premiumPage = await connectChat(app.server.url, premium, { auth: false })
		const memberPage = await connectChat(app.server.url, member, { auth: false })
		const heard: Record<string, string[]> = { premium: [], member: [] }
		premiumPage.socket.on('notification', (event: { notification: { title: string } }) =>
			heard.premium!.push(event.notification.title),
		)
		memberPage.socket.on('notification', (event: { notification: { title: string } }) =>
			heard.member!.push(event.notification.title),
		)
		const arrived = new Promise<void>((resolve) => premiumPage.socket.once('notification', () => resolve()))
		const david = await connectChat(app.server.url, await demoMember(app.server.url, 'david'))
		expect((await david.send('private_message', { content: 'Matrix: only for you', recipientId: premium.id })).ok).toBe(
			true,
		)
		await arrived
		// A round trip on the member's socket after the message: anything meant for it would have come first.
		await authenticate(memberPage, member)
		for (const client of [david, premiumPage, memberPage]) client.close()
		// (A reminder of an event the premium member is going to may arrive meanwhile too.)
		expect(heard.premium).toContain('New message from David Kim')
		expect(heard.member).toEqual([])
	})

	it("are caught up on (`badges`) by their recipient's own pages alone, whatever the payload names", async () => {
		const premium = await demoMember(app.server.url, 'premium')
		const member = await demoMember(app.server.url, 'member')
		const david = await connectChat(app.server.url, await demoMember(app.server.url, 'david'))
		for (const [asker, other] of [
			[premium, member],
			[member, premium],
		] as const) {
			const page = await connectChat(app.server.url, asker, { auth: false })
			const arrived = new Promise<void>((resolve) => page.socket.once('notification', () => resolve()))
			expect((await david.send('private_message', { content: 'Matrix: catch up', recipientId: asker.id })).ok).toBe(
				true,
			)
			await arrived
			const answer = await askBadges(page, { notificationsAfter: 0, userId: other.id, recipientId: other.id })
			page.close()
			if (!answer.ok) throw new Error(answer.message)
			// Asked for after the answer, the asker's own list holds every notification answered (ids are not shared).
			const own = (await (await asker.client.get('/api/notifications')).json()) as { notifications: { id: number }[] }
			const ownIds = new Set(own.notifications.map(({ id }) => id))
			expect(answer.notifications.length, asker.username).toBeGreaterThan(0)
			expect(
				answer.notifications.filter(({ id }) => !ownIds.has(id)),
				asker.username,
			).toEqual([])
		}
		david.close()
	})
})

describe('the chat socket (product §7)', () => {
	// An `ok` send is stored and acknowledged; a refused one gets `error` {message}.
	//                            visitor    member     premium moderator content_manager admin
	const SOCKET: Record<string, Cells> = {
		'connect with the session': ['refused', 'ok', 'ok', 'ok', 'ok', 'ok'],
		community_message: ['-', 'refused', 'ok', 'ok', 'ok', 'ok'],
		private_message: ['-', 'ok', 'ok', 'ok', 'ok', 'ok'],
		// A member's room message: nobody else edits it; moderators and admins remove it.
		edit_message: ['-', 'refused', 'refused', 'refused', 'refused', 'refused'],
		delete_message: ['-', 'refused', 'refused', 'ok', 'refused', 'ok'],
		// Issue 29: a peer pod's room is its members' alone, staff included.
		'community_message to a pod room': ['-', 'refused', 'ok', 'refused', 'refused', 'refused'],
		// Every member's layout catches up on their own badges when its socket connects (decision 100).
		badges: ['-', 'ok', 'ok', 'ok', 'ok', 'ok'],
	}

	it('follows the table', async () => {
		const actual: Record<string, string[]> = {
			'connect with the session': [],
			community_message: [],
			private_message: [],
			edit_message: [],
			delete_message: [],
			'community_message to a pod room': [],
			badges: [],
		}
		for (const role of ROLES) {
			if (role === 'visitor') {
				const connected = await connectChat(app.server.url, null).then(
					(client) => (client.close(), 'ok'),
					() => 'refused',
				)
				actual['connect with the session']!.push(connected)
				for (const event of [
					'community_message',
					'private_message',
					'edit_message',
					'delete_message',
					'community_message to a pod room',
					'badges',
				])
					actual[event]!.push('-')
				continue
			}
			const chat = await connectChat(app.server.url, await demoMember(app.server.url, ACCOUNT_OF[role]))
			actual['connect with the session']!.push('ok')
			const room = await chat.send('community_message', { content: `Matrix: ${role} in the room`, communityId: 1 })
			const direct = await chat.send('private_message', { content: `Matrix: ${role} to David`, recipientId: ids.other })
			actual.community_message!.push(room.ok ? 'ok' : 'refused')
			actual.private_message!.push(direct.ok ? 'ok' : 'refused')
			const edit = await chat.send('edit_message', {
				messageId: await davidSays('Edit me if you can'),
				content: 'Edited',
			})
			const removal = await chat.send('delete_message', { messageId: await davidSays('Remove me if you may') })
			actual.edit_message!.push(edit.ok ? 'ok' : 'refused')
			actual.delete_message!.push(removal.ok ? 'ok' : 'refused')
			const pod = await chat.send('community_message', {
				content: `Matrix: ${role} in the pod`,
				communityId: ids.demoPodRoom,
			})
			actual['community_message to a pod room']!.push(pod.ok ? 'ok' : 'refused')
			actual.badges!.push((await askBadges(chat, { notificationsAfter: 0 })).ok ? 'ok' : 'refused')
			chat.close()
		}
		expect(actual).toEqual(SOCKET)
	})
})

describe('uploads and streams (docs/decisions/175–177)', () => {
	/**
	 * Uploads: admins and content managers, each upload its uploader's alone
	 * (someone else's is not found); streams: the lesson-media gate for the
	 * master playlist and the single file, any member for the poster, and the
	 * signed address alone for a rendition's playlist and segments. The forms:
	 * the video dialog carrying a file, and Retry, as any catalogue dialog.
	 */
	let clip = ''
	let stream = { key: '', lessonId: 0, playlist: '', segment: '' }
	const clips = temporaryFolder('matrix-clips')
	beforeAll(async () => {
		clip = await makeClip(path.join(clips, 'matrix.mp4'), { seconds: 2 })
		// A Premium lesson (past the free ten) with its stream ready, uploaded by the admin.
		const upload = await uploadFile(as.admin, clip)
		const lesson = await as.admin.json('POST', '/api/admin/videos', { title: 'Matrix stream', url: upload.url })
		stream = { key: upload.key!, lessonId: ((await lesson.json()) as { id: number }).id, playlist: '', segment: '' }
		await waitForState(stream.key, 'ready')
		await waitUntilPlayable(as.admin, upload.url!)
		const master = await (await as.admin.get(upload.url!)).text()
		stream.playlist = master.split('\n').find((line) => line.startsWith('/media/'))!
		const playlist = await (await as.admin.get(stream.playlist)).text()
		stream.segment = playlist.split('\n').find((line) => line.startsWith('/media/'))!
	})
	afterAll(() => {
		fs.rmSync(clips, { recursive: true, force: true })
		fs.rmSync(mediaDir, { recursive: true, force: true })
	})

	const client = (role: Role) => (role === 'visitor' ? new TestClient(app.server.url) : as[role])
	type Call = (role: Role) => Promise<string>
	const status = async (response: Response) => {
		await response.arrayBuffer()
		const location = response.headers.get('Location')
		return location && [302, 303].includes(response.status) ? `→ ${withoutListPage(location)}` : String(response.status)
	}
	/** A dialog form that carries the clip, as a browser without JavaScript sends it. */
	const postWithFile = async (role: Role, action: string, fields: Record<string, string>) => {
		const caller = client(role)
		const form = new FormData()
		form.set('csrf', (await caller.csrfToken(role === 'visitor' ? '/auth' : '/dashboard')) ?? '')
		for (const [name, value] of Object.entries(fields)) form.set(name, value)
		form.set('file', new Blob([fs.readFileSync(clip)]), 'matrix.mp4')
		return status(await caller.request(action, { method: 'POST', body: form }))
	}
	let admins = ''
	const ROWS: Array<{ call: string; expected: Cells; make: Call }> = [
		{
			call: 'POST /uploads (tus: a new upload)',
			expected: ['401', '403', '403', '403', '201', '201'],
			make: async (role) => status((await startUpload(client(role), fs.statSync(clip).size)).response),
		},
		{
			call: "HEAD /uploads/{the admin's upload}",
			expected: ['401', '403', '403', '403', '404', '200'],
			make: async (role) => String((await uploadOffset(client(role), admins)).status),
		},
		{
			call: "PATCH /uploads/{the admin's upload} (its last bytes)",
			expected: ['401', '403', '403', '403', '404', '204'],
			make: async (role) => {
				const bytes = fs.readFileSync(clip)
				return status(await sendChunk(client(role), admins, 1000, bytes.subarray(1000)))
			},
		},
		{
			call: 'GET /media/streams/{key}/master.m3u8 (a Premium lesson)',
			expected: ['401', '403', '200', '200', '200', '200'],
			make: async (role) => status(await client(role).get(`/media/streams/${stream.key}/master.m3u8`)),
		},
		{
			call: 'GET /media/streams/{key}/progressive.mp4',
			expected: ['401', '403', '200', '200', '200', '200'],
			make: async (role) => status(await client(role).get(`/media/streams/${stream.key}/progressive.mp4`)),
		},
		{
			call: 'GET /media/streams/{key}/poster.jpg',
			expected: ['401', '200', '200', '200', '200', '200'],
			make: async (role) => status(await client(role).get(`/media/streams/${stream.key}/poster.jpg`)),
		},
		{
			call: "GET a rendition's playlist and a segment by their signed addresses",
			expected: ['200', '200', '200', '200', '200', '200'],
			make: async (role) => {
				const answers = [await client(role).get(stream.playlist), await client(role).get(stream.segment)]
				return answers.every((answer) => answer.status === 200) ? '200' : answers.map((a) => a.status).join(',')
			},
		},
		{
			call: 'GET a segment without its signature',
			expected: ['403', '403', '403', '403', '403', '403'],
			make: async (role) => status(await client(role).get(stream.segment.split('?')[0]!)),
		},
		{
			call: 'POST /admin/videos/new?tab=content (the form carrying the file)',
			expected: [
				'→ /auth',
				'→ /dashboard',
				'→ /dashboard',
				'→ /dashboard',
				'→ /admin?tab=content',
				'→ /admin?tab=content',
			],
			make: (role) =>
				postWithFile(role, '/admin/videos/new?tab=content', { intent: 'save-video', title: `Matrix ${role}` }),
		},
		{
			call: 'POST /admin/videos/{id}/retry?tab=content (an upload that has not failed: the notice says so)',
			expected: [
				'→ /auth',
				'→ /dashboard',
				'→ /dashboard',
				'→ /dashboard',
				'→ /admin?tab=content',
				'→ /admin?tab=content',
			],
			make: async (role) =>
				status(
					await client(role).postForm(`/admin/videos/${stream.lessonId}/retry?tab=content`, {
						csrf: (await client(role).csrfToken(role === 'visitor' ? '/auth' : '/dashboard')) ?? '',
					}),
				),
		},
	]

	for (const row of ROWS) {
		it(row.call, async () => {
			// The admin's upload, part sent, for the rows that touch it; made afresh for each row.
			const bytes = fs.readFileSync(clip)
			admins = (await startUpload(as.admin, bytes.length)).location!
			expect((await sendChunk(as.admin, admins, 0, bytes.subarray(0, 1000))).status).toBe(204)
			const actual: Record<string, string> = {}
			// The refused callers first: they change nothing (no upload kept, no lesson made).
			const refused = ROLES.filter(
				(role, column) => !['200', '201', '204', '→ /admin?tab=content'].includes(row.expected[column]!),
			)
			const before = [await snapshotEverything(), await MediaAssetModel.countDocuments()]
			for (const role of refused) actual[role] = await row.make(role)
			expect
				.soft(
					[await snapshotEverything(), await MediaAssetModel.countDocuments()],
					'the refused callers changed nothing',
				)
				.toEqual(before)
			for (const role of ROLES) if (!refused.includes(role)) actual[role] = await row.make(role)
			const expected = Object.fromEntries(ROLES.map((role, column) => [role, row.expected[column]]))
			expect(actual).toEqual(expected)
		})
	}
})

/** The bodies that show something no answer may carry. */
function findLeaks(bodies: Array<{ where: string; body: string }>): string[] {
	const secrets: Array<[string, RegExp | string]> = [
		['a password hash', /\$argon2|\$2[aby]\$\d\d\$/],
		['the passwordHash field', 'passwordHash'],
		['the usernameKey field', 'usernameKey'],
		['a Stripe secret key', /\b[sr]k_(test|live)_/],
		['a Stripe webhook secret', 'whsec_'],
		["this server's Stripe secret", STRIPE_TEST_ENV.STRIPE_SECRET_KEY],
		["this server's session secret", TEST_SESSION_SECRET],
	]
	return bodies.flatMap(({ where, body }) => [
		...secrets
			.filter(([, secret]) => (typeof secret === 'string' ? body.includes(secret) : secret.test(body)))
			.map(([what]) => `${where}: ${what}`),
		...[...sessionIds].filter((sid) => body.includes(sid)).map(() => `${where}: a session id`),
	])
}

describe('what no answer carries', () => {
	it('the scan finds a planted secret (so it can fail)', () => {
		expect(findLeaks([{ where: 'a planted hash', body: '{"passwordHash":"$argon2id$v=19$m=65536"}' }])).toHaveLength(
			1 + 1,
		)
	})

	it('no password hash, username key, session id, session secret or Stripe secret in any answer above, JSON or HTML', () => {
		expect(answers.length, 'every cell of the tables was answered').toBe(
			(API_CALLS.length + PAGES.length + FORMS.length) * ROLES.length,
		)
		expect(sessionIds.size).toBeGreaterThan(5)
		expect(findLeaks(answers)).toEqual([])
	})
})
