import { beforeAll, describe, expect, it } from 'vitest'
import {
	CommunityModel,
	MessageModel,
	ProgressModel,
	SubscriptionEventModel,
	UserModel,
	VideoModel,
	nextId,
} from '#models/index'
import { type Insights as InsightsShape } from '~/lib/insights'
import { startOfWeek } from '~/services/admin/insights.server'
import { hashPassword } from '~/services/account/password.server'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { pageHtml } from '../setup/page-html'
import { useTestServer } from '../setup/seeded-server'
import { connectChat, newMember } from './chat-helpers'

/**
 * product §2 "Insights" and the members export: figures computed from a
 * database whose every member, subscription change, lesson and message this
 * file writes itself, so each number is known; content managers see all but
 * revenue; the charts are SVG with tables; the CSV quotes what must be
 * quoted. Also: members' activity is recorded, and the admin users list
 * answers only what the panel shows.
 */

const server = useTestServer()
const DAY = 86_400_000
const WEEK = 7 * DAY
const PASSWORD = 'insights-password'
let admin: TestClient
let manager: TestClient
let member: TestClient
let ids: Record<string, number>
const now = Date.now()
const thisWeek = startOfWeek(new Date(now)).getTime()
const monthKey = (offset: number) => {
	const date = new Date(now)
	return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1)).toISOString().slice(0, 7)
}
/** Noon on the 15th of the month `offset` months from now. */
const midMonth = (offset: number) => new Date(`${monthKey(offset)}-15T12:00:00Z`)

async function person(username: string, fields: Record<string, unknown> = {}) {
	const id = await nextId('users')
	await UserModel.create({
		id,
		username,
		usernameKey: username.toLowerCase(),
		passwordHash: await hashPassword(PASSWORD),
		name: `${username[0]!.toUpperCase()}${username.slice(1)} Person`,
		email: `${username}@example.com`,
		role: 'member',
		subscriptionStatus: 'inactive',
		createdAt: new Date(thisWeek + 60_000),
		...fields,
	})
	return id
}

beforeAll(async () => {
	ids = {
		admin: await person('boss', { role: 'admin', subscriptionStatus: 'active' }),
		manager: await person('curator', {
			role: 'content_manager',
			subscriptionStatus: 'active',
			lastActiveAt: new Date(now - 2 * DAY),
		}),
		member: await person('reader', { lastActiveAt: new Date(now - 10 * DAY) }),
		// Joined eleven weeks ago; converted from a trial started last month.
		early: await person('early', {
			createdAt: new Date(thisWeek - 11 * WEEK + 60_000),
			subscriptionStatus: 'active',
			lastActiveAt: new Date(now - 40 * DAY),
		}),
		early2: await person('early2', {
			createdAt: new Date(thisWeek - 11 * WEEK + 120_000),
			subscriptionStatus: 'trialing',
		}),
		// Joined long before the twelve weeks.
		ancient: await person('ancient', { createdAt: new Date(thisWeek - 30 * WEEK), subscriptionStatus: 'canceled' }),
		// A name a spreadsheet would run as a formula, one with a comma and quotes, one with a line break.
		formula: await person('formula', { name: '=HYPERLINK("http://evil.example")' }),
		quoted: await person('quoted', { name: 'Lee "Coach", Jr.' }),
	}
	await SubscriptionEventModel.insertMany([
		{ userId: ids.early, from: 'inactive', to: 'trialing', source: 'checkout', at: midMonth(-1) },
		{
			userId: ids.early,
			from: 'trialing',
			to: 'active',
			source: 'trial_lapsed',
			at: new Date(midMonth(-1).getTime() + 2 * DAY),
		},
		{
			userId: ids.early2,
			from: 'inactive',
			to: 'trialing',
			source: 'checkout',
			at: new Date(midMonth(-1).getTime() + DAY),
		},
		{ userId: ids.ancient, from: 'inactive', to: 'trialing', source: 'checkout', at: midMonth(-1) },
		{ userId: ids.ancient, from: 'trialing', to: 'canceled', source: 'webhook', at: new Date(now - 60_000) },
		// Before the six months: not counted.
		{ userId: ids.quoted, from: 'inactive', to: 'trialing', source: 'checkout', at: midMonth(-9) },
	])
	const video = async (title: string) => {
		const id = await nextId('videos')
		await VideoModel.create({ id, title, url: '/media/x.mp4', createdBy: ids.admin, createdAt: new Date() })
		return id
	}
	const popular = await video('Popular Lesson')
	const rare = await video('Rare Lesson')
	await video('Untouched Lesson')
	const progress = async (userId: number, videoId: number, percent: number) =>
		ProgressModel.create({
			id: await nextId('progress'),
			userId,
			videoId,
			progress: percent,
			completed: percent >= 95,
			updatedAt: new Date(),
		})
	await progress(ids.early, popular, 100)
	await progress(ids.early2, popular, 96)
	await progress(ids.member, popular, 40)
	await progress(ids.quoted, popular, 0)
	await progress(ids.formula, rare, 20)

	const room = async (name: string) => {
		const id = await nextId('communities')
		await CommunityModel.create({ id, name, createdBy: ids.admin, createdAt: new Date() })
		return id
	}
	const busy = await room('Busy Room')
	const quiet = await room('Quiet Room')
	const message = async (senderId: number, at: number, where: { communityId?: number; recipientId?: number }) =>
		MessageModel.create({
			id: await nextId('messages'),
			content: 'hello',
			senderId,
			communityId: where.communityId ?? null,
			recipientId: where.recipientId ?? null,
			isPrivate: where.recipientId !== undefined,
			conversationKey:
				where.recipientId === undefined
					? null
					: `${Math.min(senderId, where.recipientId)}:${Math.max(senderId, where.recipientId)}`,
			createdAt: new Date(at),
		})
	for (let index = 0; index < 3; index += 1) await message(ids.early, thisWeek + 60_000 + index, { communityId: busy })
	await message(ids.member, thisWeek - 5 * WEEK + 60_000, { communityId: busy })
	await message(ids.member, thisWeek + 120_000, { communityId: quiet })
	await message(ids.member, now - 60_000, { recipientId: ids.early })
	// Outside the twelve weeks.
	await message(ids.early, thisWeek - 20 * WEEK, { communityId: busy })

	admin = await logIn(server.url, 'boss', PASSWORD)
	manager = await logIn(server.url, 'curator', PASSWORD)
	member = await logIn(server.url, 'reader', PASSWORD)
	// The admin's own visit counts as activity: let it land before the figures are read.
	await admin.get('/api/user')
	while (!(await UserModel.findOne({ id: ids.admin }).lean())?.lastActiveAt)
		await new Promise((resolve) => setTimeout(resolve, 20))
})

