import { describe, expect, it } from 'vitest'
import { calendarDay, formatDate, isValidTimeZone } from '~/lib/dates'
import {
	describeEventTime,
	groupUpcomingEvents,
	relativeStartText,
	splitEvents,
	joinWindow,
	upcomingGroupOf,
} from '~/lib/events'
import {
	ChangePasswordFormSchema,
	ChangePasswordSchema,
	ProfileSchema,
	ProfileUpdateSchema,
	ProgressReportSchema,
} from '~/lib/member-schemas'
import { GENERIC_RESOURCE_ICON, resourceLink, resourceTypeInfo } from '~/components/resource-type'
import { mentionedUsernames, splitMentions } from '~/lib/mentions'
import { readTimeZone } from '~/web/time-zone.server'
import {
	formatPlaybackTime,
	isVideoLocked,
	minutesRemaining,
	percentWatched,
	progressState,
	progressText,
} from '~/lib/videos'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const at = (iso: string) => new Date(iso)
const event = (start: Date, end: Date | null = null) => ({
	startTime: start.toISOString(),
	endTime: end?.toISOString() ?? null,
})

function messagesOf(result: {
	success: boolean
	error?: { issues: Array<{ path: (string | number)[]; message: string }> }
}) {
	return Object.fromEntries(
		(result.error?.issues ?? []).map((issue) => [issue.path.join('.') || '(form)', issue.message]),
	)
}

describe('events (product §2)', () => {
	const now = at('2025-03-05T10:00:00Z') // a Wednesday

	it('splits upcoming (soonest first) from past (newest first)', () => {
		const events = [
			event(at('2025-03-01T10:00:00Z')),
			event(at('2025-03-09T10:00:00Z')),
			event(at('2025-03-04T10:00:00Z')),
			event(at('2025-03-06T10:00:00Z')),
		]
		const { upcoming, past } = splitEvents(events, now)
		expect(upcoming.map((e) => e.startTime.slice(0, 10))).toEqual(['2025-03-06', '2025-03-09'])
		expect(past.map((e) => e.startTime.slice(0, 10))).toEqual(['2025-03-04', '2025-03-01'])
	})

	it('groups into Today, This Week (within 7 days, not today) and Later', () => {
		const today = event(at('2025-03-05T18:00:00Z'))
		const tomorrow = event(at('2025-03-06T09:00:00Z'))
		const inSevenDays = event(new Date(now.getTime() + 7 * DAY))
		const inEightDays = event(new Date(now.getTime() + 8 * DAY))
		const groups = groupUpcomingEvents([today, tomorrow, inSevenDays, inEightDays], now, 'UTC')
		expect(groups.today).toEqual([today])
		expect(groups.thisWeek).toEqual([tomorrow, inSevenDays])
		expect(groups.later).toEqual([inEightDays])
	})

	it('decides "today" on the member\'s own calendar', () => {
		// 23:30 UTC on the 5th is already the 6th in Paris, and still the 5th in New York.
		const lateEvening = event(at('2025-03-05T23:30:00Z'))
		expect(upcomingGroupOf(lateEvening, now, 'UTC')).toBe('today')
		expect(upcomingGroupOf(lateEvening, now, 'Europe/Paris')).toBe('thisWeek')
		expect(upcomingGroupOf(lateEvening, now, 'America/New_York')).toBe('today')
	})

	it('writes relative start times as "In N days", "In N hours" or "Starting soon"', () => {
		expect(relativeStartText(event(new Date(now.getTime() + 3 * DAY + 5 * HOUR)), now)).toBe('In 3 days')
		expect(relativeStartText(event(new Date(now.getTime() + DAY)), now)).toBe('In 1 day')
		expect(relativeStartText(event(new Date(now.getTime() + 5 * HOUR + 59 * 60_000)), now)).toBe('In 5 hours')
		expect(relativeStartText(event(new Date(now.getTime() + 59 * 60_000)), now)).toBe('Starting soon')
	})

	it('opens "Join Now" 15 minutes before the start, until the end (an hour when there is no end)', () => {
		const startingIn = (minutes: number, endMinutes: number | null = null) =>
			joinWindow(
				{
					startTime: new Date(now.getTime() + minutes * 60_000).toISOString(),
					endTime: endMinutes === null ? null : new Date(now.getTime() + endMinutes * 60_000).toISOString(),
				},
				now,
			).state
		expect(startingIn(16)).toBe('not-yet')
		expect(startingIn(15)).toBe('open')
		expect(startingIn(-30, 10)).toBe('open')
		expect(startingIn(-30, -1)).toBe('over')
		expect(startingIn(-59)).toBe('open')
		expect(startingIn(-60)).toBe('over')
	})

	it('finds @mentions, not e-mail addresses, and gives the text back whole', () => {
		const text = 'Hi @ada.lovelace and @Bob_2! Mail ada@example.com, not @x. Thanks @ada.lovelace.'
		expect(mentionedUsernames(text)).toEqual(['ada.lovelace', 'bob_2'])
		expect(
			splitMentions(text)
				.map((part) => part.text)
				.join(''),
		).toBe(text)
		expect(splitMentions('@carol')).toEqual([{ text: '@carol', mention: 'carol' }])
	})

	it('shows times in the given zone, with "TBD" for a missing end', () => {
		expect(describeEventTime(event(at('2025-03-05T18:00:00Z'), at('2025-03-05T19:30:00Z')), 'UTC')).toEqual({
			date: 'Wed, Mar 5, 2025',
			time: '6:00 PM - 7:30 PM',
		})
		expect(describeEventTime(event(at('2025-03-05T18:00:00Z')), 'Europe/Paris').time).toBe('7:00 PM - TBD')
		expect(formatDate('2025-03-05T23:30:00Z', 'Asia/Tokyo')).toBe('Mar 6, 2025')
		expect(calendarDay(now, 'UTC')).toBe('2025-03-05')
	})
})

