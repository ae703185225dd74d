import { createECDH, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
	CertificateModel,
	DiscussionCommentModel,
	DiscussionPostModel,
	EventModel,
	MediaAssetModel,
	MessageModel,
	NoteModel,
	PodCheckInModel,
	PodMemberModel,
	PodModel,
	ProgramModel,
	PushDeviceModel,
	ReportModel,
	ResourceModel,
	UserModel,
	nextId,
} from '#models/index'
import { issueAccountToken } from '~/services/account/tokens.server'
import { DEMO_PASSWORD } from '~/demo/data.server'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { signUpMember } from '../setup/members'
import { buildVersionOf } from '../setup/page-html'
import { useTestServer } from '../setup/seeded-server'
import { userIdOf } from './admin-helpers'
import { connectChat, demoMember, type ChatClient, type Member } from './chat-helpers'
import { ACCOUNT_OF, logInEveryRole, snapshotEverything, type AccountRole, type Role } from './role-helpers'
import {
	TEST_RENDITIONS,
	filesUnder,
	makeClip,
	sendChunk,
	startUpload,
	temporaryFolder,
	uploadFile,
	waitForState,
	waitUntilPlayable,
} from './media-helpers'
import { enrol, markItemDone } from '~/services/learning/program-learning.server'
import { joinPodQueue, matchPods } from '~/services/pods/matching.server'
import { postCheckIn } from '~/services/pods/pods.server'
import { RIGHT_ANSWERS, check, makeProgram, reading, reflection } from './program-helpers'
import { newOnceToken } from '~/platform/once-claims.server'

/**
 * Issue 7, item 4: what an attacker sends. Every JSON endpoint, form action
 * and socket event gets wrong types, missing fields, megabyte strings, Mongo
 * operators, unknown and malformed ids and the wrong content types. Each
 * answers 4xx with a message a person can read (JSON `{message}`, the form
 * again with its errors, a readable error page, a socket `error`), never a
 * 5xx, and nothing in the database changes.
 *
 * The tables say who calls (someone allowed to, so the payload reaches the
 * validation) and what a good request looks like; each hostile case spoils
 * that good request in one way.
 */

// Uploaded lessons (the uploads and streams section) go to a folder of this file's own, in tiny renditions.
const mediaDir = temporaryFolder('hostile-media')
const server = useTestServer({ seed: true, env: { MEDIA_DIR: mediaDir, MEDIA_RENDITIONS: TEST_RENDITIONS } })
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }))
let as: Record<Role, TestClient>
/** Ids the tables refer to as {self}, {david}, and the messages and reports they act on. */
const ids = {
	self: 0,
	david: 0,
	casey: 0,
	noah: 0,
	premium: 0,
	premiumMessage: 0,
	noahMessage: 0,
	noahMessage2: 0,
	report: 0,
	report2: 0,
	// Issue 23: a program of this file's own, its items, and the premium member's seeded certificate.
	program: 0,
	firstModule: 0,
	secondModule: 0,
	spareModule: 0,
	programReading: 0,
	programReflection: 0,
	programCheck: 0,
	spareItem: 0,
	certificate: 0,
	certificateProgram: 0,
	premiumNote: 0,
	premiumNote2: 0,
	/** A device of the member's with push notifications on (docs/decisions/181), for the Notifications tab's "Turn off". */
	memberDevice: 0,
	premiumPost: 0,
	premiumComment: 0,
	noahPost: 0,
	noahComment: 0,
	// Issue 29: the premium member's seeded pod, a pod-mate's past check-in, and the premium member's own.
	demoPod: 0,
	mateCheckIn: 0,
	ownCheckIn: 0,
	/** Two pods of the file's own program: the premium member's (with Casey and Noah), and another with room. */
	ownPod: 0,
	otherPod: 0,
	/** A program the premium member started and may wait for a pod of (their pod of it has finished). */
	queueProgram: 0,
}

/** A browser's push keys, as a browser makes them: a P-256 public key and a 16-byte auth secret. */
const BROWSER_KEYS = (() => {
	const ecdh = createECDH('prime256v1')
	return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') }
})()

/** A new message, stored as the server would. */
async function message(senderId: number, content: string) {
	const id = await nextId('messages')
	await MessageModel.create({
		id,
		content,
		senderId,
		communityId: 1,
		recipientId: null,
		isPrivate: false,
		createdAt: new Date(),
	})
	return id
}

/** A discussion post in room 1, and a comment on it, stored as the server would. */
async function discussion(authorId: number, title: string) {
	const postId = await nextId('discussionPosts')
	await DiscussionPostModel.create({
		id: postId,
		communityId: 1,
		authorId,
		title,
		body: 'What do you think?',
		createdAt: new Date(),
		lastActivityAt: new Date(),
	})
	const commentId = await nextId('discussionComments')
	await DiscussionCommentModel.create({
		id: commentId,
		postId,
		communityId: 1,
		authorId,
		body: 'A first comment',
		createdAt: new Date(),
	})
	return { postId, commentId }
}

async function openReport(messageId: number) {
	const id = await nextId('reports')
	await ReportModel.create({
		id,
		messageId,
		reporterId: ids.premium,
		authorId: ids.noah,
		reason: 'spam',
		details: null,
		excerpt: 'x',
		communityId: 1,
		status: 'open',
		createdAt: new Date(),
	})
	return id
}

beforeAll(async () => {
	as = await logInEveryRole(server.url)
	ids.self = await userIdOf('member')
	ids.david = await userIdOf('david')
	ids.casey = await userIdOf('casey')
	// Noah is the member moderators act on here: David becomes a moderator in the good requests at the end.
	ids.noah = await userIdOf('noah')
	ids.premium = await userIdOf('premium')
	// Corrections must come within 15 minutes of sending: this message is sent now, for the good requests at the end.
	ids.premiumMessage = await message(ids.premium, 'Premium wrote this')
	ids.noahMessage = await message(ids.noah, 'Noah wrote this')
	ids.noahMessage2 = await message(ids.noah, 'Noah wrote this too')
	ids.report = await openReport(ids.noahMessage)
	ids.report2 = await openReport(ids.noahMessage2)
	ids.premiumNote = await note(ids.premium, 'Premium noted this')
	ids.premiumNote2 = await note(ids.premium, 'Premium noted this too')
	ids.memberDevice = await nextId('pushDevices')
	await PushDeviceModel.create({
		id: ids.memberDevice,
		userId: ids.self,
		sessionId: 'a-session-of-the-member',
		endpoint: 'http://127.0.0.1:9/push/hostile-input-form',
		...BROWSER_KEYS,
		label: 'Chrome on Linux',
	})
	;({ postId: ids.premiumPost, commentId: ids.premiumComment } = await discussion(ids.premium, 'Premium asks'))
	;({ postId: ids.noahPost, commentId: ids.noahComment } = await discussion(ids.noah, 'Noah asks'))
})

beforeAll(async () => {
	const program = await makeProgram(
		[
			{ unlock: { kind: 'immediately' }, items: [reading('Hostile reading'), reflection(), check(), reading('Spare')] },
			{ unlock: { kind: 'immediately' }, items: [reading('Second')] },
			{ unlock: { kind: 'immediately' }, items: [] },
		],
		{ title: 'Hostile Program' },
	)
	const [first, second, spare] = program.modules
	ids.program = program.id
	ids.firstModule = first!.id
	ids.secondModule = second!.id
	ids.spareModule = spare!.id
	;[ids.programReading, ids.programReflection, ids.programCheck, ids.spareItem] = first!.items as [
		number,
		number,
		number,
		number,
	]
	// The premium member has started it and read its first reading: sending those again changes nothing.
	const premium = { id: ids.premium, role: 'member' as const, subscriptionStatus: 'trialing' }
	await enrol(premium, program.id)
	await markItemDone(premium, ids.programReading)
	const podPlace = await PodMemberModel.findOne({ userId: ids.premium, state: 'active' }).sort({ podId: 1 }).lean()
	ids.demoPod = podPlace!.podId
	const checkIns = await PodCheckInModel.find({ podId: ids.demoPod, week: 2 }).lean()
	ids.mateCheckIn = checkIns.find((row) => row.userId !== ids.premium)!.id
	ids.ownCheckIn = (
		await postCheckIn(premium, ids.demoPod, { outcome: 'done', note: '', commitment: 'Listen more' })
	).id
	// Eight members wait for a pod of the file's program, in one zone: two pods of four form, the premium member's first.
	const waiting = ['premium', 'casey', 'noah', 'olivia', 'emma', 'ava', 'mia', 'zoe']
	for (const [index, username] of waiting.entries()) {
		const member = { id: await userIdOf(username), role: 'member' as const, subscriptionStatus: 'active' }
		await enrol(member, program.id)
		await joinPodQueue(member, program.id, { timeZone: 'UTC', checkInDay: 1 }, new Date(Date.now() - 60_000 + index))
	}
	await matchPods()
	const formed = await PodModel.find({ programId: program.id }).sort({ id: 1 }).lean()
	;[ids.ownPod, ids.otherPod] = formed.map((pod) => pod.id) as [number, number]
	ids.queueProgram = (await ProgramModel.findOne({ title: 'Leadership Essentials' }).lean())!.id
	const certificate = await CertificateModel.findOne({ userId: ids.premium }).lean()
	ids.certificate = certificate!.id
	ids.certificateProgram = certificate!.programId
})
/** A note of a member's on lesson 1, stored as the server would. */
async function note(userId: number, text: string) {
	const id = await nextId('notes')
	await NoteModel.create({ id, userId, videoId: 1, atSeconds: 30, text, createdAt: new Date(), updatedAt: new Date() })
	return id
}

/**
 * Real links for the good requests of the account-link calls (a reset link
 * for the JSON call, another for the form, an email change), each for an
 * account of its own, so using one never spoils another.
 */
const LINKS = { resetByApi: '', resetByForm: '', emailChange: '', emailUndo: '' }
beforeAll(async () => {
	const [byApi, byForm, mover, movedBack] = await Promise.all([
		signUpMember(server.url, 'linked'),
		signUpMember(server.url, 'linked'),
		signUpMember(server.url, 'linked'),
		signUpMember(server.url, 'linked'),
	])
	LINKS.resetByApi = await issueAccountToken({ kind: 'password_reset', userId: byApi.id, validForMs: 3_600_000 })
	LINKS.resetByForm = await issueAccountToken({ kind: 'password_reset', userId: byForm.id, validForMs: 3_600_000 })
	LINKS.emailChange = await issueAccountToken({
		kind: 'email_change',
		userId: mover.id,
		validForMs: 3_600_000,
		newEmail: `moved-${mover.username}@example.com`,
	})
	// The link the old address gets after a change (decision 200): it puts that address back.
	LINKS.emailUndo = await issueAccountToken({
		kind: 'email_undo',
		userId: movedBack.id,
		validForMs: 3_600_000,
		newEmail: `before-${movedBack.username}@example.com`,
	})
})

const withIds = (path: string) =>
	path.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
		name in ids ? String(ids[name as keyof typeof ids]) : placeholder,
	)
/** The same for the values of a body: '{david}' becomes David's id (as a number in JSON, as text in a form). */
const bodyWithIds = <Body extends Record<string, unknown>>(body: Body, asText = false): Body =>
	Object.fromEntries(
		Object.entries(body).map(([field, value]) => {
			const name = typeof value === 'string' ? /^\{(\w+)\}$/.exec(value)?.[1] : undefined
			if (!name || !(name in ids)) return [field, value]
			const id = ids[name as keyof typeof ids]
			return [field, asText ? String(id) : id]
		}),
	) as Body
const ONE_MEGABYTE = 'x'.repeat(1024 * 1024)
const TEN_KILOBYTES = 'x'.repeat(10 * 1024)
const OPERATORS = [{ $gt: '' }, { $where: 'sleep(1000)' }, { $ne: null }]
/** Ids that name nothing: 404 with the entity's "not found" message. */
const MALFORMED_IDS = ['abc', '-1', '1.5', '0', '1e3', '0x10', '99999999999', '%00', '%20']
const UNKNOWN_ID = '99999'

const squash = (text: string) => text.toLowerCase().replace(/\s/g, '')

/** Everything an error message should be: there, in words, and about the thing that was wrong. */
function expectReadable(message: unknown, about?: string, what = '') {
	expect
		.soft(
			typeof message === 'string' && /[a-z]{3}/i.test(message),
			`${what}: a readable message, got ${JSON.stringify(message)}`,
		)
		.toBe(true)
	if (about && typeof message === 'string')
		expect.soft(squash(message), `${what}: the message names ${about}`).toContain(squash(about))
}

async function expectNothingChanged(attack: () => Promise<void>) {
	const before = await snapshotEverything()
	await attack()
	expect(await snapshotEverything(), 'the database is exactly as it was').toBe(before)
}

// ---------------------------------------------------------------------------
// JSON endpoints
// ---------------------------------------------------------------------------

interface JsonCall {
	call: string
	as: Role
	/** A body that would be accepted. */
	body: Record<string, unknown>
	/** Fields that may be neither missing nor null. */
	required: string[]
}

