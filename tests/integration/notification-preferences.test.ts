import { describe, expect, it } from 'vitest'
import { NotificationPreferencesModel, UserModel } from '#models/index'
import { signUnsubscribeToken } from '~/services/account/tokens.server'
import { notify } from '~/services/notifications/notifications.server'
import { nthMailTo } from '../setup/caught-mail'
import { TestClient } from '../setup/http-client'
import { signUpMember } from '../setup/members'
import { useSeededTestServer } from '../setup/seeded-server'
import { TEST_SESSION_SECRET } from '../setup/test-server'
import { textOf } from '../setup/page-html'

/**
 * The Notifications tab and the unsubscribe links of notification emails
 * (product §2 "Profile"; docs/decisions/123), through the built server.
 * This process signs and queues with the server's own secret, so the links
 * it makes are the server's.
 */
process.env.SESSION_SECRET = TEST_SESSION_SECRET
const server = useSeededTestServer()

const stored = async (userId: number) => (await NotificationPreferencesModel.findOne({ userId }).lean())?.email

describe('the Notifications tab', () => {
	it('has a switch per kind of email, all on at first but the weekly digest, and saves them without JavaScript', async () => {
		const member = await signUpMember(server.url, 'chooser')
		const html = await (await member.client.get('/profile?tab=notifications')).text()
		for (const label of [
			'Private messages',
			'Mentions',
			'Discussions you follow',
			'Event reminders',
			'New lessons',
			'Billing',
			'Programs',
			'Pod check-ins',
			'Weekly digest',
		])
			expect(textOf(html)).toContain(label)
		expect(html.match(/type="checkbox"[^>]*checked=""/g)).toHaveLength(8)
		expect(textOf(html)).toContain('Emails about a failed payment or the end of your subscription are always sent.')

		// Unticked boxes are not sent at all.
		const saved = await member.client.submitForm('/profile?tab=notifications', {
			intent: 'notifications',
			mentions: 'on',
			eventReminders: 'on',
			billing: 'on',
		})
		expect(saved.status).toBe(302)
		expect(saved.headers.get('Location')).toBe('/profile?tab=notifications')
		expect(await stored(member.id)).toEqual({
			privateMessages: false,
			mentions: true,
			discussions: false,
			eventReminders: true,
			newLessons: false,
			billing: true,
			programs: false,
			podCheckIns: false,
			weeklyDigest: false,
		})
		const after = await (await member.client.get('/profile?tab=notifications')).text()
		expect(textOf(after)).toContain('Preferences saved')
		expect(after.match(/type="checkbox"[^>]*checked=""/g)).toHaveLength(3)

		const refused = await member.client.submitForm('/profile?tab=notifications', {
			intent: 'notifications',
			mentions: 'maybe',
		})
		expect(refused.status).toBe(400)
		expect(await stored(member.id)).toEqual({
			privateMessages: false,
			mentions: true,
			discussions: false,
			eventReminders: true,
			newLessons: false,
			billing: true,
			programs: false,
			podCheckIns: false,
			weeklyDigest: false,
		})
	})
})

describe('unsubscribing from a mail, without logging in', () => {
	it('follows the link of a real mail: opening it changes nothing, the button (or the mail client’s one-click post) turns that kind off', async () => {
		const member = await signUpMember(server.url, 'unsubscriber')
		await notify(member.id, { kind: 'mention', title: 'Maria mentioned you', text: '@you hello', link: '/community/1' })
		const mail = await nthMailTo(server.url, member.email)
		const link = /Stop them with one click: (\S+)/.exec(mail.text)![1]!
		expect(mail.headers['list-unsubscribe']).toBe(`<${link}>`)
		const path = new URL(link).pathname + new URL(link).search

		const visitor = new TestClient(server.url)
		const page = await visitor.get(path)
		expect(page.status).toBe(200)
		expect(textOf(await page.text())).toContain('Stop mentions emails from LeaderForge?')
		expect(await stored(member.id)).toBeUndefined()

		// RFC 8058: the mail provider posts this body to the List-Unsubscribe address, with no cookie of ours.
		const oneClick = await fetch(new URL(path, server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'List-Unsubscribe=One-Click',
		})
		expect(oneClick.status).toBe(200)
		expect(textOf(await oneClick.text())).toContain('You will no longer get mentions emails.')
		expect(await stored(member.id)).toEqual({
			privateMessages: true,
			mentions: false,
			discussions: true,
			eventReminders: true,
			newLessons: true,
			billing: true,
			programs: true,
			podCheckIns: true,
			weeklyDigest: false,
		})
	})

	it('refuses a link that was not made here, or whose account is gone, and changes nothing', async () => {
		const member = await signUpMember(server.url, 'unsubscriber')
		const good = signUnsubscribeToken(member.id, 'newLessons')
		const forged = [
			`${member.id}.mentions.${good.split('.')[2]}`,
			signUnsubscribeToken(member.id, 'everything'),
			'not-a-token',
		]
		for (const token of forged) {
			const page = await new TestClient(server.url).get(`/unsubscribe?token=${encodeURIComponent(token)}`)
			expect(page.status).toBe(400)
			expect(textOf(await page.text())).toContain('This unsubscribe link is not valid.')
			const post = await new TestClient(server.url).postForm(`/unsubscribe?token=${encodeURIComponent(token)}`, {
				'List-Unsubscribe': 'One-Click',
			})
			expect(post.status).toBe(400)
		}
		expect(await stored(member.id)).toBeUndefined()

		await UserModel.deleteOne({ id: member.id })
		expect(
			(await new TestClient(server.url).postForm(`/unsubscribe?token=${good}`, { 'List-Unsubscribe': 'One-Click' }))
				.status,
		).toBe(400)
		expect(await NotificationPreferencesModel.countDocuments({ userId: member.id })).toBe(0)
	})
})
