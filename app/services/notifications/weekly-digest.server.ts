import mongoose from 'mongoose'
import {
	EventModel,
	NotificationPreferencesModel,
	UserModel,
	VideoModel,
	type Event,
	type NotificationPreferences,
	type User,
	type Video,
} from '#models/index'
import { PRODUCT_NAME } from '~/lib/product'
import { type Job } from '~/platform/jobs.server'
import { communityNamesById } from '~/services/catalogue/communities.server'
import { mostActiveDiscussions } from '~/services/discussions/discussions.server'
import { RUN_BUDGET_MS, lessonDigestSlot, origin, sendNotificationEmail } from '~/services/notifications/emails.server'

/**
 * The weekly community digest (product §2 "Discussions", the Notifications
 * tab's 'Weekly digest', off until the member turns it on): from Monday
 * 08:00 UTC, one email listing the week's most active discussions of the
 * member's communities, the lessons added that week, and the events they
 * can still join. Each member is claimed on their preferences document (the
 * week sent) before the mail is queued, so a week never sends a member two,
 * across restarts and processes; a member with nothing to read gets none.
 * Its unsubscribe link turns it off in one click (docs/decisions/164).
 */

const WEEK_MS = 7 * 86_400_000
/** A digest goes out within this long after its Monday; a member who turns it on later waits for the next one. */
const SEND_WITHIN_MS = 2 * 86_400_000
const DISCUSSIONS_LISTED = 5
const LESSONS_LISTED = 10
const EVENTS_LISTED = 5
/** Events starting within this long after the digest are "coming up". */
const EVENTS_AHEAD_MS = 14 * 86_400_000

export const weeklyDigestJob: Job = {
	name: 'weekly-digest',
	everyMs: 10 * 60_000,
	lockMs: 120_000,
	async run({ now, signal }) {
		const slot = lessonDigestSlot(now)
		if (now.getTime() - slot.getTime() > SEND_WITHIN_MS) return
		const startedAt = Date.now()
		const week = await weekOf(slot, now)
		for (;;) {
			if (signal.aborted || Date.now() - startedAt > RUN_BUDGET_MS) return
			const due = await NotificationPreferencesModel.find({ 'email.weeklyDigest': true, ...notSentFor(slot) })
				.select('userId')
				.limit(200)
				.lean<Array<Pick<NotificationPreferences, 'userId'>>>()
			if (due.length === 0) return
			for (const { userId } of due) {
				if (signal.aborted || Date.now() - startedAt > RUN_BUDGET_MS) return
				await sendWeeklyDigest(userId, slot, week)
			}
		}
	},
}

const notSentFor = (slot: Date) => ({
	$or: [{ weeklyDigestSlot: null }, { weeklyDigestSlot: mongoose.trusted({ $lt: slot }) }],
})

/** What is the same for everyone in a week's digest: the new lessons and the events coming up. */
interface Week {
	since: Date
	lessons: Array<Pick<Video, 'id' | 'title'>>
	events: Array<Pick<Event, 'id' | 'title' | 'startTime'>>
}

async function weekOf(slot: Date, now: Date): Promise<Week> {
	const since = new Date(slot.getTime() - WEEK_MS)
	const [lessons, events] = await Promise.all([
		VideoModel.find({ createdAt: mongoose.trusted({ $gte: since, $lte: slot }) })
			.sort({ createdAt: -1 })
			.limit(LESSONS_LISTED)
			.select('id title')
			.lean<Array<Pick<Video, 'id' | 'title'>>>(),
		// Events a member may still join: not started yet (RSVPs close at the start, decision 102).
		EventModel.find({ startTime: mongoose.trusted({ $gt: now, $lte: new Date(now.getTime() + EVENTS_AHEAD_MS) }) })
			.sort({ startTime: 1 })
			.limit(EVENTS_LISTED)
			.select('id title startTime')
			.lean<Array<Pick<Event, 'id' | 'title' | 'startTime'>>>(),
	])
	return { since, lessons, events }
}

const utcWhen = (date: Date) =>
	`${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date).replace(/\s/g, ' ')} UTC`

async function sendWeeklyDigest(userId: number, slot: Date, week: Week): Promise<void> {
	const claimed = await NotificationPreferencesModel.findOneAndUpdate(
		{ userId, 'email.weeklyDigest': true, ...notSentFor(slot) },
		{ $set: { weeklyDigestSlot: slot } },
		{ new: false, lean: true },
	)
	if (!claimed) return
	const user = await UserModel.findOne({ id: userId })
		.select('id name email communityIds')
		.lean<Pick<User, 'id' | 'name' | 'email' | 'communityIds'>>()
	if (!user) return
	const discussions = await mostActiveDiscussions(user.communityIds ?? [], week.since, DISCUSSIONS_LISTED)
	if (discussions.length === 0 && week.lessons.length === 0 && week.events.length === 0) return
	const rooms = await communityNamesById(discussions.map((discussion) => discussion.communityId))
	const link = (path: string) => `${origin()}${path}`
	const sections = [
		...(discussions.length
			? [
					'The most active discussions in your communities this week:',
					discussions
						.map(
							(discussion) =>
								`- ${discussion.title} (${rooms[discussion.communityId] ?? 'a community'}; ${plural(discussion.comments, 'comment')}, ${plural(discussion.reactions, 'reaction')}): ${link(discussion.url)}`,
						)
						.join('\n'),
				]
			: []),
		...(week.lessons.length
			? [
					'New in the content library:',
					week.lessons.map((lesson) => `- ${lesson.title}: ${link(`/content-library/${lesson.id}`)}`).join('\n'),
				]
			: []),
		...(week.events.length
			? [
					'Coming up, and still open to join:',
					week.events
						.map(
							(event) =>
								`- ${event.title}, ${utcWhen(new Date(event.startTime))}: ${link(`/events#event-${event.id}`)}`,
						)
						.join('\n'),
				]
			: []),
	]
	await sendNotificationEmail(user, 'weeklyDigest', {
		kind: 'weekly-digest',
		subject: `Your week on ${PRODUCT_NAME}`,
		body: [...sections, `See everything in your communities: ${link('/community')}`],
	})
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