describe('GET /api/admin/insights', () => {
	it('members: the total, new members per week for twelve weeks, and the active ones in the last 7 and 30 days', async () => {
		const insights = (await (await admin.get('/api/admin/insights')).json()) as InsightsShape
		expect(insights.members.total).toBe(8)
		expect(insights.members.newPerWeek).toHaveLength(12)
		expect(insights.members.newPerWeek[0]).toEqual({
			weekStart: new Date(thisWeek - 11 * WEEK).toISOString(),
			count: 2,
		})
		expect(insights.members.newPerWeek[11]).toEqual({ weekStart: new Date(thisWeek).toISOString(), count: 5 })
		expect(insights.members.newPerWeek.slice(1, 11).every((week) => week.count === 0)).toBe(true)
		// The admin (now), the manager (2 days ago); the reader 10 days ago counts for 30 days only.
		expect(insights.members.activeLast7Days).toBe(2)
		expect(insights.members.activeLast30Days).toBe(3)
	})

	it('subscriptions: statuses, trials and conversions per month, churn, and monthly recurring revenue', async () => {
		const { subscriptions } = (await (await admin.get('/api/admin/insights')).json()) as InsightsShape
		expect(subscriptions!.byStatus).toEqual(
			[
				{ status: 'inactive', count: 3 },
				{ status: 'active', count: 3 },
				{ status: 'canceled', count: 1 },
				{ status: 'trialing', count: 1 },
			].sort((a, b) => b.count - a.count || a.status.localeCompare(b.status)),
		)
		expect(subscriptions!.activeCount).toBe(3)
		expect(subscriptions!.monthlyRecurringRevenueCents).toBe(15_000)
		expect(subscriptions!.monthly.map((row) => row.month)).toEqual([-5, -4, -3, -2, -1, 0].map(monthKey))
		expect(subscriptions!.monthly.at(-2)).toEqual({
			month: monthKey(-1),
			trialsStarted: 3,
			trialsConverted: 1,
			conversionRate: 1 / 3,
			churned: 0,
		})
		expect(subscriptions!.monthly.at(-1)).toMatchObject({ trialsStarted: 0, conversionRate: null, churned: 1 })
	})

	it('lessons: starts, completions, completion rate and average progress per video, the most and least completed', async () => {
		const { lessons } = (await (await admin.get('/api/admin/insights')).json()) as InsightsShape
		expect(
			lessons.videos.map(({ title, starts, completions, completionRate, averageProgress }) => ({
				title,
				starts,
				completions,
				completionRate,
				averageProgress,
			})),
		).toEqual([
			{ title: 'Popular Lesson', starts: 3, completions: 2, completionRate: 2 / 3, averageProgress: 79 },
			{ title: 'Rare Lesson', starts: 1, completions: 0, completionRate: 0, averageProgress: 20 },
			{ title: 'Untouched Lesson', starts: 0, completions: 0, completionRate: null, averageProgress: null },
		])
		expect(lessons.mostCompleted[0]!.title).toBe('Popular Lesson')
		expect(lessons.leastCompleted[0]!.title).toBe('Untouched Lesson')
		expect(lessons.averageProgress).toBe(64)
	})

	it('community: room messages per week and the most active members of the last 30 days', async () => {
		const { community } = (await (await admin.get('/api/admin/insights')).json()) as InsightsShape
		expect(community.weeks).toHaveLength(12)
		const busy = community.rooms.find((room) => room.name === 'Busy Room')!
		expect(busy.perWeek.at(-1)).toBe(3)
		expect(busy.perWeek.at(-6)).toBe(1)
		expect(busy.total).toBe(4)
		expect(community.rooms.find((room) => room.name === 'Quiet Room')!.total).toBe(1)
		expect(community.mostActiveMembers.map(({ userId, messages }) => [userId, messages])).toEqual([
			[ids.early, 3],
			[ids.member, 2],
		])
	})

	it('content managers get everything but revenue; members and visitors get 403 and 401', async () => {
		const insights = (await (await manager.get('/api/admin/insights')).json()) as InsightsShape
		expect(insights.subscriptions).toBeNull()
		expect(insights.lessons.videos).toHaveLength(3)
		expect((await member.get('/api/admin/insights')).status).toBe(403)
		expect((await new TestClient(server.url).get('/api/admin/insights')).status).toBe(401)
	})
})