const VIDEO = {
	title: 'Leading Hybrid Teams',
	description: 'Rituals for split teams.',
	url: '/media/teams.mp4',
	thumbnail: '/images/teams.png',
	duration: 12,
	category: 'Teams',
}
const COMMUNITY = { name: 'Finance Leaders', description: 'CFOs and finance managers.', icon: 'FL' }
const EVENT = {
	title: 'Ask Me Anything',
	description: 'Bring questions.',
	location: 'Online',
	startTime: '2031-03-04T17:00:00Z',
	endTime: '2031-03-04T18:00:00Z',
}
const RESOURCE = {
	title: 'Delegation Checklist',
	description: 'What to hand over.',
	type: 'worksheet',
	url: 'https://example.com/delegation.pdf',
}
const PROGRAM = {
	title: 'Coaching Foundations',
	summary: 'Coach, do not tell.',
	description: 'Four weeks.',
	cover: '/images/programs/leadership-essentials.svg',
	published: true,
}

/** Every JSON call of product §7 that takes a body. */
const JSON_CALLS: JsonCall[] = [
	{
		call: 'POST /api/login',
		as: 'visitor',
		body: { username: 'david', password: DEMO_PASSWORD },
		required: ['username', 'password'],
	},
	{
		call: 'POST /api/register',
		as: 'visitor',
		body: {
			username: 'newcomer',
			password: 'a-long-password',
			name: 'New Comer',
			email: 'newcomer@example.com',
			bio: 'Hello',
		},
		required: ['username', 'password', 'name', 'email'],
	},
	{
		call: 'PATCH /api/users/{self}',
		as: 'member',
		body: {
			name: 'Sam Rivera',
			email: 'sam@example.com',
			bio: 'Lead',
			avatar: 'https://example.com/sam.png',
			headline: 'Team lead',
			location: 'Denver, CO',
			linkedinUrl: 'https://www.linkedin.com/in/sam',
			interests: ['Coaching', 'Healthcare'],
			hiddenFromDirectory: false,
			currentPassword: DEMO_PASSWORD,
		},
		required: [],
	},
	{
		call: 'POST /api/users/{self}/change-password',
		as: 'member',
		body: { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD },
		required: ['currentPassword', 'newPassword'],
	},
	{ call: 'POST /api/password-reset', as: 'visitor', body: { email: 'nobody-here@example.com' }, required: ['email'] },
	{
		call: 'POST /api/password-reset/confirm',
		as: 'visitor',
		body: {
			get token() {
				return LINKS.resetByApi
			},
			password: 'a-long-password',
		},
		required: ['token', 'password'],
	},
	// Its good request deletes the moderator, whom no later good request needs.
	{ call: 'DELETE /api/users/me', as: 'moderator', body: { password: DEMO_PASSWORD }, required: ['password'] },
	{
		call: 'POST /api/progress',
		as: 'premium',
		body: { videoId: 12, progress: 40, completed: false },
		required: ['videoId', 'progress'],
	},
	{ call: 'PATCH /api/admin/users/{david}/role', as: 'admin', body: { role: 'moderator' }, required: ['role'] },
	{ call: 'POST /api/admin/videos', as: 'content_manager', body: VIDEO, required: ['title', 'url'] },
	{ call: 'PATCH /api/admin/videos/2', as: 'content_manager', body: VIDEO, required: [] },
	{ call: 'POST /api/admin/communities', as: 'content_manager', body: COMMUNITY, required: ['name'] },
	{ call: 'PATCH /api/admin/communities/2', as: 'admin', body: COMMUNITY, required: [] },
	{ call: 'POST /api/admin/events', as: 'content_manager', body: EVENT, required: ['title', 'startTime'] },
	{ call: 'PATCH /api/admin/events/2', as: 'admin', body: EVENT, required: [] },
	{ call: 'POST /api/admin/resources', as: 'content_manager', body: RESOURCE, required: ['title', 'url'] },
	{ call: 'PATCH /api/admin/resources/2', as: 'admin', body: RESOURCE, required: [] },
	// Issue 11: RSVPs (event 7, the summit, is weeks ahead) and marking notifications read ({} would mark all).
	{ call: 'POST /api/events/7/rsvp', as: 'member', body: { going: true }, required: ['going'] },
	{ call: 'POST /api/notifications/read', as: 'premium', body: { ids: [1] }, required: [] },
	// Corrections, reports, moderation
	{
		call: 'PATCH /api/messages/{premiumMessage}',
		as: 'premium',
		body: { content: 'Corrected text' },
		required: ['content'],
	},
	{
		call: 'POST /api/reports',
		as: 'member',
		body: { messageId: '{noahMessage}', reason: 'other', details: 'Looks like spam' },
		required: ['messageId', 'reason'],
	},
	{
		call: 'POST /api/reports/{report}/resolve',
		as: 'moderator',
		body: { action: 'mute', hours: 24 },
		required: ['action'],
	},
	// Issue 24: discussions. Premium writes; moderators pin and lock; anyone reports a post or a comment.
	{
		call: 'POST /api/communities/1/posts',
		as: 'premium',
		body: { title: 'A fine question', body: 'What **works** for you?' },
		required: ['title', 'body'],
	},
	{
		call: 'PATCH /api/posts/{premiumPost}',
		as: 'premium',
		body: { title: 'A better title', body: 'Clearer words' },
		required: [],
	},
	{
		call: 'POST /api/posts/{premiumPost}/comments',
		as: 'premium',
		body: { body: 'A reply', parentId: '{premiumComment}' },
		required: ['body'],
	},
	{ call: 'PATCH /api/comments/{premiumComment}', as: 'premium', body: { body: 'Corrected' }, required: ['body'] },
	{ call: 'POST /api/posts/{noahPost}/pin', as: 'moderator', body: { pinned: true }, required: ['pinned'] },
	{ call: 'POST /api/posts/{noahPost}/lock', as: 'moderator', body: { locked: false }, required: ['locked'] },
	{
		call: 'POST /api/reports',
		as: 'member',
		body: { postId: '{noahPost}', reason: 'other', details: 'Off the topic of the room' },
		required: ['postId', 'reason'],
	},
	{
		call: 'POST /api/reports',
		as: 'premium',
		body: { commentId: '{noahComment}', reason: 'spam' },
		required: ['commentId', 'reason'],
	},
	// hours: null is a good value (until lifted), so it is not among the required fields.
	{
		call: 'POST /api/moderation/mutes',
		as: 'moderator',
		body: { userId: '{noah}', hours: 24, reason: 'Spam' },
		required: ['userId', 'reason'],
	},
	// Issue 25: notes (docs/decisions/172).
	{
		call: 'POST /api/videos/3/notes',
		as: 'member',
		body: { atSeconds: 30, text: 'A note' },
		required: ['atSeconds', 'text'],
	},
	{ call: 'PATCH /api/notes/{premiumNote}', as: 'premium', body: { atSeconds: 10, text: 'Changed' }, required: [] },
	// Push notifications (docs/decisions/181): a browser's subscription, its push service on this machine (tests only).
	{
		call: 'POST /api/users/me/push-devices',
		as: 'member',
		body: { endpoint: 'http://127.0.0.1:9/push/hostile-input-json', keys: BROWSER_KEYS },
		required: ['endpoint', 'keys'],
	},
	// Issue 23: a member's reflection and knowledge check; the programs' administration.
	{
		call: 'PUT /api/program-items/{programReflection}/reflection',
		as: 'premium',
		body: { text: 'What I will do differently' },
		required: ['text'],
	},
	{
		call: 'POST /api/program-items/{programCheck}/check',
		as: 'premium',
		body: { answers: RIGHT_ANSWERS },
		required: ['answers'],
	},
	{ call: 'POST /api/admin/programs', as: 'content_manager', body: PROGRAM, required: ['title'] },
	{ call: 'PATCH /api/admin/programs/{program}', as: 'admin', body: PROGRAM, required: [] },
	// Issue 29: peer pods.
	{
		call: 'POST /api/programs/{queueProgram}/pod-queue',
		as: 'premium',
		body: { timeZone: 'Europe/Paris', checkInDay: 2 },
		required: ['timeZone', 'checkInDay'],
	},
	{ call: 'PATCH /api/pods/{demoPod}', as: 'premium', body: { name: 'Pod 1' }, required: ['name'] },
	{
		call: 'POST /api/pods/{ownPod}/check-ins',
		as: 'premium',
		body: { outcome: 'done', note: 'It went well', commitment: 'Practise listening', itemId: '{programReading}' },
		required: ['outcome', 'commitment'],
	},
	{ call: 'PATCH /api/check-ins/{ownCheckIn}', as: 'premium', body: { commitment: 'Changed' }, required: [] },
	{ call: 'POST /api/check-ins/{mateCheckIn}/replies', as: 'premium', body: { text: 'Nice one' }, required: ['text'] },
	{
		call: 'POST /api/admin/pods/{ownPod}/move',
		as: 'admin',
		body: { userId: '{casey}', toPodId: '{otherPod}' },
		required: ['userId', 'toPodId'],
	},
]

interface HostileBody {
	what: string
	/** Sent as is. */
	body: string
	contentType?: string
	status: number
	/** What the message must mention (spaces and case ignored). */
	about?: string
}

/** A value of another type than the good one. */
const wrongType = (value: unknown) =>
	typeof value === 'number' ? 'twelve' : typeof value === 'boolean' ? 'yes' : 12345

function hostileBodies({ body: template, required }: JsonCall): HostileBody[] {
	const body = bodyWithIds(template)
	const json = (value: unknown) => JSON.stringify(value)
	const cases: HostileBody[] = [
		{ what: 'no body', body: '', status: 400 },
		{ what: 'a body that is not JSON', body: '{"title": "Broken', status: 400, about: 'not valid JSON' },
		...['[]', '"text"', '42', 'null', 'true'].map((raw) => ({
			what: `the JSON ${raw}`,
			body: raw,
			status: 400,
			about: 'must be a JSON object',
		})),
		...OPERATORS.map((operator) => ({
			what: `only the operator ${json(operator)}`,
			body: json(operator),
			status: 400,
		})),
		{ what: 'the fields under $set', body: json({ $set: body }), status: 400 },
		{
			what: 'a form-encoded body',
			body: new URLSearchParams(body as Record<string, string>).toString(),
			contentType: 'application/x-www-form-urlencoded',
			status: 415,
			about: 'application/json',
		},
		{
			what: 'JSON sent as text/plain',
			body: json(body),
			contentType: 'text/plain',
			status: 415,
			about: 'application/json',
		},
		{ what: 'JSON without a content type', body: json(body), contentType: '', status: 415, about: 'application/json' },
	]
	for (const [field, good] of Object.entries(body)) {
		const spoil = (value: unknown) => json({ ...body, [field]: value })
		cases.push(
			...OPERATORS.map((operator) => ({
				what: `${field} as ${json(operator)}`,
				body: spoil(operator),
				status: 400,
				about: field,
			})),
			{ what: `${field} of the wrong type`, body: spoil(wrongType(good)), status: 400, about: field },
			{ what: `${field} as a list`, body: spoil([good]), status: 400, about: field },
			{ what: `${field} 10 KB long`, body: spoil(TEN_KILOBYTES), status: 400, about: field },
			{ what: `${field} 1 MB long`, body: spoil(ONE_MEGABYTE), status: 413, about: 'too large' },
		)
		if (required.includes(field)) {
			const { [field]: _left, ...without } = body
			cases.push(
				{ what: `${field} missing`, body: json(without), status: 400, about: field },
				{ what: `${field} null`, body: spoil(null), status: 400, about: field },
			)
		}
	}
	return cases
}

describe('JSON bodies', () => {
	for (const endpoint of JSON_CALLS) {
		it(`${endpoint.call} as ${endpoint.as}: every spoiled body is refused with a message, and nothing changes`, async () => {
			const [method, path] = endpoint.call.split(' ') as [string, string]
			await expectNothingChanged(async () => {
				for (const hostile of hostileBodies(endpoint)) {
					const headers: Record<string, string> = {}
					if (hostile.contentType !== '') headers['Content-Type'] = hostile.contentType ?? 'application/json'
					const response = await as[endpoint.as].request(withIds(path), { method, headers, body: hostile.body })
					expect.soft(response.status, hostile.what).toBe(hostile.status)
					const answer = await response.json().catch(() => null)
					expectReadable(answer?.message, hostile.about, hostile.what)
				}
			})
		})
	}
})

