import { describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS } from '#models/notification'
import { pageShowsLink } from '~/lib/page-link'
import { EMAIL_SWITCH_OF } from '~/services/notifications/emails.server'
import { deviceLabelOf, pushPayloadOf, pushSwitchOf } from '~/services/notifications/push.server'

/** The rules of push notifications that need no server (docs/decisions/181). */

describe('which switch lets a kind push', () => {
	it('is its email switch, but for the kinds that say otherwise: every kind added later pushes with no other line', () => {
		const differs = { new_video: null, event_changed: 'eventReminders', event_cancelled: 'eventReminders' }
		for (const kind of NOTIFICATION_KINDS)
			expect(pushSwitchOf(kind), kind).toBe(
				kind in differs ? differs[kind as keyof typeof differs] : EMAIL_SWITCH_OF[kind],
			)
	})
})

describe('what a push carries', () => {
	it('the title, the start of the text on one line, and the link (or the notifications page)', () => {
		const text = `First line\nsecond line ${'word '.repeat(60)}`
		const payload = pushPayloadOf({ title: 'New message from Maria', text, link: null })
		expect(Object.keys(payload)).toEqual(['title', 'body', 'link'])
		expect(payload.link).toBe('/notifications')
		expect(payload.body.startsWith('First line second line word')).toBe(true)
		expect(payload.body.length).toBeLessThanOrEqual(180)
		expect(payload.body.endsWith('…')).toBe(true)
		expect(pushPayloadOf({ title: 'x'.repeat(300), text: 'Hi', link: '/events' }).title).toHaveLength(120)
	})
})

describe('a page that shows what a notification links to', () => {
	it('has its path and every query value of the link, whatever else it has', () => {
		expect(pageShowsLink('/messages?userId=7', '/messages?userId=7')).toBe(true)
		expect(pageShowsLink('/messages?before=90&userId=7', '/messages?userId=7')).toBe(true)
		expect(pageShowsLink('/community/1/', '/community/1')).toBe(true)
		expect(pageShowsLink('/community/1?edit=4', '/community/1')).toBe(true)
		expect(pageShowsLink('/messages', '/messages?userId=7')).toBe(false)
		expect(pageShowsLink('/messages?userId=8', '/messages?userId=7')).toBe(false)
		expect(pageShowsLink('/community/12', '/community/1')).toBe(false)
		expect(pageShowsLink('//elsewhere.example/community/1', '/community/1')).toBe(false)
	})
})

describe("a device's name", () => {
	it('is the browser and the system, from the User-Agent', () => {
		const cases: Array<[string | null, string]> = [
			[
				'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
				'Chrome on Android',
			],
			[
				'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
				'Safari on iPhone',
			],
			['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Windows'],
			[
				'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
				'Edge on macOS',
			],
			[null, 'A browser'],
		]
		for (const [agent, label] of cases) expect(deviceLabelOf(agent)).toBe(label)
	})
})
