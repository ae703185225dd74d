import mongoose from 'mongoose'
import { beforeAll, describe, expect, it } from 'vitest'
import {
	BlockModel,
	CaptionTrackModel,
	MuteModel,
	PodMemberModel,
	ProgramEnrolmentModel,
	ProgramModel,
	ProgressModel,
	RsvpModel,
	UserModel,
	VideoModel,
} from '#models/index'
import { userIdOf } from './admin-helpers'
import { type TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { visitPage } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'

/**
 * What a page reads on a visit where nothing changed (the Server-Timing
 * query count, decision 082). A room's page reads its room once (what it
 * shows and who may read it share the read) and holds its member count
 * under the `people` stamp with its member list (decision 226): a member
 * joining or leaving, written by another process (this test's), is in the
 * very next count. `/messages` and the dashboard read each thing they ask
 * for twice only once (decision 227); the dashboard's programs take the
 * lessons the member completed from the same started videos (decision 230),
 * and holds the programs and their lessons' videos under the `catalogue`
 * stamp, which any write to a program renews (decision 231), as it holds
 * the library's videos Continue Learning draws (decision 235).
 */
const server = useSeededTestServer()
let premium: TestClient

beforeAll(async () => {
	premium = await logIn(server.url, 'premium')
})

/** The fewest queries of a few visits: other held reads are read again now and then on their own, which only adds. */
async function fewestQueriesOf(path: string): Promise<number> {
	const queries: number[] = []
	for (let visit = 0; visit < 3; visit++) queries.push((await visitPage(premium, path)).queries)
	return Math.min(...queries)
}

async function roomPage(): Promise<{ members: number; queries: number }> {
	const { html, queries } = await visitPage(premium, '/community/1')
	return { members: Number(/(\d+) members?</.exec(html)?.[1]), queries }
}

describe("a room's page", () => {
	it('counts a member who joins or leaves on the very next visit', async () => {
		const before = await roomPage()
		expect(before.members).toBe(await UserModel.countDocuments({ communityIds: 1 }))
		const outsider = (await UserModel.findOne({ communityIds: mongoose.trusted({ $ne: 1 }) }).lean())!
		await UserModel.updateOne({ id: outsider.id }, { $addToSet: { communityIds: 1 } })
		expect((await roomPage()).members).toBe(before.members + 1)
		// Back as it was: an account that had chosen nothing yet (no `communityIds`) is not left having chosen none.
		await UserModel.updateOne(
			{ id: outsider.id },
			outsider.communityIds ? { $set: { communityIds: outsider.communityIds } } : { $unset: { communityIds: 1 } },
		)
		expect((await roomPage()).members).toBe(before.members)
	})

	it('costs the session, the account, the room and the stamps when nothing changed: four queries (the mute is held, decision 250)', async () => {
		expect(await fewestQueriesOf('/community/1')).toBe(4)
	})
})

describe("a room's page and the member's mute, held under their layout version (decision 250)", () => {
	it('shows a mute given by another process on the very next visit, and no longer once its time is over, with no write', async () => {
		const premiumId = await userIdOf('premium')
		const reason = 'Held-read check: cooling off'
		expect((await visitPage(premium, '/community/1')).html).not.toContain(reason)
		// Long enough for the visit below to come before it ends on a slow machine.
		const until = new Date(Date.now() + 5_000)
		await MuteModel.create({ userId: premiumId, until, reason, mutedBy: await userIdOf('moderator') })
		try {
			expect((await visitPage(premium, '/community/1')).html).toContain(reason)
			// The mute ends by the clock: nothing is written when it does, and the next visit no longer shows it.
			await new Promise((resolve) => setTimeout(resolve, until.getTime() - Date.now() + 50))
			expect((await visitPage(premium, '/community/1')).html).not.toContain(reason)
		} finally {
			await MuteModel.deleteOne({ userId: premiumId })
		}
	})

	it('takes the composer away on the next visit after a mute until lifted, and gives it back once it is lifted', async () => {
		const premiumId = await userIdOf('premium')
		await MuteModel.updateOne(
			{ userId: premiumId },
			{ $set: { until: null, reason: 'Held-read check: lifted later', mutedBy: await userIdOf('moderator') } },
			{ upsert: true },
		)
		try {
			const muted = (await visitPage(premium, '/community/1')).html
			expect(muted).toContain('You are muted until a moderator lifts the mute')
			expect(muted).not.toContain('id="chat-form"')
		} finally {
			await MuteModel.deleteOne({ userId: premiumId })
		}
		const lifted = (await visitPage(premium, '/community/1')).html
		expect(lifted).not.toContain('You are muted')
		expect(lifted).toContain('id="chat-form"')
	})
})

describe('/messages', () => {
	it('costs the session, the account, the contacts, the conversations and their people: five queries (the blocks are held, decision 250)', async () => {
		expect(await fewestQueriesOf('/messages')).toBe(5)
	})

	it('leaves out a member blocked by another process on the very next visit, and lists them again once unblocked', async () => {
		const premiumId = await userIdOf('premium')
		const { html } = await visitPage(premium, '/messages')
		const contactId = Number(/href="\/messages\?userId=(\d+)"/.exec(html)?.[1])
		expect(contactId).toBeGreaterThan(0)
		const linkToThem = `href="/messages?userId=${contactId}"`
		await BlockModel.create({ blockerId: premiumId, blockedId: contactId })
		try {
			expect((await visitPage(premium, '/messages')).html).not.toContain(linkToThem)
		} finally {
			await BlockModel.deleteOne({ blockerId: premiumId, blockedId: contactId })
		}
		expect((await visitPage(premium, '/messages')).html).toContain(linkToThem)
	})
})

/**
 * Renames something the dashboard holds, as another process would, and checks the very next visit shows the new
 * name (reading it again), the visits after it read nothing more, and the name is back afterwards.
 */
async function expectRenameOnTheNextDashboard(title: string, setTitle: (title: string) => Promise<unknown>) {
	const renamed = `${title} (renamed)`
	await setTitle(renamed)
	try {
		const afterRename = await visitPage(premium, '/dashboard')
		expect(afterRename.html).toContain(renamed)
		expect(afterRename.queries).toBeGreaterThan(6)
		expect(await fewestQueriesOf('/dashboard')).toBe(6)
	} finally {
		// Back as it was, whatever failed: the file's other tests share it.
		await setTitle(title)
	}
	const afterRestore = await visitPage(premium, '/dashboard')
	expect(afterRestore.html).not.toContain(renamed)
	expect(afterRestore.html).toContain(title)
}

describe('the dashboard', () => {
	it("reads the member's started videos once for Videos Watched, Continue Learning and the programs' lessons, and holds the programs, the library and the blocks: six queries when nothing changed", async () => {
		expect(await fewestQueriesOf('/dashboard')).toBe(6)
	})

	it('shows a video of Continue Learning renamed by another process on the very next visit, reading the library again only then', async () => {
		const record = (await ProgressModel.findOne({
			userId: await userIdOf('premium'),
			progress: mongoose.trusted({ $gt: 0, $lt: 95 }),
		})
			.sort({ updatedAt: -1 })
			.lean())!
		const video = (await VideoModel.findOne({ id: record.videoId }).lean())!
		await expectRenameOnTheNextDashboard(video.title, (title) =>
			VideoModel.updateOne({ id: video.id }, { $set: { title } }),
		)
	})

	it('shows a program renamed by another process on the very next visit, reading the programs again only then', async () => {
		const enrolment = (await ProgramEnrolmentModel.findOne({ userId: await userIdOf('premium') }).lean())!
		const program = (await ProgramModel.findOne({ id: enrolment.programId }).lean())!
		await expectRenameOnTheNextDashboard(program.title, (title) =>
			ProgramModel.updateOne({ id: program.id }, { $set: { title } }),
		)
	})
})

describe('the lesson page', () => {
	it('reads the lesson once, for itself and for the notes: nine queries (the session, the account, the lesson, its chapters, its captions, the transcript shown, the related lessons, the progress and the notes)', async () => {
		// A lesson with captions and a category, so that every one of those reads is made.
		const captioned = await CaptionTrackModel.distinct('videoId')
		const lesson = (await VideoModel.findOne({
			id: mongoose.trusted({ $in: captioned }),
			category: mongoose.trusted({ $nin: [null, ''] }),
			awaitingStream: mongoose.trusted({ $ne: true }),
		}).lean())!
		expect(await fewestQueriesOf(`/content-library/${lesson.id}`)).toBe(9)
	})
})

describe('/pods', () => {
	it("reads the member's pods and their programs in one query each, however many pods: five queries", async () => {
		const pods = await PodMemberModel.countDocuments({ userId: await userIdOf('premium'), state: 'active' })
		expect(pods).toBeGreaterThan(1)
		expect(await fewestQueriesOf('/pods')).toBe(5)
	})
})

describe("a pod's page (decision 251)", () => {
	it('reads its access, its program and its lessons once for the page, its chat and its progress, and everyone it names at once: fifteen queries', async () => {
		const membership = (await PodMemberModel.findOne({ userId: await userIdOf('premium'), state: 'active' }).lean())!
		// The session, the account; the pod and the membership; the program and its lessons; the members, check-ins
		// and replies; the people named; the members' enrolments, items done and lessons completed; the room and who
		// reads it.
		expect(await fewestQueriesOf(`/pods/${membership.podId}`)).toBe(15)
	})
})

describe("an event's page (decision 251)", () => {
	it("reads who is going once for the member's answer, the faces and the list, and their people once: five queries", async () => {
		const [busiest] = await RsvpModel.aggregate<{ _id: number }>([
			{ $match: { going: true } },
			{ $group: { _id: '$eventId', going: { $sum: 1 } } },
			{ $sort: { going: -1, _id: 1 } },
			{ $limit: 1 },
		])
		// The session, the account, the event, who is going, and the people listed (the faces are the first of them).
		expect(await fewestQueriesOf(`/events/${busiest!._id}`)).toBe(5)
	})
})

describe("a member's card (decision 251)", () => {
	it('reads the member once, and whether either blocked the other once: five queries', async () => {
		const other = (await UserModel.findOne({ username: 'member' }).lean())!
		// The session, the account, the member, the communities in common, the blocks between the two.
		expect(await fewestQueriesOf(`/members/${other.id}`)).toBe(5)
	})
})