describe('ids in the path', () => {
	/** Every JSON call with an id in its path; `unknown` when a well-formed id of nobody answers otherwise than 404. */
	const ID_CALLS: Array<{ call: string; as: Role; body?: unknown; notFound: string; unknown?: [number, string] }> = [
		{ call: 'GET /api/videos/{id}', as: 'premium', notFound: 'Video not found' },
		{ call: 'GET /api/messages/community/{id}', as: 'premium', notFound: 'Community not found' },
		{ call: 'GET /api/messages/private/{id}', as: 'premium', notFound: 'User not found' },
		{
			call: 'PATCH /api/users/{id}',
			as: 'member',
			body: { name: 'Nobody Home' },
			notFound: 'User not found',
			unknown: [403, 'You can only change your own profile'],
		},
		{
			call: 'POST /api/users/{id}/change-password',
			as: 'member',
			body: { currentPassword: DEMO_PASSWORD, newPassword: 'a-new-password' },
			notFound: 'User not found',
			unknown: [403, 'You can only change your own password'],
		},
		{ call: 'PATCH /api/admin/users/{id}/role', as: 'admin', body: { role: 'member' }, notFound: 'User not found' },
		{ call: 'POST /api/events/{id}/rsvp', as: 'member', body: { going: true }, notFound: 'Event not found' },
		{ call: 'DELETE /api/admin/users/{id}', as: 'admin', notFound: 'User not found' },
		{
			call: 'PATCH /api/messages/{id}',
			as: 'premium',
			body: { content: 'Nobody wrote this' },
			notFound: 'Message not found',
		},
		{ call: 'DELETE /api/messages/{id}', as: 'moderator', notFound: 'Message not found' },
		{
			call: 'POST /api/reports/{id}/resolve',
			as: 'moderator',
			body: { action: 'dismiss' },
			notFound: 'Report not found',
		},
		{ call: 'DELETE /api/moderation/mutes/{id}', as: 'moderator', notFound: 'User not found' },
		{ call: 'POST /api/users/{id}/block', as: 'member', notFound: 'User not found' },
		// Issue 24: discussions and memberships.
		{ call: 'GET /api/communities/{id}/posts', as: 'member', notFound: 'Community not found' },
		{
			call: 'POST /api/communities/{id}/posts',
			as: 'premium',
			body: { title: 'Nowhere to post', body: 'x' },
			notFound: 'Community not found',
		},
		{ call: 'POST /api/communities/{id}/membership', as: 'member', notFound: 'Community not found' },
		{ call: 'DELETE /api/communities/{id}/membership', as: 'member', notFound: 'Community not found' },
		{ call: 'GET /api/posts/{id}', as: 'member', notFound: 'Post not found' },
		{ call: 'PATCH /api/posts/{id}', as: 'premium', body: { title: 'Nobody wrote this' }, notFound: 'Post not found' },
		{ call: 'DELETE /api/posts/{id}', as: 'moderator', notFound: 'Post not found' },
		{ call: 'POST /api/posts/{id}/comments', as: 'premium', body: { body: 'Hello?' }, notFound: 'Post not found' },
		{ call: 'PUT /api/posts/{id}/reactions/like', as: 'premium', notFound: 'Post not found' },
		{ call: 'DELETE /api/posts/{id}/reactions/like', as: 'premium', notFound: 'Post not found' },
		{ call: 'POST /api/posts/{id}/pin', as: 'moderator', body: { pinned: true }, notFound: 'Post not found' },
		{ call: 'POST /api/posts/{id}/lock', as: 'moderator', body: { locked: true }, notFound: 'Post not found' },
		{ call: 'PUT /api/posts/{id}/follow', as: 'member', notFound: 'Post not found' },
		{ call: 'DELETE /api/posts/{id}/follow', as: 'member', notFound: 'Post not found' },
		{
			call: 'PATCH /api/comments/{id}',
			as: 'premium',
			body: { body: 'Nobody wrote this' },
			notFound: 'Comment not found',
		},
		{ call: 'DELETE /api/comments/{id}', as: 'moderator', notFound: 'Comment not found' },
		{ call: 'PUT /api/comments/{id}/reactions/insightful', as: 'premium', notFound: 'Comment not found' },
		{ call: 'DELETE /api/comments/{id}/reactions/insightful', as: 'premium', notFound: 'Comment not found' },
		{ call: 'DELETE /api/users/{id}/block', as: 'member', notFound: 'User not found' },
		{ call: 'GET /api/videos/{id}/notes', as: 'premium', notFound: 'Video not found' },
		{
			call: 'POST /api/videos/{id}/notes',
			as: 'premium',
			body: { atSeconds: 1, text: 'Nowhere' },
			notFound: 'Video not found',
		},
		{ call: 'PATCH /api/notes/{id}', as: 'premium', body: { text: 'Nobody wrote this' }, notFound: 'Note not found' },
		{ call: 'DELETE /api/notes/{id}', as: 'premium', notFound: 'Note not found' },
		{ call: 'DELETE /api/users/me/push-devices/{id}', as: 'member', notFound: 'Device not found' },
		{ call: 'GET /api/programs/{id}', as: 'member', notFound: 'Program not found' },
		{ call: 'GET /api/programs/{id}/pod-queue', as: 'premium', notFound: 'Program not found' },
		{
			call: 'POST /api/programs/{id}/pod-queue',
			as: 'premium',
			body: { timeZone: 'UTC', checkInDay: 1 },
			notFound: 'Program not found',
		},
		{ call: 'DELETE /api/programs/{id}/pod-queue', as: 'premium', notFound: 'Program not found' },
		{ call: 'GET /api/pods/{id}', as: 'premium', notFound: 'Pod not found' },
		{ call: 'PATCH /api/pods/{id}', as: 'premium', body: { name: 'Nowhere' }, notFound: 'Pod not found' },
		{ call: 'DELETE /api/pods/{id}/membership', as: 'premium', notFound: 'Pod not found' },
		{ call: 'GET /api/pods/{id}/check-ins', as: 'premium', notFound: 'Pod not found' },
		{
			call: 'POST /api/pods/{id}/check-ins',
			as: 'premium',
			body: { outcome: 'done', commitment: 'Nowhere' },
			notFound: 'Pod not found',
		},
		{ call: 'PATCH /api/check-ins/{id}', as: 'premium', body: { note: 'x' }, notFound: 'Check-in not found' },
		{ call: 'PUT /api/check-ins/{id}/cheer', as: 'premium', notFound: 'Check-in not found' },
		{ call: 'DELETE /api/check-ins/{id}/cheer', as: 'premium', notFound: 'Check-in not found' },
		{ call: 'POST /api/check-ins/{id}/replies', as: 'premium', body: { text: 'x' }, notFound: 'Check-in not found' },
		{ call: 'DELETE /api/admin/pods/{id}', as: 'admin', notFound: 'Pod not found' },
		{
			call: 'POST /api/admin/pods/{id}/move',
			as: 'admin',
			body: { userId: 1, toPodId: 1 },
			notFound: 'Pod not found',
		},
		{ call: 'POST /api/programs/{id}/enrol', as: 'member', notFound: 'Program not found' },
		{ call: 'POST /api/program-items/{id}/done', as: 'member', notFound: 'Item not found' },
		{
			call: 'PUT /api/program-items/{id}/reflection',
			as: 'member',
			body: { text: 'Hello' },
			notFound: 'Item not found',
		},
		{ call: 'POST /api/program-items/{id}/check', as: 'member', body: { answers: [0, 0] }, notFound: 'Item not found' },
		...(['videos', 'communities', 'events', 'resources', 'programs'] as const).flatMap((entity) => {
			const what = {
				videos: 'Video',
				communities: 'Community',
				events: 'Event',
				resources: 'Resource',
				programs: 'Program',
			}[entity]
			return [
				{
					call: `PATCH /api/admin/${entity}/{id}`,
					as: 'admin' as const,
					body: { title: 'Nope', name: 'Nope' },
					notFound: `${what} not found`,
				},
				{ call: `DELETE /api/admin/${entity}/{id}`, as: 'admin' as const, notFound: `${what} not found` },
			]
		}),
	]

	for (const { call, as: role, body, notFound, unknown } of ID_CALLS) {
		it(`${call}: malformed ids and ids of nothing answer 404 "${notFound}"`, async () => {
			const [method, path] = call.split(' ') as [string, string]
			await expectNothingChanged(async () => {
				for (const id of [...MALFORMED_IDS, UNKNOWN_ID]) {
					const response = await as[role].json(method, path.replace('{id}', id), body)
					const [status, message] = id === UNKNOWN_ID && unknown ? unknown : [404, notFound]
					expect.soft(response.status, `id ${id}`).toBe(status)
					expect.soft((await response.json()).message, `id ${id}`).toBe(message)
				}
				const garbled = await as[role].json(method, path.replace('{id}', '%E0%A4%A'), body)
				expect.soft(garbled.status, 'a broken percent-escape').toBe(400)
				expectReadable((await garbled.json().catch(() => null))?.message, 'address', 'a broken percent-escape')
			})
		})
	}
})

describe('calls that take no body, and methods no call takes', () => {
	/** Every JSON path of the route table, with ids that exist. */
	const API_PATHS = [
		'/api/user',
		'/api/login',
		'/api/register',
		'/api/logout',
		'/api/users',
		'/api/users/{self}',
		'/api/users/{self}/change-password',
		'/api/progress',
		'/api/videos',
		'/api/videos/1',
		'/api/communities',
		'/api/events',
		'/api/resources',
		'/api/messages/community/1',
		'/api/messages/private/{david}',
		'/api/admin/users',
		'/api/admin/users/{david}/role',
		'/api/admin/videos',
		'/api/admin/videos/1',
		'/api/admin/communities',
		'/api/admin/communities/1',
		'/api/admin/events',
		'/api/admin/events/1',
		'/api/admin/resources',
		'/api/admin/resources/1',
		'/api/get-or-create-subscription',
		'/api/stripe/webhook',
		'/api/events/7/rsvp',
		'/api/notifications',
		'/api/notifications/read',
		'/api/conversations',
		'/api/password-reset',
		'/api/password-reset/confirm',
		'/api/users/me',
		'/api/users/me/export',
		'/api/admin/users/{david}',
		'/api/billing',
		'/api/billing/cancel',
		'/api/billing/resume',
		'/api/billing/portal',
		'/api/messages/1',
		'/api/reports',
		'/api/reports/1/resolve',
		'/api/moderation/mutes',
		'/api/moderation/mutes/{david}',
		'/api/users/{david}/block',
		'/api/users/me/blocks',
		'/api/users/me/push-devices',
		'/api/users/me/push-devices/{memberDevice}',
		'/api/admin/audit-log',
		'/api/admin/insights',
		'/api/programs',
		'/api/programs/1',
		'/api/programs/1/enrol',
		'/api/programs/1/pod-queue',
		'/api/pods',
		'/api/pods/{demoPod}',
		'/api/pods/{demoPod}/membership',
		'/api/pods/{demoPod}/check-ins',
		'/api/check-ins/{mateCheckIn}',
		'/api/check-ins/{mateCheckIn}/replies',
		'/api/admin/pods',
		'/api/admin/pods/{demoPod}',
		'/api/admin/pods/{demoPod}/move',
		'/api/program-items/1/done',
		// Not /api/program-items/{id}/reflection: PUT is its method.
		'/api/program-items/1/check',
		'/api/certificates',
		'/api/admin/programs',
		'/api/admin/programs/1',
		'/api/videos/1/notes',
		'/api/notes/{premiumNote}',
		// Issue 24 (the reaction and follow calls take PUT, so they are not here).
		'/api/communities/1/posts',
		'/api/communities/1/membership',
		'/api/posts/{noahPost}',
		'/api/posts/{noahPost}/comments',
		'/api/posts/{noahPost}/pin',
		'/api/posts/{noahPost}/lock',
		'/api/comments/{noahComment}',
		'/api/members',
		'/api/search',
	]

	it('a method no call takes answers 405 {message}, whatever the body', async () => {
		await expectNothingChanged(async () => {
			for (const path of API_PATHS) {
				const response = await as.admin.json('PUT', withIds(path), { $where: 'sleep(1000)', role: 'admin' })
				expect.soft(response.status, `PUT ${path}`).toBe(405)
				expect.soft((await response.json().catch(() => null))?.message, `PUT ${path}`).toBe('Method not allowed')
			}
		})
	})

	it('a body sent to a call that takes none is ignored, and a megabyte is refused with 413', async () => {
		const BODYLESS: Array<{ call: string; as: Role; status: number }> = [
			{ call: 'POST /api/logout', as: 'visitor', status: 200 },
			{ call: 'POST /api/get-or-create-subscription', as: 'premium', status: 200 },
			// The free member has nothing to cancel, resume or open: refused, nothing changed.
			{ call: 'POST /api/billing/cancel', as: 'member', status: 409 },
			{ call: 'POST /api/billing/resume', as: 'member', status: 409 },
			{ call: 'POST /api/billing/portal', as: 'member', status: 409 },
			{ call: 'POST /api/stripe/webhook', as: 'visitor', status: 400 },
			{ call: 'DELETE /api/admin/videos/99999', as: 'admin', status: 404 },
			{ call: 'DELETE /api/messages/99999999', as: 'moderator', status: 404 },
			{ call: 'DELETE /api/notes/99999999', as: 'premium', status: 404 },
			{ call: 'DELETE /api/users/{david}/block', as: 'member', status: 200 },
			{ call: 'POST /api/programs/{program}/enrol', as: 'premium', status: 200 },
			{ call: 'POST /api/program-items/{programReading}/done', as: 'premium', status: 200 },
			// Nothing to take back: idempotent, nothing changes.
			{ call: 'DELETE /api/posts/{noahPost}/follow', as: 'member', status: 200 },
			{ call: 'DELETE /api/posts/{noahPost}/reactions/like', as: 'premium', status: 200 },
			{ call: 'DELETE /api/communities/1/membership', as: 'member', status: 200 },
			{ call: 'DELETE /api/posts/99999999', as: 'moderator', status: 404 },
			{ call: 'POST /api/nowhere', as: 'member', status: 404 },
		]
		await expectNothingChanged(async () => {
			for (const { call, as: role, status } of BODYLESS) {
				const [method, template] = call.split(' ') as [string, string]
				const path = withIds(template)
				for (const body of [
					'{"$where":"sleep(1000)","status":"active","userId":1}',
					'{broken',
					`{"filler":"${ONE_MEGABYTE}"}`,
				]) {
					const response = await as[role].json(method, path, body)
					const expected = body.length > ONE_MEGABYTE.length ? 413 : status
					expect.soft(response.status, `${call} with ${body.slice(0, 20)}`).toBe(expected)
					expectReadable(
						(await response.json().catch(() => null))?.message ?? (expected === 200 ? 'ignored' : undefined),
						undefined,
						call,
					)
				}
			}
		})
	})
})

