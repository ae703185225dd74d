import { describe, expect, it } from 'vitest'
import { REPORT_REASONS as STORED_REASONS } from '#models/report'
import { mergeMessages } from '~/lib/chat'
import { csvField, csvRow } from '~/lib/csv'
import { relativeDayLabel } from '~/lib/dates'
import { REPORT_REASONS, isWithinEditWindow, mutedMessage } from '~/lib/moderation'
import { ReportSchema } from '~/lib/moderation-schemas'

describe('the shared rules of chat corrections and moderation', () => {
	it('the reasons the forms offer are the reasons the model stores', () => {
		expect([...REPORT_REASONS]).toEqual([...STORED_REASONS])
	})

	it('an author may correct a message for 15 minutes, not a moment longer', () => {
		const sent = new Date('2026-11-22T10:00:00Z')
		expect(isWithinEditWindow(sent, sent.getTime() + 15 * 60_000)).toBe(true)
		expect(isWithinEditWindow(sent, sent.getTime() + 15 * 60_000 + 1)).toBe(false)
	})

	it('a report for another reason needs details; the others do not', () => {
		expect(ReportSchema.safeParse({ messageId: 1, reason: 'other' }).success).toBe(false)
		expect(ReportSchema.safeParse({ messageId: 1, reason: 'other', details: ' Scam ' }).data).toEqual({
			messageId: 1,
			reason: 'other',
			details: 'Scam',
		})
		expect(ReportSchema.safeParse({ messageId: 1, reason: 'spam', details: '' }).data).toEqual({
			messageId: 1,
			reason: 'spam',
			details: null,
		})
	})

	it('says until when a member is muted, in UTC unless told otherwise', () => {
		expect(mutedMessage('2026-11-23T15:05:00Z')).toBe('You are muted until Nov 23, 2026, 3:05 PM UTC')
		expect(mutedMessage(null)).toBe('You are muted until a moderator lifts the mute')
	})
})

describe('mergeMessages with corrections (decision 110)', () => {
	const message = (id: number, revision = 0, content = `message ${id}`) => ({ id, revision, content })

	it('replaces a held message by a later revision, keeps it for an older one, and returns the same array when nothing changes', () => {
		const held = [message(1), message(2, 3, 'edited')]
		const newer = mergeMessages(held, [message(2, 4, 'deleted')])
		expect(newer.map((item) => item.content)).toEqual(['message 1', 'deleted'])
		expect(mergeMessages(newer, [message(2, 3, 'edited')])).toBe(newer)
		expect(mergeMessages(newer, [message(1)])).toBe(newer)
		expect(held[1]!.content).toBe('edited')
	})

	it('adds new messages and applies a change in the same batch', () => {
		const merged = mergeMessages([message(1), message(2)], [message(1, 2, 'fixed'), message(3)])
		expect(merged.map((item) => [item.id, item.content])).toEqual([
			[1, 'fixed'],
			[2, 'message 2'],
			[3, 'message 3'],
		])
	})
})

describe('day separators', () => {
	const now = '2026-11-22T09:00:00Z'
	it('say Today, Yesterday or the date, by calendar day in the reader’s zone', () => {
		expect(relativeDayLabel('2026-11-22T00:30:00Z', 'UTC', now)).toBe('Today')
		expect(relativeDayLabel('2026-11-21T23:59:00Z', 'UTC', now)).toBe('Yesterday')
		expect(relativeDayLabel('2026-11-20T12:00:00Z', 'UTC', now)).toBe('Fri, Nov 20, 2026')
		// In Tokyo that same morning is already the 22nd's evening: 23:59 UTC on the 21st is Today there.
		expect(relativeDayLabel('2026-11-21T23:59:00Z', 'Asia/Tokyo', now)).toBe('Today')
		// Across a DST change (New York, 1 November 2026) a calendar day is still one day.
		expect(relativeDayLabel('2026-10-31T12:00:00Z', 'America/New_York', '2026-11-01T16:00:00Z')).toBe('Yesterday')
	})
})

describe('CSV (RFC 4180, decision 115)', () => {
	it('quotes what must be quoted, doubles quotes, and defuses formulas', () => {
		expect(csvRow(['plain', 'with, comma', 'with "quotes"', 'two\nlines', null, 42])).toBe(
			'plain,"with, comma","with ""quotes""","two\nlines",,42\r\n',
		)
		expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)")
		expect(csvField('-2+3')).toBe("'-2+3")
		expect(csvField('@handle')).toBe("'@handle")
		expect(csvField(' padded')).toBe('" padded"')
		expect(csvField("O'Brien")).toBe("O'Brien")
	})
})
