import { describe, expect, it } from 'vitest'
import {
	calendarDay,
	formatDate,
	formatDateTime,
	formatListTime,
	formatLongDate,
	formatMessageTime,
	formatTime,
	isSameCalendarDay,
	isValidTimeZone,
	keptDateFormatting,
	relativeDayLabel,
} from '~/lib/dates'
import { toDateTimeLocalValue, zonedDateTimeToDate } from '~/lib/zoned-time'
import { JoinPodQueueSchema } from '~/lib/pod-schemas'
import { readTimeZone } from '~/web/time-zone.server'

const timeZoneFromCookie = (cookie: string | null) => readTimeZone(cookie).timeZone

describe('local date-times in a named time zone', () => {
	it('reads a wall-clock time in the zone, in winter and in summer', () => {
		expect(zonedDateTimeToDate('2031-01-15T10:00', 'America/New_York')?.toISOString()).toBe('2031-01-15T15:00:00.000Z')
		expect(zonedDateTimeToDate('2031-07-15T10:00', 'America/New_York')?.toISOString()).toBe('2031-07-15T14:00:00.000Z')
		expect(zonedDateTimeToDate('2031-07-15T10:00', 'Asia/Kolkata')?.toISOString()).toBe('2031-07-15T04:30:00.000Z')
		expect(zonedDateTimeToDate('2031-07-15T10:00', 'UTC')?.toISOString()).toBe('2031-07-15T10:00:00.000Z')
	})

	it('a time skipped by the clocks moves forward; a repeated one takes its first occurrence', () => {
		expect(zonedDateTimeToDate('2025-03-09T02:30', 'America/New_York')?.toISOString()).toBe('2025-03-09T07:30:00.000Z')
		expect(zonedDateTimeToDate('2025-11-02T01:30', 'America/New_York')?.toISOString()).toBe('2025-11-02T05:30:00.000Z')
		expect(zonedDateTimeToDate('2025-10-26T02:30', 'Europe/Berlin')?.toISOString()).toBe('2025-10-26T00:30:00.000Z')
	})

	it('refuses what is not a real date and time', () => {
		for (const text of ['2031-02-30T10:00', '2031-01-15T24:00', '2031-01-15', 'tomorrow', ''])
			expect(zonedDateTimeToDate(text, 'UTC'), text).toBeNull()
	})

	it('writes an instant back as an input value in the zone, round trip', () => {
		expect(toDateTimeLocalValue('2031-01-15T15:00:00.000Z', 'America/New_York')).toBe('2031-01-15T10:00')
		const value = toDateTimeLocalValue('2031-07-15T04:30:00.000Z', 'Asia/Kolkata')
		expect(zonedDateTimeToDate(value, 'Asia/Kolkata')?.toISOString()).toBe('2031-07-15T04:30:00.000Z')
		expect(formatDateTime('2031-01-15T15:00:00.000Z', 'America/New_York')).toBe('Jan 15, 2031, 10:00 AM')
	})

	it('takes the zone from the tz cookie when it names a real zone, else UTC', () => {
		expect(timeZoneFromCookie('a=1; tz=Europe%2FParis; b=2')).toBe('Europe/Paris')
		expect(timeZoneFromCookie('tz=Mars%2FOlympus')).toBe('UTC')
		expect(timeZoneFromCookie('tz=%E0%A4%A')).toBe('UTC')
		expect(timeZoneFromCookie('notz=Europe%2FParis')).toBe('UTC')
		expect(timeZoneFromCookie(null)).toBe('UTC')
	})
})

describe("a list's short times (the conversations on a phone)", () => {
	const now = '2026-11-26T09:30:00Z'
	it('say the time today, Yesterday, the weekday within the week, else the date', () => {
		expect(formatListTime('2026-11-26T07:27:00Z', 'UTC', now)).toBe('7:27 AM')
		expect(formatListTime('2026-11-25T23:59:00Z', 'UTC', now)).toBe('Yesterday')
		expect(formatListTime('2026-11-23T12:00:00Z', 'UTC', now)).toBe('Mon')
		expect(formatListTime('2026-11-19T12:00:00Z', 'UTC', now)).toBe('Nov 19')
		expect(formatListTime('2025-12-30T12:00:00Z', 'UTC', now)).toBe('Dec 30, 2025')
	})

	it("count calendar days in the reader's zone, and a message newer than the page is today's", () => {
		// 23:59 UTC on the 25th is the 26th's morning in Tokyo.
		expect(formatListTime('2026-11-25T23:59:00Z', 'Asia/Tokyo', now)).toBe('8:59 AM')
		expect(formatListTime('2026-11-26T09:45:00Z', 'UTC', now)).toBe('9:45 AM')
	})
})

