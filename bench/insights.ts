/**
 * `npm run bench:insights`: times the Insights figures and the members CSV
 * export at the size docs/decisions/116 promises them to stay fast at:
 * 100,000 members and 1,000,000 messages (with lessons' progress and
 * subscription history in proportion). Prints the figures and writes
 * bench/results/insights-<time>.json.
 *
 * Settings (environment): MONGODB_URI (default: the embedded database; on the
 * CongoDB emulator every aggregation reads its whole collection in
 * JavaScript, so the figures are the emulator's, far slower than MongoDB's),
 * INSIGHTS_MEMBERS (100000), INSIGHTS_MESSAGES (1000000), INSIGHTS_RUNS (3).
 */
import fs from 'node:fs'
import mongoose from 'mongoose'
import {
	CommunityModel,
	MessageModel,
	ProgressModel,
	SubscriptionEventModel,
	UserModel,
	VideoModel,
	conversationKeyOf,
	reserveIds,
	type SubscriptionEvent,
} from '#models/index'
import { disconnectDatabase, startEmbeddedDatabase, syncIndexes } from '~/platform/database.server'
import { getInsights } from '~/services/admin/insights.server'
import { exportMembersCsv } from '~/services/admin/members-export.server'
import { rebuildConversationEntries } from '~/services/chat/private-inbox.server'

const MEMBERS = Number(process.env.INSIGHTS_MEMBERS ?? 100_000)
const MESSAGES = Number(process.env.INSIGHTS_MESSAGES ?? 1_000_000)
const RUNS = Number(process.env.INSIGHTS_RUNS ?? 3)
const VIDEOS = 200
const ROOMS = 50
const BATCH = 10_000
const DAY = 86_400_000
/** Members and messages spread over this long, so the twelve weeks hold a realistic share of them. */
const HISTORY_DAYS = 365

async function insertInBatches<T>(
	model: { insertMany: (docs: T[], options: object) => Promise<unknown> },
	count: number,
	make: (index: number) => T,
) {
	for (let start = 0; start < count; start += BATCH) {
		const docs = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => make(start + offset))
		await model.insertMany(docs, { ordered: false, lean: true })
	}
}