describe('search parameters', () => {
	const SEARCHES: Array<{ path: string; param: string; as: Role }> = [
		{ path: '/api/users', param: 'q', as: 'member' },
		{ path: '/api/videos', param: 'q', as: 'member' },
		{ path: '/api/videos', param: 'category', as: 'member' },
		{ path: '/api/resources', param: 'q', as: 'member' },
		{ path: '/api/resources', param: 'type', as: 'member' },
		{ path: '/api/admin/users', param: 'search', as: 'admin' },
		{ path: '/api/admin/events', param: 'search', as: 'admin' },
		{ path: '/api/members', param: 'q', as: 'member' },
	]
	/** Patterns and operators that would match something if they were not searched for as the literal text they are. */
	const PATTERNS = [
		'{"$gt":""}',
		'{"$where":"sleep(1000)"}',
		'.*',
		'^.*$',
		'(.*)',
		'[a-z]+',
		'a|e',
		'\\',
		'$where',
		'\u0000',
		TEN_KILOBYTES,
	]

	it('a search is plain text, never a pattern or an operator: hostile ones find nothing', async () => {
		for (const { path, param, as: role } of SEARCHES) {
			for (const pattern of PATTERNS) {
				const response = await as[role].get(`${path}?${new URLSearchParams({ [param]: pattern })}`)
				expect.soft(response.status, `${path}?${param}=${pattern.slice(0, 20)}`).toBe(200)
				expect.soft(await response.json(), `${path}?${param}=${pattern.slice(0, 20)}`).toEqual([])
			}
			// PHP-style operator keys (`q[$ne]=`) are just other, unknown parameters.
			const keyed = await as[role].get(`${path}?${encodeURIComponent(`${param}[$ne]`)}=x`)
			expect.soft(keyed.status).toBe(200)
			expect.soft((await keyed.json()).length, `${path}?${param}[$ne]=x lists everything`).toBeGreaterThan(0)
		}
	})

	it('the global search takes every hostile text as words (GET /api/search): an operator or a pattern is no more than its words', async () => {
		for (const role of ['member', 'premium'] as const) {
			for (const pattern of PATTERNS) {
				const response = await as[role].get(`/api/search?${new URLSearchParams({ q: pattern })}`)
				const label = `/api/search?q=${pattern.slice(0, 20)}`
				expect.soft(response.status, label).toBe(200)
				const answer = (await response.json()) as { results: Array<{ title: string; snippet: string }>; total: number }
				expect.soft(Object.keys(answer).sort(), label).toEqual(['results', 'total'])
				// '$where' is the word "where"; every other one has no word a document has ("gt", "z", a 10 KB word).
				if (pattern !== '$where') expect.soft(answer, label).toEqual({ results: [], total: 0 })
			}
			const keyed = await as[role].get(`/api/search?${encodeURIComponent('q[$ne]')}=x`)
			expect.soft(keyed.status).toBe(200)
			expect.soft(await keyed.json()).toEqual({ results: [], total: 0 })
		}
	})

	it('cursors and filters of the new lists answer 400 with a message in the JSON API, and the first page on pages, never a 5xx', async () => {
		const VALUES = ['abc', '-1', '1.5', '{"$gt":""}', '99999999999999999999', '%00', TEN_KILOBYTES]
		const JSON_PARAMS: Array<[string, string, Role]> = [
			['/api/reports', 'cursor', 'moderator'],
			['/api/reports', 'status', 'moderator'],
			['/api/admin/audit-log', 'before', 'admin'],
			['/api/admin/audit-log', 'actor', 'admin'],
			['/api/admin/audit-log', 'kind', 'admin'],
			['/api/messages/community/1', 'changedAfter', 'member'],
			['/api/communities/1/posts', 'sort', 'member'],
			['/api/communities/1/posts', 'page', 'member'],
			['/api/posts/{noahPost}', 'page', 'member'],
			['/api/members', 'community', 'member'],
			['/api/members', 'role', 'member'],
			['/api/search', 'type', 'member'],
			['/api/search', 'page', 'member'],
		]
		await expectNothingChanged(async () => {
			for (const [path, param, role] of JSON_PARAMS) {
				for (const value of VALUES) {
					const response = await as[role].get(`${withIds(path)}?${new URLSearchParams({ [param]: value })}`)
					expect.soft(response.status, `${path}?${param}=${value.slice(0, 20)}`).toBe(400)
					expectReadable((await response.json()).message, param, `${path}?${param}=${value.slice(0, 20)}`)
				}
			}
			const PAGES: Array<[string, string, Role]> = [
				['/moderation', 'cursor', 'moderator'],
				['/moderation?tab=resolved', 'cursor', 'moderator'],
				['/admin?tab=audit', 'before', 'admin'],
				['/admin?tab=audit', 'actor', 'admin'],
				['/admin?tab=audit', 'kind', 'admin'],
				['/community/1', 'edit', 'premium'],
				['/community/1', 'report', 'premium'],
				['/community/1', 'mute', 'moderator'],
				['/community/1/discussions', 'sort', 'member'],
				['/community/1/discussions', 'page', 'member'],
				['/community/1/discussions/{noahPost}', 'page', 'premium'],
				['/community/1/discussions/{noahPost}', 'edit', 'premium'],
				['/community/1/discussions/{noahPost}', 'report', 'premium'],
				['/community/1/discussions/{noahPost}', 'reply', 'premium'],
				['/members', 'community', 'member'],
				['/members', 'role', 'member'],
				['/search?q=leadership', 'type', 'member'],
				['/search?q=leadership&type=discussions', 'page', 'member'],
			]
			for (const [page, param, role] of PAGES) {
				for (const value of VALUES) {
					const response = await as[role].get(
						`${withIds(page)}${page.includes('?') ? '&' : '?'}${new URLSearchParams({ [param]: value })}`,
					)
					expect.soft(response.status, `${page} with ${param}=${value.slice(0, 20)}`).toBe(200)
				}
			}
		})
	})

	it('the pages with a search box answer hostile searches with their page', async () => {
		const PAGES: Array<[string, Role]> = [
			['/content-library', 'member'],
			['/resources', 'member'],
			['/messages', 'member'],
			['/admin?tab=users', 'admin'],
			['/admin?tab=events', 'admin'],
			['/admin?tab=programs', 'admin'],
			// The lesson's transcript search (docs/decisions/171).
			['/content-library/8', 'premium'],
			['/members', 'member'],
			['/search', 'member'],
			['/search?type=discussions', 'premium'],
		]
		for (const [page, role] of PAGES) {
			for (const pattern of PATTERNS) {
				const response = await as[role].get(
					`${page}${page.includes('?') ? '&' : '?'}${new URLSearchParams({ q: pattern })}`,
				)
				expect.soft(response.status, `${page} searching ${pattern.slice(0, 20)}`).toBe(200)
			}
		}
	})
})

describe('member files (docs/decisions/134)', () => {
	/** Names that are no file of the folder: none may reach outside it, and none is a 5xx. */
	const NAMES = [
		'..%2F..%2Fpackage.json',
		'..%5C..%5Cpackage.json',
		'.env',
		'%00',
		'a%00.mp4',
		`${'a'.repeat(300)}.mp4`,
		'%E0%A4%A',
		'x.mp4%3F.txt',
		'*',
		'$where',
	]
	const RANGES = [
		'bytes=abc',
		'bytes=5-1',
		'bytes=-0',
		'items=0-10',
		`bytes=${Array.from({ length: 200 }, (_, n) => `${n}-${n}`).join(',')}`,
		'bytes=99999999999999999999-',
	]

	it('odd file names answer 400 or 404 with a readable page, for lesson media and resources alike', async () => {
		for (const folder of ['media', 'resources']) {
			for (const name of NAMES) {
				const response = await as.admin.get(`/${folder}/${name}`)
				expect.soft([400, 404], `/${folder}/${name.slice(0, 30)}`).toContain(response.status)
				expect.soft(await response.text()).not.toContain('"name"')
			}
		}
	})

	it('odd byte ranges get the whole file, a range or 416, never a 5xx', async () => {
		for (const range of RANGES) {
			const response = await as.premium.request('/media/decision-making-under-uncertainty.mp4', {
				headers: { Range: range },
			})
			expect.soft([200, 206, 416], range.slice(0, 30)).toContain(response.status)
			await response.arrayBuffer()
		}
	})
})