describe('the ways a date is written (kept formatters, decision 233)', () => {
	const instant = '2026-03-05T22:15:00Z'
	it('writes each style in the zone asked for, the same on every call, whatever zones came between', () => {
		for (let round = 0; round < 2; round++) {
			expect(formatDate(instant, 'UTC')).toBe('Mar 5, 2026')
			expect(formatDate(instant, 'Asia/Tokyo')).toBe('Mar 6, 2026')
			expect(formatLongDate(instant, 'UTC')).toBe('Thu, Mar 5, 2026')
			expect(formatLongDate(instant, 'Asia/Tokyo')).toBe('Fri, Mar 6, 2026')
			expect(formatDateTime(instant, 'America/New_York')).toBe('Mar 5, 2026, 5:15 PM')
			expect(formatTime(instant, 'Asia/Tokyo')).toBe('7:15 AM')
			expect(calendarDay(instant, 'UTC')).toBe('2026-03-05')
			expect(calendarDay(instant, 'Asia/Tokyo')).toBe('2026-03-06')
			expect(relativeDayLabel(instant, 'Asia/Tokyo', '2026-03-06T12:00:00Z')).toBe('Today')
			expect(relativeDayLabel(instant, 'UTC', '2026-03-06T12:00:00Z')).toBe('Yesterday')
			expect(relativeDayLabel(instant, 'UTC', '2026-03-09T12:00:00Z')).toBe('Thu, Mar 5, 2026')
		}
	})

	it('tells whether two instants share a day in the zone, on days of 23, 25, 26 and 48 hours too', () => {
		expect(isSameCalendarDay('2026-03-05T00:30:00Z', instant, 'UTC')).toBe(true)
		expect(isSameCalendarDay(instant, '2026-03-06T00:30:00Z', 'UTC')).toBe(false)
		expect(isSameCalendarDay(instant, '2026-03-06T00:30:00Z', 'America/New_York')).toBe(true)
		// Troll's clock goes back two hours on 25 October 2026: a day of 26 hours, these two 25¼ hours apart.
		expect(isSameCalendarDay('2026-10-24T22:30:00Z', '2026-10-25T23:45:00Z', 'Antarctica/Troll')).toBe(true)
		// Sitka lived 18 October 1867 twice, moving from Russian to American time: a second under 48 hours apart.
		expect(isSameCalendarDay('1867-10-17T09:01:13Z', '1867-10-19T09:01:12.999Z', 'America/Sitka')).toBe(true)
		// Pairs up to three days apart around each zone's change of clock agree with the days written out.
		const around: Array<[string, string]> = [
			['Antarctica/Troll', '2026-10-24T12:00:00Z'],
			['Antarctica/Troll', '2026-03-28T12:00:00Z'],
			['Australia/Lord_Howe', '2026-04-04T06:00:00Z'],
			['America/New_York', '2026-11-01T00:00:00Z'],
			['Europe/Paris', '2026-03-28T12:00:00Z'],
			['Pacific/Apia', '2011-12-29T00:00:00Z'],
			['America/Sitka', '1867-10-17T00:00:00Z'],
		]
		const HOUR = 60 * 60 * 1000
		for (const [zone, start] of around) {
			for (let from = 0; from < 36; from += 2.5) {
				for (let apart = 0; apart <= 72; apart += 0.75) {
					const a = new Date(Date.parse(start) + from * HOUR)
					const b = new Date(a.getTime() + apart * HOUR)
					const expected = calendarDay(a, zone) === calendarDay(b, zone)
					expect([zone, a, b, isSameCalendarDay(a, b, zone)]).toEqual([zone, a, b, expected])
					expect(isSameCalendarDay(b, a, zone)).toBe(expected)
				}
			}
		}
	})

	it("writes a chat message's time in UTC, marked so, before hydration, and in the reader's zone after", () => {
		expect(formatMessageTime(instant, { local: false })).toBe('Mar 5, 10:15 PM UTC')
		const local = new Intl.DateTimeFormat('en-US', {
			month: 'short',
			day: 'numeric',
			hour: 'numeric',
			minute: '2-digit',
		})
		expect(formatMessageTime(instant, { local: true })).toBe(local.format(new Date(instant)).replace(/\s/g, ' '))
		const now = new Date()
		const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
			.format(now)
			.replace(/\s/g, ' ')
		expect(formatMessageTime(now, { local: true })).toBe(time)
	})

	it("names a zone written in any letter case by its own name, and keeps a bounded number of members' spellings", () => {
		expect(timeZoneFromCookie('tz=europe%2Fparis')).toBe('Europe/Paris')
		expect(timeZoneFromCookie('tz=EUROPE%2FPARIS')).toBe('Europe/Paris')
		// A browser's own spelling is kept, even where the runtime knows the zone by an older name.
		expect(timeZoneFromCookie('tz=Asia%2FKolkata')).toBe('Asia/Kolkata')
		expect(timeZoneFromCookie('tz=Europe%2FKyiv')).toBe('Europe/Kyiv')
		const { atMost } = keptDateFormatting()
		const spellings = atMost + 500
		for (let index = 0; index < spellings; index++) {
			// Every letter-case variant of one long zone name, as a hostile cookie could send them one by one.
			const spelling = [...'America/Argentina/ComodRivadavia']
				.map((letter, position) => ((index >> position) & 1 ? letter.toUpperCase() : letter.toLowerCase()))
				.join('')
			expect(isValidTimeZone(spelling)).toBe(true)
			formatDate(instant, timeZoneFromCookie(`tz=${encodeURIComponent(spelling)}`))
		}
		const kept = keptDateFormatting()
		expect(kept.zones).toBeLessThanOrEqual(atMost)
		expect(kept.formatters).toBeLessThanOrEqual(atMost)
	})

	it('writes a time it wrote before from memory, the same text, and keeps a bounded number (decision 240)', () => {
		const written = new Date('2031-03-09T14:05:00Z')
		const keptBefore = keptDateFormatting().texts
		const first = formatDateTime(written, 'America/New_York')
		const keptAfterFirst = keptDateFormatting().texts
		expect(keptAfterFirst).toBe(keptBefore + 1)
		// The same instant again (another Date of it), in the same zone: nothing new is kept.
		expect(formatDateTime(new Date(written), 'America/New_York')).toBe(first)
		expect(keptDateFormatting().texts).toBe(keptAfterFirst)
		expect(first).toBe('Mar 9, 2031, 10:05 AM')
		// Another zone is its own text.
		expect(formatDateTime(written, 'Asia/Tokyo')).toBe('Mar 9, 2031, 11:05 PM')
		// A date that is not one is still refused, and nothing is kept for it.
		expect(() => formatDateTime(new Date('not a date'), 'UTC')).toThrow(RangeError)
		const { atMost } = keptDateFormatting()
		for (let minute = 0; minute < atMost + 500; minute++)
			formatTime(new Date(Date.UTC(2031, 0, 1) + minute * 60_000), 'UTC')
		expect(keptDateFormatting().texts).toBeLessThanOrEqual(atMost)
		expect(formatTime(new Date(Date.UTC(2031, 0, 1, 1, 1)), 'UTC')).toBe('1:01 AM')
	})

	it("keeps a pod's zone in its own letter case, so one zone is never counted as two", () => {
		const joined = (timeZone: string) => JoinPodQueueSchema.safeParse({ timeZone, checkInDay: 2 })
		expect(joined(' europe/paris ').data?.timeZone).toBe('Europe/Paris')
		expect(joined('EUROPE/PARIS').data?.timeZone).toBe('Europe/Paris')
		expect(joined('Asia/Kolkata').data?.timeZone).toBe('Asia/Kolkata')
		const madeUp = joined('Mars/Olympus')
		expect(madeUp.success).toBe(false)
		expect(madeUp.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
			[['timeZone'], 'Choose a time zone from the list'],
		])
	})

	it('knows a real zone from a made-up one, asked once or many times', () => {
		for (let round = 0; round < 2; round++) {
			expect(isValidTimeZone('Europe/Berlin')).toBe(true)
			expect(isValidTimeZone('Mars/Olympus')).toBe(false)
			expect(isValidTimeZone('')).toBe(false)
		}
	})
})
