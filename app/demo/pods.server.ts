import mongoose from 'mongoose'
import {
	CommunityModel,
	MessageModel,
	PodCheckInModel,
	PodMemberModel,
	PodModel,
	PodQueueModel,
	PodReplyModel,
	ProgramEnrolmentModel,
	ProgramModel,
	UserModel,
	nextId,
	type CheckInOutcome,
	type Pod,
} from '#models/index'
import { addDays, isoWeekday, localDate } from '~/lib/pods'
import { takeProgram } from '~/demo/programs.server'
import { finishIfDue } from '~/services/pods/pods.server'

/**
 * The demo's peer pods (issue 29): `premium` in a running pod of five in
 * "New Manager Foundations" at week 3, with the others' check-ins of the
 * past weeks (some kept, some not) and two of this week, so the hidden-until
 * -you-post rule shows; two members waiting in that program's queue; and a
 * finished pod with its summary. Deterministic from `now`, and skipped once
 * any pod exists.
 */

const DAY = 86_400_000
const ZONE = 'America/New_York'
const PROGRAM = 'New Manager Foundations'
const FINISHED_PROGRAM = 'Leadership Essentials'

const COMMITMENTS = [
	'Hold a real one-on-one with each direct report, and listen more than I talk.',
	'Give one piece of specific, kind feedback every day.',
	'Say no to one meeting and use the hour to plan the week.',
	'Ask my team what gets in their way, and remove one thing.',
	'Try the feedback model from lesson 3 in my one-to-one with Sam.',
]
const NOTES = [
	'Harder than I thought, but the second one went much better.',
	'Did it four days out of five. People noticed.',
	'Got pulled into firefighting. Trying again.',
	'',
	'Sam said it was the most useful conversation we have had.',
]

async function idsOf(usernames: string[]): Promise<number[]> {
	const users = await UserModel.find({ usernameKey: mongoose.trusted({ $in: usernames }) })
		.select('id usernameKey')
		.lean<Array<{ id: number; usernameKey: string }>>()
	return usernames.map((name) => users.find((user) => user.usernameKey === name)?.id).filter((id) => id !== undefined)
}

async function ensureStarted(username: string, title: string, options: Parameters<typeof takeProgram>[2], now: number) {
	const [userId] = await idsOf([username])
	const program = await ProgramModel.findOne({ title }).select('id').lean<{ id: number }>()
	if (userId === undefined || !program) return
	if (await ProgramEnrolmentModel.exists({ userId, programId: program.id })) return
	await takeProgram(username, title, options, now)
}

async function makePod(
	programId: number,
	name: string,
	userIds: number[],
	firstWeekDate: string,
	checkInDay: number,
	createdAt: Date,
): Promise<Pod> {
	const id = await nextId('pods')
	const roomId = await nextId('communities')
	await CommunityModel.create({ id: roomId, name, createdAt, createdBy: 0, podId: id })
	const pod = await PodModel.create({
		id,
		programId,
		name,
		state: 'active',
		timeZone: ZONE,
		checkInDay,
		firstWeekDate,
		size: userIds.length,
		roomId,
		createdAt,
		lastActivityAt: createdAt,
	})
	await PodMemberModel.insertMany(
		userIds.map((userId) => ({
			podId: id,
			programId,
			userId,
			state: 'active',
			joinedAt: createdAt,
			timeZone: ZONE,
			checkInDay,
			reminders: [],
		})),
	)
	return pod.toObject()
}

async function checkIn(
	pod: Pod,
	userId: number,
	week: number,
	index: number,
	outcome: CheckInOutcome,
	at: Date,
	cheers: number[] = [],
) {
	return PodCheckInModel.create({
		id: await nextId('podCheckIns'),
		podId: pod.id,
		userId,
		week,
		outcome,
		note: NOTES[index % NOTES.length],
		commitment: COMMITMENTS[index % COMMITMENTS.length],
		itemId: null,
		cheers,
		createdAt: at,
		updatedAt: at,
	})
}