describe("the route manifest's patches (docs/decisions/229)", () => {
	/** The build's version as a page that hydrates states it in its inline manifest. */
	const manifestVersion = async () => buildVersionOf(await (await as.visitor.get('/auth')).text())

	it('a page names only its own routes; the rest are given for the paths a page links to, to anyone, cached for good', async () => {
		// /messages hydrates (an island page); /dashboard ships no script at all.
		const html = await (await as.member.get('/messages')).text()
		const inline = /window\.__remixManifest = ([\s\S]*?);\n/.exec(html)?.[1]
		const routes = Object.keys((JSON.parse(inline!) as { routes: Record<string, unknown> }).routes)
		expect(routes).toEqual(expect.arrayContaining(['root', 'app-layout', 'routes/messages']))
		expect(routes).not.toContain('routes/dashboard')
		expect(routes).not.toContain('admin')
		// The whole manifest's file is neither imported nor preloaded (its address is only named in the inline one).
		expect(html).not.toMatch(/import "\/build\/manifest-|href="\/build\/manifest-/)

		const version = await manifestVersion()
		for (const client of [as.visitor, as.member]) {
			const response = await client.get(`/__manifest?p=/dashboard&p=/members/5&version=${version}`)
			expect(response.status).toBe(200)
			expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
			const patches = (await response.json()) as Record<string, { id: string; module: string }>
			expect(Object.keys(patches)).toEqual(expect.arrayContaining(['routes/dashboard', 'routes/members/$id']))
			expect(patches['routes/dashboard']!.module).toMatch(/^\/build\/routes\/dashboard-[A-Z0-9]+\.js$/)
		}
	})

	it("odd paths, versions and lengths answer 204, 400 with a message, or the catch-all's entries, never an error", async () => {
		const version = await manifestVersion()
		const stale = await as.member.get('/__manifest?p=/messages&version=0000')
		expect(stale.status).toBe(204)
		expect(stale.headers.get('x-remix-reload-document')).toBe('true')

		expect((await as.member.get(`/__manifest?version=${version}`)).status).toBe(400)
		expect((await as.member.get(`/__manifest?p=/messages&version=${version}&x=${'a'.repeat(8000)}`)).status).toBe(400)
		// Unknown paths are answered with what matches them: the root and the not-found page.
		for (const p of ['', '%00', '%E0%A4%A', '//evil.example/x', '../../etc/passwd', '/api/*', '$where']) {
			const response = await as.member.get(`/__manifest?p=${encodeURIComponent(p)}&version=${version}`)
			expect.soft(response.status, p.slice(0, 30)).toBe(200)
			const patches = (await response.json()) as Record<string, { module: string }>
			for (const patch of Object.values(patches)) expect.soft(patch.module, p.slice(0, 30)).toMatch(/^\/build\//)
		}
		// What would cost the server a matching of every prefix of thousands of paths is refused before it does.
		const deepPath = `/${'a/'.repeat(1900)}`
		const manyPaths = Array.from({ length: 201 }, (_, n) => `p=/members/${n + 1}`).join('&')
		for (const query of [`p=${'x'.repeat(3000)}`, `p=${deepPath}`, manyPaths]) {
			const response = await as.member.get(`/__manifest?${query}&version=${version}`)
			expect.soft(response.status, query.slice(0, 30)).toBe(400)
			expect
				.soft(await response.text(), query.slice(0, 30))
				.toContain('This request names too many paths, or too long a path.')
		}
		// A page's worth of links is not.
		const pageOfLinks = Array.from({ length: 60 }, (_, n) => `p=/members/${n + 1}`).join('&')
		expect((await as.member.get(`/__manifest?${pageOfLinks}&version=${version}`)).status).toBe(200)
		// Odd shapes of the query, with the right version so that they reach the paths.
		for (const query of ['p[$ne]=1', 'p[]=/a&p[]=/b', 'p', 'p=/a&p=/a&p=/a']) {
			const response = await as.member.get(`/__manifest?${query}&version=${version}`)
			expect.soft(response.status, query).toBeLessThan(500)
			await response.arrayBuffer()
		}
	})
})

describe('fingerprinted pictures (docs/decisions/088)', () => {
	it('an odd v answers the picture with the short cache, never an error; a name out of public/ is never served', async () => {
		const picture = '/images/avatars/maria.svg'
		const ODD_V = [
			'',
			'x',
			'AAAAAAAAAAAAAAAA',
			'x'.repeat(8000),
			'%00',
			'..%2F..%2Fpackage.json',
			'%E0%A4%A',
			'$where',
			'a&v=b&v=c',
			'a%26b',
		]
		for (const v of [...ODD_V.map((value) => `v=${value}`), 'v[$ne]=1', 'v[]=a&v[]=b', 'v']) {
			const response = await as.visitor.get(`${picture}?${v}`)
			expect.soft(response.status, v.slice(0, 30)).toBe(200)
			expect.soft(response.headers.get('cache-control'), v.slice(0, 30)).toBe('public, max-age=3600')
			await response.arrayBuffer()
		}
		for (const name of [
			'..%2F..%2Fpackage.json',
			'%2e%2e/%2e%2e/package.json',
			'.env',
			'%00',
			`${'a'.repeat(300)}.svg`,
		]) {
			const response = await as.visitor.get(`/images/${name}?v=AAAAAAAAAAAAAAAA`)
			expect.soft([400, 403, 404], name.slice(0, 30)).toContain(response.status)
			expect.soft(await response.text(), name.slice(0, 30)).not.toContain('"name"')
		}
	})
})

// ---------------------------------------------------------------------------
// Form actions (the pages' <Form method="post">, without JavaScript)
// ---------------------------------------------------------------------------

interface FormCall {
	action: string
	as: Role
	/** The fields of a post that would be accepted (the CSRF token is added). */
	fields: Record<string, string>
	required?: string[]
	/** Fields that choose what the form does rather than carry data. */
	fixed?: string[]
	/** The status of the good post when it is not a redirect (a form whose answer is shown once, in the page). */
	accepted?: number
}

const VIDEO_FORM = {
	title: 'Leading Hybrid Teams',
	description: 'Rituals.',
	url: '/media/teams.mp4',
	thumbnail: '',
	duration: '12',
	category: 'Teams',
}
const EVENT_FORM = {
	title: 'Ask Me Anything',
	description: '',
	location: '',
	startTime: '2031-03-04T17:00',
	endTime: '',
	timeZone: 'Europe/Paris',
}

/** Every form action in the route table. */
const FORM_CALLS: FormCall[] = [
	{
		action: '/auth',
		as: 'visitor',
		fields: { intent: 'login', username: 'david', password: DEMO_PASSWORD },
		required: ['username', 'password'],
		fixed: ['intent'],
	},
	{
		action: '/auth',
		as: 'visitor',
		fields: {
			intent: 'signup',
			username: 'formcomer',
			password: 'a-long-password',
			confirmPassword: 'a-long-password',
			name: 'Form Comer',
			email: 'formcomer@example.com',
			bio: '',
		},
		required: ['username', 'password', 'confirmPassword', 'name', 'email'],
		fixed: ['intent'],
	},
	{ action: '/logout', as: 'member', fields: {} },
	{
		action: '/sidebar',
		as: 'member',
		fields: { collapsed: 'true', redirectTo: '/events' },
		fixed: ['collapsed', 'redirectTo'],
	},
	{
		action: '/profile?tab=profile',
		as: 'member',
		fields: {
			intent: 'profile',
			name: 'Sam Rivera',
			email: 'sam@example.com',
			bio: 'Lead',
			avatar: '',
			headline: 'Team lead',
			location: 'Denver, CO',
			linkedinUrl: 'https://www.linkedin.com/in/sam',
			interests: 'Coaching, Healthcare',
			hiddenFromDirectory: 'on',
			currentPassword: DEMO_PASSWORD,
		},
		required: ['name', 'email'],
		fixed: ['intent'],
	},
	{
		action: '/profile?tab=password',
		as: 'member',
		fields: {
			intent: 'password',
			currentPassword: DEMO_PASSWORD,
			newPassword: DEMO_PASSWORD,
			confirmPassword: DEMO_PASSWORD,
		},
		required: ['currentPassword', 'newPassword', 'confirmPassword'],
		fixed: ['intent'],
	},
	{ action: '/profile', as: 'member', fields: { intent: 'logout-all' }, fixed: ['intent'] },
	{
		action: '/profile?tab=notifications',
		as: 'member',
		fields: { intent: 'notifications', mentions: 'on', billing: 'on' },
		fixed: ['intent'],
	},
	{ action: '/profile?tab=billing', as: 'premium', fields: { intent: 'billing-cancel' }, fixed: ['intent'] },
	{
		action: '/profile?tab=notifications',
		as: 'member',
		fields: { intent: 'push-off', deviceId: '{memberDevice}' },
		required: ['deviceId'],
		fixed: ['intent'],
	},
	{
		action: '/forgot-password',
		as: 'visitor',
		fields: { intent: 'forgot-password', email: 'nobody-here@example.com' },
		required: ['email'],
		fixed: ['intent'],
	},
	{
		action: '/contact',
		as: 'visitor',
		fields: {
			intent: 'contact',
			name: 'Casey Writer',
			email: 'casey@example.com',
			topic: 'team-pricing',
			message: 'Is there a team price?',
		},
		required: ['name', 'email', 'topic', 'message'],
		fixed: ['intent'],
		accepted: 200,
	},
	{
		action: '/reset-password?token=x',
		as: 'visitor',
		fields: {
			intent: 'reset-password',
			get token() {
				return LINKS.resetByForm
			},
			password: 'a-long-password',
			confirmPassword: 'a-long-password',
		},
		required: ['token', 'password', 'confirmPassword'],
		fixed: ['intent'],
	},
	{
		action: '/confirm-email?token=x',
		as: 'visitor',
		fields: {
			intent: 'confirm-email',
			get token() {
				return LINKS.emailChange
			},
		},
		required: ['token'],
		fixed: ['intent'],
	},
	{
		action: '/confirm-email?token=x',
		as: 'visitor',
		fields: {
			intent: 'undo-email-change',
			get token() {
				return LINKS.emailUndo
			},
		},
		required: ['token'],
		fixed: ['intent'],
	},
	{ action: '/content-library/12', as: 'premium', fields: {} },
	// Issue 25: the lesson page's note forms, and the admin captions dialog's (docs/decisions/172, 173).
	{
		action: '/content-library/3',
		as: 'member',
		fields: { intent: 'add-note', time: '1:05', text: 'A form note' },
		required: ['text'],
		fixed: ['intent'],
	},
	{
		action: '/content-library/1?note={premiumNote}',
		as: 'premium',
		fields: { intent: 'edit-note', noteId: '{premiumNote}', time: '0:30', text: 'Edited by form' },
		required: ['noteId', 'time', 'text'],
		fixed: ['intent'],
	},
	{
		action: '/content-library/1',
		as: 'premium',
		fields: { intent: 'delete-note', noteId: '{premiumNote2}' },
		required: ['noteId'],
		fixed: ['intent'],
	},
	{
		action: '/admin/videos/5/captions',
		as: 'content_manager',
		fields: { intent: 'save-captions', language: 'en', vtt: 'WEBVTT\n\n00:00.000 --> 00:04.000\nHello.\n' },
		required: ['language', 'vtt'],
		fixed: ['intent'],
	},
	{
		action: '/admin/videos/5/captions',
		as: 'content_manager',
		fields: { intent: 'save-chapters', chapters: '0:00 Start\n1:00 Next' },
		fixed: ['intent'],
	},
	{
		action: '/admin/videos/5/captions',
		as: 'admin',
		fields: { intent: 'remove-captions', language: 'en' },
		required: ['language'],
		fixed: ['intent'],
	},
	{ action: '/community/1', as: 'premium', fields: { content: 'Hello room' }, required: ['content'] },
	{ action: '/messages?userId={david}', as: 'premium', fields: { content: 'Hello David' }, required: ['content'] },
	{ action: '/subscribe', as: 'member', fields: {} },
	{ action: '/admin/users/{david}/role?tab=users', as: 'admin', fields: { role: 'moderator' }, required: ['role'] },
	{ action: '/admin/videos/new?tab=content', as: 'content_manager', fields: VIDEO_FORM, required: ['title', 'url'] },
	{ action: '/admin/videos/2/edit?tab=content', as: 'content_manager', fields: VIDEO_FORM, required: ['title', 'url'] },
	{ action: '/admin/videos/2/delete?tab=content', as: 'content_manager', fields: {} },
	{
		action: '/admin/communities/new?tab=communities',
		as: 'content_manager',
		fields: { name: 'Finance Leaders', description: '', icon: 'FL' },
		required: ['name'],
	},
	{
		action: '/admin/communities/2/edit?tab=communities',
		as: 'admin',
		fields: { name: 'Finance Leaders', description: '', icon: 'FL' },
		required: ['name'],
	},
	{ action: '/admin/communities/2/delete?tab=communities', as: 'admin', fields: {} },
	{
		action: '/admin/events/new?tab=events',
		as: 'content_manager',
		fields: EVENT_FORM,
		required: ['title', 'startTime'],
	},
	{ action: '/admin/events/2/edit?tab=events', as: 'admin', fields: EVENT_FORM, required: ['title', 'startTime'] },
	{ action: '/admin/events/2/delete?tab=events', as: 'admin', fields: {} },
	{
		action: '/admin/resources/new?tab=resources',
		as: 'content_manager',
		fields: { title: 'Checklist', description: '', type: 'worksheet', url: 'https://example.com/c.pdf' },
		required: ['title', 'url'],
	},
	{
		action: '/admin/resources/2/edit?tab=resources',
		as: 'admin',
		fields: { title: 'Checklist', description: '', type: 'worksheet', url: 'https://example.com/c.pdf' },
		required: ['title', 'url'],
	},
	{ action: '/admin/resources/2/delete?tab=resources', as: 'admin', fields: {} },
	// Issue 11: RSVP, the notifications' forms (notification 1 is the premium member's seeded mention), the calendar address.
	{
		action: '/events',
		as: 'member',
		fields: { intent: 'rsvp', eventId: '7', going: 'true', returnTo: '/events' },
		required: ['eventId', 'going'],
		fixed: ['intent', 'returnTo'],
	},
	{
		action: '/events/7',
		as: 'member',
		fields: { intent: 'rsvp', eventId: '7', going: 'true', returnTo: '/events/7' },
		required: ['eventId', 'going'],
		fixed: ['intent', 'returnTo'],
	},
	{ action: '/notifications', as: 'premium', fields: { intent: 'open', id: '1' }, required: ['id'], fixed: ['intent'] },
	{ action: '/notifications', as: 'premium', fields: { intent: 'read-all' }, fixed: ['intent'] },
	{
		action: '/profile?tab=account',
		as: 'member',
		fields: { intent: 'calendar-feed' },
		fixed: ['intent'],
		accepted: 200,
	},
	// The chat pages' message menu, /moderation and the member card. The inline forms post to the address that opens them, so a refusal shows on them.
	{
		action: '/community/1?edit={premiumMessage}',
		as: 'premium',
		fields: { intent: 'edit-message', messageId: '{premiumMessage}', content: 'Edited by form' },
		required: ['messageId', 'content'],
		fixed: ['intent'],
	},
	{
		action: '/community/1?report={noahMessage2}',
		as: 'member',
		fields: { intent: 'report-message', messageId: '{noahMessage2}', reason: 'spam', details: '' },
		required: ['messageId', 'reason'],
		fixed: ['intent'],
	},
	{
		action: '/community/1?mute={noahMessage}',
		as: 'moderator',
		fields: { intent: 'mute-member', userId: '{noah}', duration: '24', reason: 'Spam' },
		required: ['userId', 'duration', 'reason'],
		fixed: ['intent'],
	},
	{
		action: '/moderation',
		as: 'moderator',
		fields: { intent: 'resolve-report', reportId: '{report2}', outcome: 'mute', duration: '24' },
		required: ['reportId', 'outcome'],
		fixed: ['intent'],
	},
	{
		action: '/moderation',
		as: 'moderator',
		fields: { intent: 'lift-mute', userId: '{casey}' },
		required: ['userId'],
		fixed: ['intent'],
	},
	{
		action: '/members/{david}',
		as: 'member',
		fields: { intent: 'block-member', redirectTo: '/messages' },
		fixed: ['intent'],
	},
	// Issue 23: a member's program forms, and the programs' administration (the Programs tab, an outline and its dialogs).
	{ action: '/programs/{program}', as: 'premium', fields: { intent: 'start' }, fixed: ['intent'] },
	// Issue 29: peer pods' forms.
	{
		action: '/programs/{queueProgram}',
		as: 'premium',
		fields: { intent: 'join-pod', timeZone: 'Europe/Paris', checkInDay: '2' },
		required: ['timeZone', 'checkInDay'],
		fixed: ['intent'],
	},
	{
		action: '/pods/{demoPod}',
		as: 'premium',
		fields: {
			intent: 'edit-check-in',
			checkInId: '{ownCheckIn}',
			outcome: 'done',
			note: 'A note',
			commitment: 'Practise',
		},
		required: ['checkInId', 'outcome', 'commitment'],
		fixed: ['intent'],
	},
	{
		action: '/pods/{demoPod}',
		as: 'premium',
		fields: { intent: 'reply', checkInId: '{mateCheckIn}', text: 'Nice one' },
		required: ['checkInId', 'text'],
		fixed: ['intent'],
	},
	{
		action: '/pods/{demoPod}',
		as: 'premium',
		fields: { intent: 'rename', name: 'Pod 1' },
		required: ['name'],
		fixed: ['intent'],
	},
	{
		action: '/pods/{demoPod}/check-ins/{mateCheckIn}/report',
		as: 'premium',
		fields: { intent: 'report', reason: 'spam', details: '' },
		required: ['reason'],
		fixed: ['intent'],
	},
	{
		action: '/admin/pods/{ownPod}/move',
		as: 'admin',
		fields: { intent: 'move-pod-member', userId: '{noah}', toPodId: '{otherPod}' },
		required: ['userId', 'toPodId'],
		fixed: ['intent'],
	},
	{
		action: '/programs/{program}/items/{programReading}',
		as: 'premium',
		fields: { intent: 'done' },
		fixed: ['intent'],
	},
	{
		action: '/programs/{program}/items/{programReflection}',
		as: 'premium',
		fields: { intent: 'reflection', text: 'Written without JavaScript' },
		required: ['text'],
		fixed: ['intent'],
	},
	{
		action: '/programs/{program}/items/{programCheck}',
		as: 'premium',
		fields: { intent: 'check', answer1: '1', answer2: '2', answer3: '0' },
		required: ['answer1', 'answer2', 'answer3'],
		fixed: ['intent'],
	},
	{
		action: '/admin/programs/new?tab=programs',
		as: 'content_manager',
		fields: { title: 'Coaching Foundations', summary: '', description: '', cover: '', published: 'on' },
		required: ['title'],
		fixed: ['published'],
	},
	{
		action: '/admin/programs/{program}/edit?tab=programs',
		as: 'admin',
		fields: { title: 'Hostile Program', summary: 'Edited', description: '', cover: '', published: 'on' },
		required: ['title'],
		fixed: ['published'],
	},
	{ action: '/admin/programs/{program}', as: 'content_manager', fields: { intent: 'publish' }, fixed: ['intent'] },
	{
		action: '/admin/programs/{program}',
		as: 'content_manager',
		fields: { intent: 'move-module', id: '{secondModule}', direction: 'up' },
		required: ['id', 'direction'],
		fixed: ['intent'],
	},
	{
		action: '/admin/programs/{program}/modules/new',
		as: 'content_manager',
		fields: { title: 'Week three', description: '', unlock: 'after_days', days: '14', opensAt: '', timeZone: 'UTC' },
		required: ['title', 'unlock', 'days'],
	},
	{
		action: '/admin/programs/{program}/modules/{firstModule}/edit',
		as: 'admin',
		fields: {
			title: 'Week one',
			description: '',
			unlock: 'on_date',
			days: '',
			opensAt: '2031-03-04T09:00',
			timeZone: 'Europe/Paris',
		},
		required: ['title', 'unlock', 'opensAt'],
	},
	{
		action: '/admin/programs/{program}/modules/{firstModule}/items/new?kind=reading',
		as: 'content_manager',
		fields: { title: 'Another reading', body: 'Some **words**.' },
		required: ['title', 'body'],
	},
	{
		action: '/admin/programs/{program}/modules/{firstModule}/items/new?kind=check',
		as: 'content_manager',
		fields: {
			title: 'Another check',
			passMark: '80',
			q1Prompt: 'One?',
			q1Choice1: 'Yes',
			q1Choice2: 'No',
			q1Answer: '1',
			q1Explanation: 'Yes.',
			q2Prompt: 'Two?',
			q2Choice1: 'Yes',
			q2Choice2: 'No',
			q2Answer: '2',
			q2Explanation: 'No.',
		},
		required: ['title', 'q1Prompt', 'q1Choice1', 'q1Answer', 'q1Explanation'],
	},
	{
		action: '/admin/programs/{program}/items/{programReading}/edit',
		as: 'admin',
		fields: { title: 'Hostile reading', body: 'Read this.' },
		required: ['title', 'body'],
	},
	{ action: '/admin/programs/{program}/items/{spareItem}/delete', as: 'admin', fields: {} },
	{ action: '/admin/programs/{program}/modules/{spareModule}/delete', as: 'admin', fields: {} },
	{
		action: '/admin/programs/{certificateProgram}/certificates/{certificate}/revoke',
		as: 'admin',
		fields: { reason: 'Shared the answers' },
	},
	// Issue 24: the discussion pages' forms, the Join and Leave buttons.
	{
		action: '/community/1/discussions',
		as: 'premium',
		fields: { intent: 'create-post', title: 'A question by form', body: 'What **works**?' },
		required: ['title', 'body'],
		fixed: ['intent'],
	},
	{
		action: '/community/1/discussions/{premiumPost}',
		as: 'premium',
		fields: { intent: 'comment', body: 'A comment by form' },
		required: ['body'],
		fixed: ['intent'],
	},
	{
		action: '/community/1/discussions/{premiumPost}?edit=post',
		as: 'premium',
		fields: { intent: 'edit-post', title: 'Edited by form', body: 'New words' },
		required: ['title', 'body'],
		fixed: ['intent'],
	},
	{
		action: '/community/1/discussions/{premiumPost}?edit={premiumComment}',
		as: 'premium',
		fields: { intent: 'edit-comment', commentId: '{premiumComment}', body: 'Edited comment' },
		required: ['commentId', 'body'],
		fixed: ['intent'],
	},
	{
		action: '/community/1/discussions/{noahPost}',
		as: 'premium',
		fields: { intent: 'react', targetType: 'post', targetId: '{noahPost}', kind: 'like', on: 'true' },
		required: ['targetType', 'targetId', 'kind', 'on'],
		fixed: ['intent'],
	},
	{
		action: '/community/1/discussions/{noahPost}',
		as: 'member',
		fields: { intent: 'follow', following: 'true' },
		required: ['following'],
		fixed: ['intent'],
	},
	{
		action: '/community/1/discussions/{noahPost}',
		as: 'moderator',
		fields: { intent: 'pin-post', pinned: 'true' },
		required: ['pinned'],
		fixed: ['intent'],
	},
	{
		action: '/community/1/discussions/{noahPost}',
		as: 'moderator',
		fields: { intent: 'lock-post', locked: 'false' },
		required: ['locked'],
		fixed: ['intent'],
	},
	{
		action: '/community/1/discussions/{noahPost}?report=post',
		as: 'premium',
		fields: { intent: 'report-post', reason: 'spam', details: '' },
		required: ['reason'],
		fixed: ['intent'],
	},
	{
		action: '/community/1/discussions/{noahPost}?report={noahComment}',
		as: 'member',
		fields: { intent: 'report-comment', commentId: '{noahComment}', reason: 'spam', details: '' },
		required: ['commentId', 'reason'],
		fixed: ['intent'],
	},
	{
		action: '/community',
		as: 'member',
		fields: { intent: 'join-community', communityId: '4' },
		required: ['communityId'],
		fixed: ['intent'],
	},
	{
		action: '/community/4',
		as: 'premium',
		fields: { intent: 'leave-community', communityId: '4' },
		required: ['communityId'],
		fixed: ['intent'],
	},
	// Last of the discussion forms: they delete what the forms above correct.
	{
		action: '/community/1/discussions/{premiumPost}',
		as: 'premium',
		fields: { intent: 'delete-comment', commentId: '{premiumComment}' },
		required: ['commentId'],
		fixed: ['intent'],
	},
	{
		action: '/community/1/discussions/{premiumPost}',
		as: 'premium',
		fields: { intent: 'delete-post' },
		fixed: ['intent'],
	},
	// Last of the chat forms: it deletes the message the edit form corrects.
	{
		action: '/community/1',
		as: 'premium',
		fields: { intent: 'delete-message', messageId: '{premiumMessage}' },
		required: ['messageId'],
		fixed: ['intent'],
	},
	// Last, as their good requests delete accounts: the content manager's own, and David's.
	{
		action: '/profile?tab=account',
		as: 'content_manager',
		fields: { intent: 'delete-account', password: DEMO_PASSWORD },
		required: ['password'],
		fixed: ['intent'],
	},
	{ action: '/admin/users/{david}/delete?tab=users', as: 'admin', fields: {} },
]

interface HostileForm {
	what: string
	body: string
	contentType?: string
	status: number
	/** Text the answer must show; without it, the form must come back with its errors marked. */
	shows?: string
}

const CSRF_FAILURE = 'Your form has expired. Please reload the page and try again.'

function hostileForms({ fields: template, required = [], fixed = [] }: FormCall, token: string): HostileForm[] {
	const fields = bodyWithIds(template, true)
	const form = (entries: Array<[string, string]>) => new URLSearchParams(entries).toString()
	const good: Array<[string, string]> = [['csrf', token], ...Object.entries(fields)]
	const cases: HostileForm[] = [
		{ what: 'no CSRF token', body: form(good.slice(1)), status: 403, shows: CSRF_FAILURE },
		{
			what: 'a forged CSRF token',
			body: form([['csrf', 'forged'], ...good.slice(1)]),
			status: 403,
			shows: CSRF_FAILURE,
		},
		{
			what: 'the form as JSON',
			body: JSON.stringify(Object.fromEntries(good)),
			contentType: 'application/json',
			status: 415,
			shows: 'Send this form as a form',
		},
		{
			what: 'the form as text/plain',
			body: form(good),
			contentType: 'text/plain',
			status: 415,
			shows: 'Send this form as a form',
		},
		{
			what: 'a broken multipart body',
			body: '--x\r\nnot a part',
			contentType: 'multipart/form-data; boundary=x',
			status: 400,
			shows: 'could not be read',
		},
		{ what: 'a megabyte more', body: form([...good, ['filler', ONE_MEGABYTE]]), status: 413, shows: 'too large' },
	]
	for (const [field, value] of Object.entries(fields)) {
		if (fixed.includes(field)) continue
		const others = good.filter(([name]) => name !== field)
		cases.push(
			{
				what: `${field} sent twice`,
				body: form([...others, [field, value], [field, value]]),
				status: 400,
				shows: 'could not be read',
			},
			{
				what: `${field} as ${field}[$ne]`,
				body: form([...others, [`${field}[$ne]`, value]]),
				status: 400,
				shows: 'could not be read',
			},
			{ what: `${field} 10 KB long`, body: form([...others, [field, TEN_KILOBYTES]]), status: 400 },
		)
		if (required.includes(field))
			cases.push(
				{ what: `${field} missing`, body: form(others), status: 400 },
				{ what: `${field} empty`, body: form([...others, [field, '']]), status: 400 },
			)
	}
	return cases
}

/** A form refused for its content comes back with the problem marked on a field or above the form. */
const FORM_ERRORS_SHOWN = /aria-invalid="true"|role="alert"|data-testid="toast"/

describe('form actions', () => {
	const tokens = new Map<Role, string>()
	const tokenOf = async (role: Role) => {
		if (!tokens.has(role)) tokens.set(role, (await as[role].csrfToken(role === 'visitor' ? '/auth' : '/dashboard'))!)
		return tokens.get(role)!
	}

	for (const endpoint of FORM_CALLS) {
		const label = `POST ${endpoint.action}${endpoint.fields.intent ? ` (${endpoint.fields.intent})` : ''} as ${endpoint.as}`
		it(`${label}: every spoiled post is refused with a readable answer, and nothing changes`, async () => {
			const token = await tokenOf(endpoint.as)
			await expectNothingChanged(async () => {
				for (const hostile of hostileForms(endpoint, token)) {
					const response = await as[endpoint.as].request(withIds(endpoint.action), {
						method: 'POST',
						headers: { 'Content-Type': hostile.contentType ?? 'application/x-www-form-urlencoded' },
						body: hostile.body,
					})
					expect.soft(response.status, hostile.what).toBe(hostile.status)
					const text = await response.text()
					if (hostile.shows) expect.soft(text, hostile.what).toContain(hostile.shows)
					else expect.soft(text, hostile.what).toMatch(FORM_ERRORS_SHOWN)
				}
			})
		})
	}

	it('a form posted to a malformed id or the id of nothing answers 404 and changes nothing', async () => {
		const FORMS_WITH_IDS: Array<{ action: string; as: Role; fields: Record<string, string>; unknown?: string }> = [
			{ action: '/content-library/{id}', as: 'premium', fields: {} },
			{ action: '/community/{id}', as: 'premium', fields: { content: 'Hello' } },
			{ action: '/messages?userId={id}', as: 'premium', fields: { content: 'Hello' } },
			{ action: '/members/{id}', as: 'member', fields: { intent: 'block-member' } },
			{
				action: '/community/{id}/discussions',
				as: 'premium',
				fields: { intent: 'create-post', title: 'Nowhere', body: 'x' },
			},
			{ action: '/community/1/discussions/{id}', as: 'premium', fields: { intent: 'comment', body: 'Hello?' } },
			{ action: '/admin/users/{id}/role', as: 'admin', fields: { role: 'admin' } },
			// Deleting someone already gone goes back to the list with "Failed to delete user".
			{ action: '/admin/users/{id}/delete', as: 'admin', fields: {}, unknown: '302' },
			{ action: '/admin/videos/{id}/edit', as: 'admin', fields: VIDEO_FORM },
			{ action: '/admin/communities/{id}/edit', as: 'admin', fields: { name: 'Nope' } },
			{ action: '/admin/events/{id}/edit', as: 'admin', fields: EVENT_FORM },
			{ action: '/admin/resources/{id}/edit', as: 'admin', fields: { title: 'Nope', type: 'pdf', url: '/x.pdf' } },
			{ action: '/admin/programs/{id}/edit', as: 'admin', fields: { title: 'Nope' } },
			{ action: '/programs/{id}', as: 'premium', fields: { intent: 'start' } },
			{ action: '/programs/1/items/{id}', as: 'premium', fields: { intent: 'done' } },
			{ action: '/admin/programs/{id}', as: 'admin', fields: { intent: 'publish' } },
			{ action: '/admin/programs/1/modules/{id}/edit', as: 'admin', fields: { title: 'Nope', unlock: 'immediately' } },
			{
				action: '/admin/programs/1/modules/{id}/items/new?kind=reading',
				as: 'admin',
				fields: { title: 'Nope', body: 'x' },
			},
			{ action: '/admin/programs/1/items/{id}/edit', as: 'admin', fields: { title: 'Nope', body: 'x' } },
			{ action: '/admin/programs/1/items/{id}/delete', as: 'admin', fields: {} },
			{ action: '/admin/programs/1/modules/{id}/delete', as: 'admin', fields: {} },
			{ action: '/admin/programs/3/certificates/{id}/revoke', as: 'admin', fields: { reason: '' } },
			{ action: '/admin/videos/{id}/captions', as: 'admin', fields: { intent: 'save-chapters', chapters: '0:00 A' } },
			// Deleting what is already gone goes back to the list with "Failed to delete ..." (admin-pages.test.ts).
			...['videos', 'communities', 'events', 'resources', 'programs'].map((entity) => ({
				action: `/admin/${entity}/{id}/delete`,
				as: 'admin' as const,
				fields: {},
				unknown: '302',
			})),
		]
		await expectNothingChanged(async () => {
			for (const { action, as: role, fields, unknown } of FORMS_WITH_IDS) {
				const token = await tokenOf(role)
				for (const id of [...MALFORMED_IDS, UNKNOWN_ID]) {
					const response = await as[role].postForm(action.replace('{id}', id), { csrf: token, ...fields })
					const expected = id === UNKNOWN_ID && unknown ? Number(unknown) : 404
					expect.soft(response.status, `${action} with id ${id}`).toBe(expected)
				}
			}
		})
	})

	it("an unsubscribe link's post (no CSRF token: the signed link is the authority) refuses what is not its one-click body, and a link not made here", async () => {
		await expectNothingChanged(async () => {
			const CASES: Array<{
				what: string
				path: string
				body: string
				contentType?: string
				status: number
				shows: string
			}> = [
				{
					what: 'a token that was not made here',
					path: '/unsubscribe?token=1.mentions.forged',
					body: 'List-Unsubscribe=One-Click',
					status: 400,
					shows: 'This unsubscribe link is not valid.',
				},
				{
					what: 'an operator for a token',
					path: `/unsubscribe?${encodeURIComponent('token[$ne]')}=x`,
					body: 'List-Unsubscribe=One-Click',
					status: 400,
					shows: 'This unsubscribe link is not valid.',
				},
				{
					what: 'a token 10 KB long',
					path: `/unsubscribe?token=${TEN_KILOBYTES}`,
					body: 'List-Unsubscribe=One-Click',
					status: 400,
					shows: 'This unsubscribe link is not valid.',
				},
				{
					what: 'JSON',
					path: '/unsubscribe?token=1.mentions.forged',
					body: '{"List-Unsubscribe":"One-Click"}',
					contentType: 'application/json',
					status: 415,
					shows: 'Send this form as a form',
				},
				{
					what: 'a field sent twice',
					path: '/unsubscribe?token=1.mentions.forged',
					body: 'List-Unsubscribe=One-Click&List-Unsubscribe=One-Click',
					status: 400,
					shows: 'could not be read',
				},
				{
					what: 'a megabyte',
					path: '/unsubscribe?token=1.mentions.forged',
					body: `List-Unsubscribe=${ONE_MEGABYTE}`,
					status: 413,
					shows: 'too large',
				},
			]
			for (const hostile of CASES) {
				const response = await new TestClient(server.url).request(hostile.path, {
					method: 'POST',
					headers: { 'Content-Type': hostile.contentType ?? 'application/x-www-form-urlencoded' },
					body: hostile.body,
				})
				expect.soft(response.status, hostile.what).toBe(hostile.status)
				expect.soft(await response.text(), hostile.what).toContain(hostile.shows)
			}
		})
	})

	it('the sidebar toggle never sends anyone off the site, whatever redirectTo says', async () => {
		const token = await tokenOf('member')
		// Browsers drop tabs and newlines from addresses, so `/<tab>/evil.example` would be `//evil.example`.
		for (const redirectTo of [
			'//evil.example',
			'https://evil.example/',
			'/\\evil.example',
			'javascript:alert(1)',
			'%2F%2Fevil.example',
			'/\t/evil.example',
			'/\n/evil.example',
			'/\r\n/evil.example',
			' //evil.example',
		]) {
			const response = await as.member.postForm('/sidebar', { csrf: token, collapsed: 'false', redirectTo })
			expect.soft(response.status, redirectTo).toBe(302)
			expect.soft(response.headers.get('Location'), redirectTo).toBe('/dashboard')
		}
	})
})

// ---------------------------------------------------------------------------
// Socket events
// ---------------------------------------------------------------------------

describe('socket events', () => {
	let premium: Member
	let david: Member
	let socket: ChatClient
	const open: ChatClient[] = []

	beforeAll(async () => {
		premium = await demoMember(server.url, 'premium')
		david = await demoMember(server.url, 'david')
		socket = await connectChat(server.url, premium)
		open.push(socket)
	})
	afterAll(() => open.forEach((client) => client.close()))

	/** The good payload of each event of product §7 (and the optional `subscribe`), and its id fields. */
	const EVENTS = () => ({
		auth: { good: { userId: premium.id, username: premium.username }, idFields: [] as string[] },
		community_message: { good: { content: 'Hello room', communityId: 1 }, idFields: ['communityId'] },
		private_message: { good: { content: 'Hello David', recipientId: david.id }, idFields: ['recipientId'] },
		// Typing in a room nobody reads is harmless, so typing's ids are not checked against the database.
		typing: {
			good: { isTyping: true, targetId: 1, isPrivate: false },
			idFields: [] as string[],
			optional: ['isPrivate'],
		},
		subscribe: {
			good: { communityIds: [1], conversationWith: david.id },
			idFields: [] as string[],
			optional: ['conversationWith'],
		},
		edit_message: { good: { messageId: ids.premiumMessage, content: 'Corrected' }, idFields: ['messageId'] },
		delete_message: { good: { messageId: ids.premiumMessage }, idFields: ['messageId'] },
	})

	function hostilePayloads({
		good,
		idFields,
		optional = [],
	}: {
		good: Record<string, unknown>
		idFields: string[]
		optional?: string[]
	}): Array<[string, unknown[]]> {
		const payloads: Array<[string, unknown[]]> = [
			['no payload at all', []],
			...[null, 'text', 42, true, [], {}].map((value): [string, unknown[]] => [
				`the payload ${JSON.stringify(value)}`,
				[value],
			]),
			...OPERATORS.map((operator): [string, unknown[]] => [`only ${JSON.stringify(operator)}`, [operator]]),
		]
		for (const [field, value] of Object.entries(good)) {
			const { [field]: _left, ...without } = good
			const spoiled = (bad: unknown): [string, unknown[]] => [
				`${field} = ${JSON.stringify(bad).slice(0, 30)}`,
				[{ ...good, [field]: bad }],
			]
			payloads.push(
				...OPERATORS.map(spoiled),
				spoiled(wrongType(value)),
				spoiled(null),
				spoiled([value, value]),
				spoiled(TEN_KILOBYTES),
			)
			if (!optional.includes(field)) payloads.push([`${field} missing`, [without]])
			if (idFields.includes(field)) payloads.push(...[-1, 1.5, 0, 'abc', '%00', 99_999_999_999].map(spoiled))
		}
		return payloads
	}

	it('every spoiled payload of every event gets an error with a message, stores nothing, and the connection stays', async () => {
		await expectNothingChanged(async () => {
			for (const [event, spec] of Object.entries(EVENTS())) {
				for (const [what, args] of hostilePayloads(spec)) {
					const errorsBefore = socket.errors.length
					socket.socket.emit(event, ...args)
					await socket.waitUntil(
						() => socket.errors.length > errorsBefore,
						`${event} with ${what} is answered with an error`,
					)
					const message = socket.errors.at(-1)
					expectReadable(message, undefined, `${event} with ${what}`)
					expect.soft(message, `${event} with ${what}: a refusal, not a server fault`).not.toMatch(/try again later/)
				}
			}
			expect(socket.socket.connected).toBe(true)
		})
		// Still the same working connection: a good `auth` is answered as ever.
		const answered = new Promise<void>((resolve) => socket.socket.once('auth_success', () => resolve()))
		socket.socket.emit('auth', EVENTS().auth.good)
		await answered
	})

	it('sends are refused through their acknowledgement too', async () => {
		await expectNothingChanged(async () => {
			for (const event of ['community_message', 'private_message', 'edit_message', 'delete_message'] as const) {
				for (const [what, args] of hostilePayloads(EVENTS()[event]).filter(([, args]) => args.length === 1)) {
					const ack = await socket.send(event, args[0])
					expect.soft(ack.ok, `${event} with ${what}`).toBe(false)
					expectReadable(ack.message, undefined, `${event} with ${what}`)
				}
			}
		})
	})

	it('before `auth`, every event is refused with "send auth first"', async () => {
		const early = await connectChat(server.url, premium, { auth: false })
		open.push(early)
		await expectNothingChanged(async () => {
			for (const [event, { good }] of Object.entries(EVENTS())) {
				if (event === 'auth') continue
				const errorsBefore = early.errors.length
				early.socket.emit(event, good)
				await early.waitUntil(() => early.errors.length > errorsBefore, `${event} is refused before auth`)
				expect.soft(early.errors.at(-1), event).toBe('Not authenticated: send auth first')
			}
		})
	})

	/** The events that need no `auth` and answer through an acknowledgement: a good payload, and spoiled ones of their own. */
	const ACKNOWLEDGED = {
		'viewing (which page a tab shows, docs/decisions/181)': {
			event: 'viewing',
			good: { path: '/messages?userId=1', visible: true },
			more: ['//evil.example/x', 'https://evil.example/', 'relative/path', '/with space'].map((path) => ({ path })),
		},
		"badges (what the layout's socket missed, docs/decisions/100)": {
			event: 'badges',
			good: { notificationsAfter: 0 },
			more: [-1, 0.5, '7', 2 ** 60].map((notificationsAfter) => ({ notificationsAfter })),
		},
	}

	it.each(Object.entries(ACKNOWLEDGED))(
		'%s: every spoiled payload is refused with a message, by error and acknowledgement, and the connection stays',
		async (_about, { event, good, more }) => {
			const spoiled = [
				...hostilePayloads({ good, idFields: [] }).filter(([, args]) => args.length === 1),
				...more.map((fields): [string, unknown[]] => [JSON.stringify(fields), [{ ...good, ...fields }]]),
			]
			await expectNothingChanged(async () => {
				for (const [what, [payload]] of spoiled) {
					const errorsBefore = socket.errors.length
					const ack = (await socket.socket.timeout(10_000).emitWithAck(event, payload)) as {
						ok: boolean
						message?: string
					}
					expect.soft(ack.ok, `${event} with ${what}`).toBe(false)
					expectReadable(ack.message, undefined, `${event} with ${what}`)
					await socket.waitUntil(
						() => socket.errors.length > errorsBefore,
						`${event} with ${what} is answered with an error`,
					)
				}
			})
			expect(await socket.socket.timeout(10_000).emitWithAck(event, good)).toMatchObject({ ok: true })
			expect(socket.socket.connected).toBe(true)
		},
	)

	it('a payload over 64 KB closes that one connection, stores nothing, and the member reconnects at once', async () => {
		const sender = await connectChat(server.url, premium)
		open.push(sender)
		const closed = new Promise<string>((resolve) => sender.socket.once('disconnect', resolve))
		const messagesBefore = await MessageModel.countDocuments()
		sender.socket.emit('community_message', { content: ONE_MEGABYTE, communityId: 1 })
		expect(await closed).toBe('transport close')
		expect(await MessageModel.countDocuments()).toBe(messagesBefore)
		expect(socket.socket.connected, 'other connections are untouched').toBe(true)
		const again = await connectChat(server.url, premium)
		open.push(again)
		expect(again.socket.connected).toBe(true)
	})
})

// ---------------------------------------------------------------------------
// Ids and privileges in a body are the session's, never the request's
// ---------------------------------------------------------------------------

describe('who did it comes from the session', () => {
	it('createdBy, senderId, userId and role in a body are ignored', async () => {
		const managerId = await userIdOf('manager')
		const adminId = await userIdOf('admin')
		const premium = await demoMember(server.url, 'premium')

		const event = await (
			await as.content_manager.json('POST', '/api/admin/events', { ...EVENT, createdBy: adminId })
		).json()
		expect((await EventModel.findOne({ id: event.id }).lean())?.createdBy).toBe(managerId)
		const resource = await (
			await as.content_manager.json('POST', '/api/admin/resources', { ...RESOURCE, createdBy: adminId })
		).json()
		expect((await ResourceModel.findOne({ id: resource.id }).lean())?.createdBy).toBe(managerId)

		// The same through the forms without JavaScript.
		const token = (await as.content_manager.csrfToken('/dashboard'))!
		await as.content_manager.postForm('/admin/resources/new?tab=resources', {
			csrf: token,
			formOnce: newOnceToken(),
			title: 'Form Resource',
			type: 'pdf',
			url: '/f.pdf',
			createdBy: String(adminId),
		})
		expect((await ResourceModel.findOne({ title: 'Form Resource' }).lean())?.createdBy).toBe(managerId)
		const memberToken = (await as.member.csrfToken('/dashboard'))!
		await as.member.postForm('/profile', {
			csrf: memberToken,
			intent: 'profile',
			name: 'Sam Rivera',
			email: 'member@example.com',
			role: 'admin',
			subscriptionStatus: 'active',
			id: String(adminId),
		})
		expect(await UserModel.findOne({ id: ids.self }).lean()).toMatchObject({
			role: 'member',
			subscriptionStatus: 'inactive',
		})
		expect((await UserModel.findOne({ id: adminId }).lean())?.email).toBe('admin@example.com')

		// And over the socket: the sender is whoever the session says.
		const chat = await connectChat(server.url, premium)
		const roomAck = await chat.send('community_message', {
			content: 'Signed by me',
			communityId: 1,
			senderId: adminId,
			userId: adminId,
			senderName: 'Alex Morgan',
		})
		const privateAck = await chat.send('private_message', {
			content: 'Also me',
			recipientId: ids.david,
			senderId: adminId,
		})
		chat.close()
		for (const ack of [roomAck, privateAck]) {
			expect(ack.ok).toBe(true)
			expect((await MessageModel.findOne({ id: ack.id }).lean())?.senderId).toBe(premium.id)
		}

		// A note is the caller's, whoever the body names (docs/decisions/172).
		const written = await (
			await as.premium.json('POST', '/api/videos/2/notes', { atSeconds: 5, text: 'Mine', userId: adminId })
		).json()
		expect((await NoteModel.findOne({ id: written.id }).lean())?.userId).toBe(ids.premium)
	})
})

// Last, as it changes what it touches.
describe('uploads and streams (docs/decisions/175–177)', () => {
	/**
	 * The tus endpoint, the video dialog's form carrying a file, Retry, and
	 * the stream addresses, each spoiled one way at a time: 4xx with words,
	 * never a 5xx, no upload kept, no lesson made, nothing read from outside
	 * a stream's folder.
	 */
	const clips = temporaryFolder('hostile-clips')
	let clip = ''
	let key = ''
	let lessonId = 0
	beforeAll(async () => {
		clip = await makeClip(path.join(clips, 'hostile.mp4'), { seconds: 2 })
		const upload = await uploadFile(as.content_manager, clip)
		key = upload.key!
		const lesson = await as.content_manager.json('POST', '/api/admin/videos', {
			title: 'Hostile stream',
			url: upload.url,
		})
		lessonId = ((await lesson.json()) as { id: number }).id
		await waitForState(key, 'ready')
		await waitUntilPlayable(as.content_manager, upload.url!)
	})
	afterAll(() => fs.rmSync(clips, { recursive: true, force: true }))

	/** Nothing kept, whatever the attack: no new upload record, no new file outside the incoming uploads. */
	async function expectNothingKept(attack: () => Promise<void>) {
		const before = [
			await MediaAssetModel.countDocuments(),
			filesUnder(path.join(mediaDir, 'streams')),
			filesUnder(path.join(mediaDir, 'sources')),
		]
		await expectNothingChanged(attack)
		expect([
			await MediaAssetModel.countDocuments(),
			filesUnder(path.join(mediaDir, 'streams')),
			filesUnder(path.join(mediaDir, 'sources')),
		]).toEqual(before)
	}

	const readable = async (response: Response, what: string) => {
		expect.soft(response.status, what).toBeGreaterThanOrEqual(400)
		expect.soft(response.status, what).toBeLessThan(500)
		if (response.status !== 404 && response.status !== 405) expectReadable(await response.text(), undefined, what)
		else await response.arrayBuffer()
	}

	it('tus: bad headers, bad offsets, other ids and other methods answer 4xx in words', async () => {
		const manager = as.content_manager
		const bytes = fs.readFileSync(clip)
		const { location } = await startUpload(manager, bytes.length)
		await expectNothingKept(async () => {
			const tus = { 'Tus-Resumable': '1.0.0' }
			const attempts: Array<[string, RequestInit & { path?: string }]> = [
				['no Tus-Resumable', { method: 'POST', headers: { 'Upload-Length': '10' } }],
				['no length', { method: 'POST', headers: tus }],
				...['abc', '-1', '1.5', '1e9', '9'.repeat(30), ''].map(
					(length) =>
						[`Upload-Length ${length}`, { method: 'POST', headers: { ...tus, 'Upload-Length': length } }] as [
							string,
							RequestInit,
						],
				),
				[
					'metadata that is not base64',
					{ method: 'POST', headers: { ...tus, 'Upload-Length': '10', 'Upload-Metadata': 'filename %%%' } },
				],
				[
					'a cross-site page',
					{ method: 'POST', headers: { ...tus, 'Upload-Length': '10', Origin: 'https://evil.example' } },
				],
				['GET an upload', { method: 'GET', path: location! }],
				['PUT', { method: 'PUT', headers: tus }],
				[
					'an offset that is not where the upload is',
					{
						method: 'PATCH',
						path: location!,
						headers: { ...tus, 'Upload-Offset': '500', 'Content-Type': 'application/offset+octet-stream' },
						body: 'x',
					},
				],
				[
					'an offset that is no number',
					{
						method: 'PATCH',
						path: location!,
						headers: { ...tus, 'Upload-Offset': 'abc', 'Content-Type': 'application/offset+octet-stream' },
						body: 'x',
					},
				],
				[
					'the wrong content type',
					{
						method: 'PATCH',
						path: location!,
						headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/json' },
						body: '{}',
					},
				],
				[
					'more than the upload declared',
					{
						method: 'PATCH',
						path: location!,
						headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
						body: new Uint8Array(bytes.length + 10),
					},
				],
			]
			for (const name of ['..%2F..%2Fpackage.json', 'abc', '0'.repeat(32), '%00', 'a'.repeat(300), '$where', '..'])
				attempts.push([
					`PATCH /uploads/${name.slice(0, 20)}`,
					{
						method: 'PATCH',
						path: `/uploads/${name}`,
						headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
						body: 'x',
					},
				])
			for (const [what, { path: target = '/uploads', ...init }] of attempts)
				await readable(await manager.request(target, init), what)
		})
		// The upload is where it was: nothing those requests sent was written to it.
		expect((await sendChunk(manager, location!, 0, bytes.subarray(0, 10))).status).toBe(204)
	})

	it('the video dialog carrying a file: odd parts, names and sizes answer 4xx and keep nothing', async () => {
		const manager = as.content_manager
		const token = (await manager.csrfToken('/dashboard'))!
		const video = new Blob([fs.readFileSync(clip)])
		const forms: Array<[string, (form: FormData) => void]> = [
			['no CSRF token', (form) => form.delete('csrf')],
			['the file under another name', (form) => (form.delete('file'), form.set('avatar', video, 'a.mp4'))],
			['two files', (form) => form.append('file', video, 'b.mp4')],
			['a field named title[$ne]', (form) => form.set('title[$ne]', 'x')],
			['a field sent twice', (form) => form.append('title', 'again')],
			['a huge field', (form) => form.set('description', 'x'.repeat(400 * 1024))],
			['a file that is not a video', (form) => form.set('file', new Blob(['not a video']), 'notes.mp4')],
		]
		await expectNothingKept(async () => {
			for (const [what, spoil] of forms) {
				const form = new FormData()
				form.set('csrf', token)
				form.set('intent', 'save-video')
				form.set('title', 'Hostile upload')
				form.set('file', video, 'lesson.mp4')
				spoil(form)
				await readable(await manager.request('/admin/videos/new?tab=content', { method: 'POST', body: form }), what)
			}
			const garbled = await manager.request('/admin/videos/new?tab=content', {
				method: 'POST',
				headers: { 'Content-Type': 'multipart/form-data; boundary=nothing-like-it' },
				body: 'this is not multipart at all',
			})
			await readable(garbled, 'a body that is not multipart')
		})
	})

	it('Retry: malformed and unknown ids, no token, a GET', async () => {
		await expectNothingKept(async () => {
			for (const id of MALFORMED_IDS) {
				const response = await as.content_manager.submitForm('/dashboard', {}, `/admin/videos/${id}/retry`)
				expect.soft([400, 404], `retry ${id}`).toContain(response.status)
			}
			const unknown = await as.content_manager.submitForm('/dashboard', {}, `/admin/videos/${UNKNOWN_ID}/retry`)
			expect(unknown.status).toBe(302)
			const notice = await (await as.content_manager.get(unknown.headers.get('Location')!)).text()
			expect(notice).toContain('Video not found')
			const noToken = await as.content_manager.postForm(`/admin/videos/${lessonId}/retry`, {})
			expect(noToken.status).toBe(403)
			expect((await as.content_manager.get(`/admin/videos/${lessonId}/retry`)).status).toBe(302)
		})
	})

	it('stream addresses: odd keys, renditions, files and signatures answer 4xx, never a file outside the stream', async () => {
		const master = await (await as.premium.get(`/media/streams/${key}/master.m3u8`)).text()
		const signed = master.split('\n').find((line) => line.startsWith('/media/'))!
		const [, query] = signed.split('?')
		const paths = [
			...['..', 'abc', '0'.repeat(33), '%2e%2e', 'A'.repeat(32), '$where'].map(
				(bad) => `/media/streams/${bad}/master.m3u8`,
			),
			`/media/streams/${key}/..%2F..%2Fpackage.json`,
			`/media/streams/${key}/%2e%2e/%2e%2e/package.json?${query}`,
			`/media/streams/${key}/180p/..%2Findex.m3u8?${query}`,
			`/media/streams/${key}/x/index.m3u8?${query}`,
			`/media/streams/${key}/180p/seg_1.ts?${query}`,
			`/media/streams/${key}/180p/index.m3u8%00?${query}`,
			...[
				'expires=abc&signature=x',
				'expires[]=1&signature=x',
				'expires=1&expires=2&signature=x',
				'signature[$ne]=1&expires=9999999999',
				`expires=${'9'.repeat(40)}&signature=x`,
				'',
			].map((odd) => `${signed.split('?')[0]}?${odd}`),
		]
		for (const attempt of paths) {
			const response = await as.premium.get(attempt)
			expect.soft([400, 403, 404], attempt.slice(0, 80)).toContain(response.status)
			const body = await response.text()
			expect.soft(body, attempt.slice(0, 80)).not.toContain('"name"')
			expect.soft(body, attempt.slice(0, 80)).not.toContain('#EXTM3U')
		}
		// Odd byte ranges on the single file: the file, a part, or 416.
		for (const range of ['bytes=abc', 'bytes=5-1', 'bytes=99999999999999999999-', 'items=0-10']) {
			const response = await as.premium.request(`/media/streams/${key}/progressive.mp4`, { headers: { Range: range } })
			expect.soft([200, 206, 416], range).toContain(response.status)
			await response.arrayBuffer()
		}
	})
})

describe('the good requests of the tables', () => {
	it('are accepted, so each refusal above is the spoiled part’s doing', async () => {
		// Corrections come within 15 minutes of sending, however long the tables above took.
		await MessageModel.updateOne({ id: ids.premiumMessage }, { $set: { createdAt: new Date() } })
		const clientFor = (role: Role) => (role === 'visitor' ? new TestClient(server.url) : as[role])
		// Requests that delete an account go last, JSON and forms alike: the other rows still need those accounts.
		const deletesJson = ({ call }: (typeof JSON_CALLS)[number]) => call === 'DELETE /api/users/me'
		const deletesForm = ({ action, fields }: (typeof FORM_CALLS)[number]) =>
			fields.intent === 'delete-account' || /^\/admin\/users\/[^/]+\/delete/.test(action)
		const sendJson = async ({ call, as: role, body }: (typeof JSON_CALLS)[number]) => {
			const [method, path] = call.split(' ') as [string, string]
			const response = await clientFor(role).json(method, withIds(path), bodyWithIds(body))
			expect.soft(response.status, call).toBeLessThan(300)
		}
		const sendForm = async ({ action, as: role, fields, accepted }: (typeof FORM_CALLS)[number]) => {
			const client = clientFor(role)
			const token = await client.csrfToken(role === 'visitor' ? '/auth' : '/dashboard')
			// A creating form carries its rendered form's token (decision 204): a fresh one, as a freshly loaded page has.
			const response = await client.postForm(withIds(action), {
				csrf: token!,
				formOnce: newOnceToken(),
				...bodyWithIds(fields, true),
			})
			// Accepted: sent on (302, 303), or answered in place (200: /forgot-password says what it did on the page).
			expect
				.soft(accepted ? [accepted] : [200, 302, 303], `POST ${action} ${fields.intent ?? ''}`)
				.toContain(response.status)
			// Logging out ends the session the next rows use.
			if (action === '/logout' || fields.intent === 'logout-all')
				as[role] = await logIn(server.url, ACCOUNT_OF[role as AccountRole])
		}
		for (const row of JSON_CALLS.filter((row) => !deletesJson(row))) await sendJson(row)
		for (const row of FORM_CALLS.filter((row) => !deletesForm(row))) await sendForm(row)
		for (const row of JSON_CALLS.filter(deletesJson)) await sendJson(row)
		for (const row of FORM_CALLS.filter(deletesForm)) await sendForm(row)
	})
})