describe('/admin?tab=insights without JavaScript', () => {
	it('draws each chart as SVG with an accessible name and a table of the same figures', async () => {
		const page = await pageHtml(admin, '/admin?tab=insights')
		for (const title of [
			'New members per week',
			'Members by subscription status',
			'Trials, conversions and churn per month',
			'Completion rate per lesson',
			'Room messages per week',
		]) {
			expect(page, title).toMatch(
				new RegExp(`<h4 id="([^"]+)"[^>]*>${title}</h4>[\\s\\S]*?<svg role="img" aria-labelledby="\\1"`),
			)
			expect(page, title).toContain(`<caption class="sr-only">${title}</caption>`)
		}
		expect(page).toContain('<path d="M')
		expect(page).toContain('$150.00')
		const forManager = await pageHtml(manager, '/admin?tab=insights')
		expect(forManager).toContain('New members per week')
		expect(forManager).not.toContain('Monthly recurring revenue')
		expect(forManager).not.toContain('$150.00')
	})
})

describe('GET /admin/members.csv', () => {
	it('exports every member with the quoting CSV needs, for admins only', async () => {
		const response = await admin.get('/admin/members.csv')
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(response.headers.get('Content-Disposition')).toMatch(
			/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
		)
		const lines = (await response.text()).split('\r\n')
		expect(lines[0]).toBe('username,name,email,role,status,joined,last active')
		expect(lines).toHaveLength(8 + 2)
		expect(lines.at(-1)).toBe('')
		expect(lines).toContain(
			`quoted,"Lee ""Coach"", Jr.",quoted@example.com,member,inactive,${new Date(thisWeek + 60_000).toISOString()},`,
		)
		expect(lines.find((line) => line.startsWith('formula,'))).toBe(
			`formula,"'=HYPERLINK(""http://evil.example"")",formula@example.com,member,inactive,${new Date(thisWeek + 60_000).toISOString()},`,
		)
		expect(lines.find((line) => line.startsWith('curator,'))).toMatch(
			/^curator,Curator Person,curator@example\.com,content_manager,active,[^,]+,\d{4}-\d{2}-\d{2}T/,
		)

		expect((await manager.get('/admin/members.csv')).headers.get('Location')).toBe('/admin?tab=content')
		expect((await member.get('/admin/members.csv')).headers.get('Location')).toBe('/dashboard')
		expect((await new TestClient(server.url).get('/admin/members.csv')).headers.get('Location')).toBe('/auth')
	})
})

describe('activity and the admin users list', () => {
	it('a member who loads a page, or posts on the socket, is active from then on', async () => {
		const activeSince = async (id: number) => (await UserModel.findOne({ id }).lean())?.lastActiveAt?.getTime() ?? 0
		const pageReader = await person('pagereader')
		const client = await logIn(server.url, 'pagereader', PASSWORD)
		expect(await activeSince(pageReader)).toBe(0)
		await client.get('/dashboard')
		await expect.poll(() => activeSince(pageReader)).toBeGreaterThan(now)

		// A member who only chats (the socket does not load pages).
		const chatter = await newMember(server.url, { premium: false })
		expect(await activeSince(chatter.id)).toBe(0)
		const socket = await connectChat(server.url, chatter)
		expect((await socket.send('private_message', { content: 'Hi boss', recipientId: ids.admin })).ok).toBe(true)
		socket.close()
		await expect.poll(() => activeSince(chatter.id)).toBeGreaterThan(now)
	})

	it('GET /api/admin/users answers the fields the panel shows, and no Stripe ids or trial dates', async () => {
		await UserModel.updateOne(
			{ id: ids.early },
			{ $set: { stripeCustomerId: 'cus_hidden', stripeSubscriptionId: 'sub_hidden' } },
		)
		const response = await admin.get('/api/admin/users')
		const text = await response.text()
		expect(text).not.toContain('cus_hidden')
		expect(text).not.toContain('stripe')
		const users = JSON.parse(text) as Array<Record<string, unknown>>
		expect(Object.keys(users[0]!).sort()).toEqual([
			'createdAt',
			'email',
			'id',
			'lastActiveAt',
			'name',
			'role',
			'subscriptionStatus',
			'username',
		])
	})
})