describe('the time-zone hint', () => {
	it('reads a valid zone from the cookie and falls back to UTC otherwise', () => {
		expect(readTimeZone('a=1; tz=Europe%2FParis; b=2')).toEqual({ timeZone: 'Europe/Paris', fromHint: true })
		expect(readTimeZone('tz=Not%2FA_Zone')).toEqual({ timeZone: 'UTC', fromHint: false })
		expect(readTimeZone('tz=%E0%A4%A')).toEqual({ timeZone: 'UTC', fromHint: false })
		expect(readTimeZone(null)).toEqual({ timeZone: 'UTC', fromHint: false })
		expect(isValidTimeZone('x'.repeat(100))).toBe(false)
	})
})

describe('videos (product §4, §6, §9)', () => {
	it('locks videos above id 10 for anyone without an active or trialing subscription', () => {
		const free = { subscriptionStatus: 'inactive' }
		expect(isVideoLocked(free, 10)).toBe(false)
		expect(isVideoLocked(free, 11)).toBe(true)
		expect(isVideoLocked({ subscriptionStatus: 'past_due' }, 11)).toBe(true)
		expect(isVideoLocked({ subscriptionStatus: 'trialing' }, 11)).toBe(false)
		expect(isVideoLocked({ subscriptionStatus: 'active' }, 16)).toBe(false)
	})

	it('names progress states: 0 not started, under 95 in progress, 95 and up completed', () => {
		expect([0, 1, 94, 95, 100].map(progressState)).toEqual([
			'not-started',
			'in-progress',
			'in-progress',
			'completed',
			'completed',
		])
		expect(progressText(0)).toBe('Not started')
		expect(progressText(40)).toBe('40% complete')
		expect(progressText(97)).toBe('Completed')
	})

	it('computes progress as floor(currentTime / duration × 100) within 0–100', () => {
		expect(percentWatched(59.9, 120)).toBe(49)
		expect(percentWatched(130, 120)).toBe(100)
		expect(percentWatched(10, 0)).toBe(0)
		expect(percentWatched(10, Number.NaN)).toBe(0)
	})

	it('counts the minutes left of a duration stored in minutes', () => {
		expect(minutesRemaining(2, 60)).toBe(1)
		expect(minutesRemaining(45, 10)).toBe(41)
		expect(minutesRemaining(null, 10)).toBeNull()
	})

	it('writes player times as m:ss, or h:mm:ss from an hour up', () => {
		expect(formatPlaybackTime(0)).toBe('0:00')
		expect(formatPlaybackTime(75.9)).toBe('1:15')
		expect(formatPlaybackTime(3600 + 62)).toBe('1:01:02')
		expect(formatPlaybackTime(Number.NaN)).toBe('0:00')
	})
})

describe('resources', () => {
	it('gives each known type its own icon and unknown types the generic one', () => {
		expect(resourceTypeInfo('pdf')).toMatchObject({ label: 'PDF', icon: 'document' })
		expect(resourceTypeInfo('template').icon).not.toBe(GENERIC_RESOURCE_ICON)
		expect(resourceTypeInfo('podcast')).toMatchObject({ label: 'Podcast', icon: GENERIC_RESOURCE_ICON })
	})

	it('downloads files of this site, opens web addresses, and links nothing else', () => {
		expect(resourceLink('/resources/template.txt')).toEqual({ href: '/resources/template.txt', kind: 'download' })
		expect(resourceLink('https://example.com/a')).toEqual({ href: 'https://example.com/a', kind: 'open' })
		expect(resourceLink('javascript:alert(1)')).toBeNull()
		expect(resourceLink('//evil.example/x')).toBeNull()
	})
})