export async function seedDemoPods(now: number): Promise<void> {
	if (await PodModel.exists({})) return
	const program = await ProgramModel.findOne({ title: PROGRAM }).select('id').lean<{ id: number }>()
	if (!program) return
	const essentials = await ProgramModel.findOne({ title: FINISHED_PROGRAM }).select('id').lean<{ id: number }>()
	for (const username of ['casey', 'noah', 'olivia', 'emma'])
		await ensureStarted(username, PROGRAM, { startedDaysAgo: 18, modules: 1 }, now)
	for (const username of ['ava', 'mia']) await ensureStarted(username, PROGRAM, { startedDaysAgo: 4, modules: 0 }, now)
	for (const username of ['casey', 'noah', 'olivia'])
		await ensureStarted(username, FINISHED_PROGRAM, { startedDaysAgo: 100, modules: 1, finishedDaysAgo: 30 }, now)

	// The running pod: its week 3 began two days ago, in New York.
	const today = localDate(new Date(now), ZONE)
	const weekStart = addDays(today, -2)
	const checkInDay = isoWeekday(weekStart)
	const members = await idsOf(['premium', 'casey', 'noah', 'olivia', 'emma'])
	const running = await makePod(
		program.id,
		'Pod 1',
		members,
		addDays(weekStart, -14),
		checkInDay,
		new Date(now - 16 * DAY),
	)
	const outcomes: CheckInOutcome[] = ['done', 'partly', 'done', 'not-yet', 'done']
	for (const week of [1, 2])
		for (const [index, userId] of members.entries()) {
			const at = new Date(now - (16 - (week - 1) * 7) * DAY + (index + 1) * 3_600_000)
			const cheers = members.filter((other) => other !== userId).slice(0, (index + week) % 3)
			const made = await checkIn(running, userId, week, index + week, outcomes[(index + week) % 5]!, at, cheers)
			if (index === 1 && week === 2)
				await PodReplyModel.create({
					id: await nextId('podReplies'),
					checkInId: made.id,
					podId: running.id,
					userId: members[0]!,
					text: 'Four out of five is a real habit forming. Keep going!',
					createdAt: new Date(at.getTime() + 3_600_000),
				})
		}
	// Two of this week, which `premium` reads once they have posted their own.
	await checkIn(running, members[1]!, 3, 3, 'done', new Date(now - DAY))
	await checkIn(running, members[2]!, 3, 4, 'partly', new Date(now - DAY / 2))
	await PodModel.updateOne({ id: running.id }, { $set: { lastActivityAt: new Date(now - DAY / 2) } })
	const room = running.roomId
	for (const [index, [userIndex, content]] of (
		[
			[1, 'Welcome everyone! Mondays work well for me to check in.'],
			[0, 'Hi all, glad to be doing this with you. My first one-on-ones are this week.'],
			[3, 'Tip from last week: write the feedback down before the conversation.'],
		] as Array<[number, string]>
	).entries())
		await MessageModel.create({
			id: await nextId('messages'),
			content,
			senderId: members[userIndex]!,
			communityId: room,
			recipientId: null,
			conversationKey: null,
			isPrivate: false,
			createdAt: new Date(now - (15 - index * 5) * DAY),
		})

	// Two members waiting for a pod of the same program, in other time zones.
	for (const [index, [username, timeZone]] of (
		[
			['ava', 'Asia/Tokyo'],
			['mia', 'Europe/Paris'],
		] as const
	).entries()) {
		const [userId] = await idsOf([username])
		if (userId === undefined) continue
		await PodQueueModel.create({
			userId,
			programId: program.id,
			timeZone,
			checkInDay: 2,
			joinedAt: new Date(now - (3 - index) * DAY),
			state: 'waiting',
		})
	}

	// A pod that went through Leadership Essentials together, twelve weeks, and finished.
	if (!essentials) return
	const finishedMembers = await idsOf(['premium', 'casey', 'noah', 'olivia'])
	const start = localDate(new Date(now - 110 * DAY), ZONE)
	const finished = await makePod(
		essentials.id,
		'The Early Risers',
		finishedMembers,
		start,
		isoWeekday(start),
		new Date(now - 110 * DAY),
	)
	for (let week = 1; week <= 12; week++)
		for (const [index, userId] of finishedMembers.entries()) {
			if ((week + index) % 4 === 0) continue
			await checkIn(
				finished,
				userId,
				week,
				week + index,
				(week + index) % 3 === 0 ? 'partly' : 'done',
				new Date(now - (110 - (week - 1) * 7) * DAY),
			)
		}
	await finishIfDue(finished, new Date(now - 25 * DAY), { tell: false })
}