async function seed(now: number) {
	const userIds = await reserveIds('users', MEMBERS)
	const statusOf = (index: number) =>
		index % 10 < 4 ? 'active' : index % 10 < 5 ? 'trialing' : index % 10 < 6 ? 'canceled' : 'inactive'
	await insertInBatches(UserModel, MEMBERS, (index) => ({
		id: userIds[index]!,
		username: `insight_${userIds[index]}`,
		usernameKey: `insight_${userIds[index]}`,
		passwordHash: 'not-used-by-the-bench',
		name: index % 97 === 0 ? `Member "${index}", Jr.` : `Insight Member ${index}`,
		email: `insight_${userIds[index]}@example.com`,
		role: index === 0 ? 'admin' : 'member',
		subscriptionStatus: statusOf(index),
		createdAt: new Date(now - (index / MEMBERS) * HISTORY_DAYS * DAY),
		lastActiveAt: index % 3 === 0 ? null : new Date(now - (index % 45) * DAY),
	}))

	const events: SubscriptionEvent[] = []
	for (let index = 0; index < MEMBERS; index += 1) {
		const status = statusOf(index)
		if (status === 'inactive') continue
		const trialStart = now - ((index / MEMBERS) * HISTORY_DAYS - 1) * DAY
		events.push({
			userId: userIds[index]!,
			from: 'inactive',
			to: 'trialing',
			source: 'checkout',
			at: new Date(trialStart),
		})
		if (status === 'trialing') continue
		events.push({
			userId: userIds[index]!,
			from: 'trialing',
			to: 'active',
			source: 'webhook',
			at: new Date(trialStart + 30 * DAY),
		})
		if (status === 'canceled')
			events.push({
				userId: userIds[index]!,
				from: 'active',
				to: 'canceled',
				source: 'webhook',
				at: new Date(trialStart + 60 * DAY),
			})
	}
	await insertInBatches(SubscriptionEventModel, events.length, (index) => events[index]!)

	const videoIds = await reserveIds('videos', VIDEOS)
	await insertInBatches(VideoModel, VIDEOS, (index) => ({
		id: videoIds[index]!,
		title: `Insight Lesson ${index + 1}`,
		url: '/media/strategy.mp4',
		createdBy: userIds[0]!,
		createdAt: new Date(now),
	}))
	// Two lessons in progress per member on average, a third of them completed.
	const progressCount = MEMBERS * 2
	const progressIds = await reserveIds('progress', progressCount)
	await insertInBatches(ProgressModel, progressCount, (index) => {
		const percent = (index * 37) % 101
		return {
			id: progressIds[index]!,
			userId: userIds[Math.floor(index / 2)]!,
			videoId: videoIds[(index * 7 + Math.floor(index / 2)) % VIDEOS]!,
			progress: percent,
			completed: percent >= 95 || index % 3 === 0,
			updatedAt: new Date(now),
		}
	})

	const roomIds = await reserveIds('communities', ROOMS)
	await insertInBatches(CommunityModel, ROOMS, (index) => ({
		id: roomIds[index]!,
		name: `Insight Room ${index + 1}`,
		createdBy: userIds[0]!,
		createdAt: new Date(now),
	}))
	const messageIds = await reserveIds('messages', MESSAGES)
	await insertInBatches(MessageModel, MESSAGES, (index) => {
		const senderId = userIds[(index * 13) % MEMBERS]!
		const createdAt = new Date(now - ((MESSAGES - index) / MESSAGES) * HISTORY_DAYS * DAY)
		if (index % 10 === 9) {
			const recipientId = userIds[(index * 13 + 1) % MEMBERS]!
			return {
				id: messageIds[index]!,
				content: 'A private bench message',
				senderId,
				recipientId,
				communityId: null,
				conversationKey: conversationKeyOf(senderId, recipientId),
				isPrivate: true,
				createdAt,
			}
		}
		return {
			id: messageIds[index]!,
			content: 'A bench message in a room',
			senderId,
			recipientId: null,
			communityId: roomIds[index % ROOMS]!,
			conversationKey: null,
			isPrivate: false,
			createdAt,
		}
	})
	// The private messages were inserted directly: a consistent database has their conversation entries too.
	await rebuildConversationEntries()
	// The indexes the insights read from, built before timing (as on a live database).
	await Promise.all(
		[UserModel, MessageModel, ProgressModel, SubscriptionEventModel].map((model) => model.syncIndexes()),
	)
	return { adminId: userIds[0]!, events: events.length, progress: progressCount }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function time(label: string, task: () => Promise<unknown>) {
	const runs: number[] = []
	for (let run = 0; run < RUNS; run += 1) {
		const started = performance.now()
		await task()
		runs.push(Math.round(performance.now() - started))
	}
	console.log(`${label.padEnd(44)} median ${String(median(runs)).padStart(7)} ms   runs ${runs.join(', ')} ms`)
	return { label, medianMs: median(runs), runsMs: runs }
}

async function main() {
	const embedded = process.env.MONGODB_URI ? null : await startEmbeddedDatabase()
	const baseUri = process.env.MONGODB_URI ?? embedded!.uri
	const backend = embedded ? `embedded ${embedded.kind}` : 'MongoDB at MONGODB_URI'
	const uri = baseUri.replace(/(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?/, '$1/leadership_bench_insights')
	console.log(`Database: ${backend}`)
	// The app's connection gives up on a query after 10 s (decision 070). The emulator answers a
	// million-document aggregation far more slowly than that, and blocks meanwhile, so the bench
	// waits as long as it takes: it measures, it does not serve pages.
	const patient = {
		serverSelectionTimeoutMS: 900_000,
		connectTimeoutMS: 900_000,
		socketTimeoutMS: 0,
		heartbeatFrequencyMS: 60_000,
		serverMonitoringMode: 'poll' as const,
		autoIndex: false,
		bufferCommands: false,
	}
	await mongoose.connect(uri, patient)
	await mongoose.connection.db!.dropDatabase()
	await syncIndexes()

	const now = Date.now()
	console.log(`Seeding ${MEMBERS.toLocaleString('en-US')} members and ${MESSAGES.toLocaleString('en-US')} messages...`)
	const seedStarted = performance.now()
	const seeded = await seed(now)
	const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10
	console.log(
		`Seeded in ${seedSeconds} s (${seeded.progress.toLocaleString('en-US')} progress records, ${seeded.events.toLocaleString('en-US')} subscription changes)`,
	)

	const admin = { id: seeded.adminId, role: 'admin' as const }
	const manager = { id: seeded.adminId, role: 'content_manager' as const }
	const timings = [
		await time('Insights, everything (admin)', () => getInsights(admin)),
		await time('Insights without revenue (content manager)', () => getInsights(manager)),
		await time('Members CSV, every row', async () => {
			let rows = 0
			for await (const _row of exportMembersCsv(admin)) rows += 1
			if (rows !== MEMBERS + 1) throw new Error(`the export had ${rows} rows`)
		}),
	]

	const result = {
		date: new Date().toISOString(),
		backend,
		members: MEMBERS,
		messages: MESSAGES,
		...seeded,
		seedSeconds,
		timings,
	}
	fs.mkdirSync('bench/results', { recursive: true })
	const file = `bench/results/insights-${result.date.replace(/[:.]/g, '-')}.json`
	fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
	console.log(`Written to ${file}`)
	await disconnectDatabase()
	await embedded?.stop()
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