describe('member forms (product §5)', () => {
	const profile = { name: 'Sam Rivera', email: 'sam@example.com', bio: '', avatar: '' }

	it('profile: name of 2+ characters and a valid email, with the spec messages', () => {
		expect(messagesOf(ProfileSchema.safeParse({ ...profile, name: 'S', email: 'nope' }))).toEqual({
			name: 'Name must be at least 2 characters.',
			email: 'Invalid email address.',
		})
		expect(ProfileSchema.parse(profile)).toEqual({
			name: 'Sam Rivera',
			email: 'sam@example.com',
			bio: null,
			avatar: null,
			headline: null,
			location: null,
			linkedinUrl: null,
			interests: [],
		})
	})

	it('profile: the directory fields (product §2 "Member directory")', () => {
		expect(
			ProfileSchema.parse({
				...profile,
				headline: '  Nurse manager ',
				linkedinUrl: 'https://www.linkedin.com/in/sam',
				interests: 'Healthcare, , night shifts, HEALTHCARE',
				hiddenFromDirectory: true,
			}),
		).toMatchObject({
			headline: 'Nurse manager',
			linkedinUrl: 'https://www.linkedin.com/in/sam',
			interests: ['Healthcare', 'night shifts'],
			hiddenFromDirectory: true,
		})
		expect(
			messagesOf(
				ProfileSchema.safeParse({
					...profile,
					headline: 'x'.repeat(101),
					location: 'two\nlines',
					linkedinUrl: 'https://linkedin.com.evil.example/in/sam',
					interests: ['x'.repeat(41)],
				}),
			),
		).toEqual({
			headline: 'Headline must be at most 100 characters long',
			location: 'Location must be one line of text',
			linkedinUrl: 'LinkedIn URL must be an address starting with https://www.linkedin.com/',
			interests: 'Each interest must be one line of at most 40 characters',
		})
		expect(messagesOf(ProfileSchema.safeParse({ ...profile, interests: 'a,b,c,d,e,f,g,h,i,j,k' }))).toEqual({
			interests: 'You can list at most 10 interests',
		})
	})

	it('profile: the avatar must be a web address, never a script', () => {
		expect(ProfileSchema.safeParse({ ...profile, avatar: 'https://example.com/me.png' }).success).toBe(true)
		expect(ProfileSchema.safeParse({ ...profile, avatar: 'javascript:alert(1)' }).success).toBe(false)
	})

	it('PATCH /api/users/{id} takes any of the profile fields, and nothing else; a field left out stays as it is', () => {
		expect(ProfileUpdateSchema.parse({ bio: 'Hello', role: 'admin' })).toEqual({ bio: 'Hello' })
		expect(ProfileUpdateSchema.parse({ interests: ['Coaching'] })).toEqual({ interests: ['Coaching'] })
		expect(messagesOf(ProfileUpdateSchema.safeParse({}))).toEqual({
			'(form)':
				'Send at least one of name, email, bio, avatar, headline, location, linkedinUrl, interests, hiddenFromDirectory',
		})
	})

	it('password change: the spec messages, the match check on the confirmation', () => {
		expect(
			messagesOf(
				ChangePasswordFormSchema.safeParse({ currentPassword: '', newPassword: 'short', confirmPassword: '' }),
			),
		).toEqual({
			currentPassword: 'Current password is required',
			newPassword: 'Password must be at least 8 characters',
			confirmPassword: 'Please confirm your password',
		})
		expect(
			messagesOf(
				ChangePasswordFormSchema.safeParse({
					currentPassword: 'a',
					newPassword: 'long-enough',
					confirmPassword: 'other-one',
				}),
			),
		).toEqual({
			confirmPassword: 'Passwords do not match',
		})
		// Only the current and the new password travel on.
		expect(
			ChangePasswordSchema.parse({ currentPassword: 'a', newPassword: 'long-enough', confirmPassword: 'x' }),
		).toEqual({
			currentPassword: 'a',
			newPassword: 'long-enough',
		})
	})

	it('progress reports need a numeric video id and progress', () => {
		expect(ProgressReportSchema.safeParse({ videoId: 3, userId: 99, progress: 40, completed: false }).success).toBe(
			true,
		)
		expect(ProgressReportSchema.safeParse({ videoId: '3', progress: 40 }).success).toBe(false)
		expect(ProgressReportSchema.safeParse({ videoId: 3 }).success).toBe(false)
		expect(ProgressReportSchema.safeParse({ videoId: { $gt: 0 }, progress: 1 }).success).toBe(false)
	})
})
