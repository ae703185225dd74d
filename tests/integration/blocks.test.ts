import { describe, expect, it } from 'vitest'
import { BlockModel } from '#models/index'
import { pageHtml } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { snapshot } from './admin-helpers'
import { useChatConnections, newMember } from './chat-helpers'

/**
 * product §6 "Blocking": any member blocks another from their card or a
 * conversation; the blocked member cannot send them private messages ('You
 * cannot message this member', 403) and leaves their contacts; room messages
 * stay; unblocking from the profile's blocked members list.
 */

const server = useSeededTestServer()
const connect = useChatConnections(server)

describe('blocking through the JSON API', () => {
	it('POST /api/users/{id}/block stops private messages from them (socket and form), GET /api/users/me/blocks lists them, DELETE unblocks', async () => {
		const me = await newMember(server.url, { name: 'Blocking Barbara' })
		const pest = await newMember(server.url, { name: 'Pesky Pat' })
		const pestSocket = await connect(pest)

		const blocked = await me.client.json('POST', `/api/users/${pest.id}/block`)
		expect(blocked.status).toBe(200)
		expect(await blocked.json()).toEqual({ success: true })
		// Blocking twice is harmless.
		expect((await me.client.json('POST', `/api/users/${pest.id}/block`)).status).toBe(200)
		expect(await BlockModel.countDocuments({ blockerId: me.id })).toBe(1)

		expect(await pestSocket.send('private_message', { content: 'Hello?', recipientId: me.id })).toEqual({
			ok: false,
			message: 'You cannot message this member',
		})
		const form = await pest.client.submitForm(`/messages?userId=${me.id}`, { content: 'By form then' })
		expect(form.status).toBe(403)
		expect(await form.text()).toContain('You cannot message this member')
		// The blocker cannot write to them either while the block stands.
		const mine = await (await connect(me)).send('private_message', { content: 'Actually...', recipientId: pest.id })
		expect(mine).toEqual({ ok: false, message: 'You have blocked this member. Unblock them to send a message.' })

		const list = await (await me.client.get('/api/users/me/blocks')).json()
		expect(list).toEqual([
			{ id: pest.id, username: pest.username, name: 'Pesky Pat', avatar: null, blockedAt: expect.any(String) },
		])

		expect((await me.client.json('DELETE', `/api/users/${pest.id}/block`)).status).toBe(200)
		expect(await (await me.client.get('/api/users/me/blocks')).json()).toEqual([])
		expect((await pestSocket.send('private_message', { content: 'Hello again', recipientId: me.id })).ok).toBe(true)
	})

	it('nobody blocks themself (400); an unknown member is a 404; nothing changes', async () => {
		const me = await newMember(server.url)
		for (const [path, status, message] of [
			[`/api/users/${me.id}/block`, 400, 'You cannot block yourself'],
			['/api/users/99999999/block', 404, 'User not found'],
		] as const) {
			const before = await snapshot()
			const response = await me.client.json('POST', path)
			expect(response.status).toBe(status)
			expect((await response.json()).message).toBe(message)
			expect(await snapshot()).toBe(before)
		}
	})

	it('what the blocked member sent stops counting as unread: the Messages badge and the bell go out with the conversation', async () => {
		const me = await newMember(server.url, { name: 'Badge Barbara' })
		const pest = await newMember(server.url, { name: 'Unread Pat' })
		expect(
			(await (await connect(pest)).send('private_message', { content: 'Are you there?', recipientId: me.id })).ok,
		).toBe(true)
		const before = await pageHtml(me.client, '/dashboard')
		expect(before).toContain('Messages (1 unread)')
		expect(before).toContain('Notifications (1 new)')

		await me.client.json('POST', `/api/users/${pest.id}/block`)
		const dashboard = await pageHtml(me.client, '/dashboard')
		expect(dashboard).not.toMatch(/Messages \(\d+ unread\)/)
		// The notice of it stays in the bell's list, read.
		expect(dashboard).not.toMatch(/Notifications \(\d+ new\)/)
		expect(await (await me.client.get('/api/conversations')).json()).toEqual([])
	})

	it('does not hide room messages', async () => {
		const me = await newMember(server.url)
		const pest = await newMember(server.url)
		await me.client.json('POST', `/api/users/${pest.id}/block`)
		const ack = await (
			await connect(pest)
		).send('community_message', { content: 'Pat in the open room', communityId: 3 })
		expect(ack.ok).toBe(true)
		expect(await pageHtml(me.client, '/community/3')).toContain('Pat in the open room')
	})
})

describe('blocking in the pages, without JavaScript', () => {
	it('from the member card: the blocked member leaves the contacts; the conversation says so and offers Unblock; the profile lists them', async () => {
		const me = await newMember(server.url)
		const pest = await newMember(server.url, { name: 'Card Blocked' })
		const card = await pageHtml(me.client, `/members/${pest.id}`)
		expect(card).toContain('Card Blocked')
		expect(card).toContain(`aria-label="Block Card Blocked"`)
		expect(await pageHtml(me.client, `/messages?q=${pest.username}`)).toContain(`@${pest.username}`)

		const blocked = await me.client.submitForm(`/members/${pest.id}`, {
			intent: 'block-member',
			redirectTo: `/members/${pest.id}`,
		})
		expect(blocked.status).toBe(303)
		expect(blocked.headers.get('Location')).toBe(`/members/${pest.id}`)
		expect(await pageHtml(me.client, `/members/${pest.id}`)).toContain('You blocked this member')

		const contacts = await pageHtml(me.client, `/messages?q=${pest.username}`)
		expect(contacts).not.toContain(`@${pest.username}`)
		expect(contacts).toContain('No contacts found')
		const conversation = await pageHtml(me.client, `/messages?userId=${pest.id}`)
		expect(conversation).toContain('You have blocked this member. Unblock them to send a message.')
		expect(conversation).toContain('aria-label="Unblock Card Blocked"')
		expect(conversation).not.toMatch(/name="content"/)
		// The other side sees why it cannot write.
		expect(await pageHtml(pest.client, `/messages?userId=${me.id}`)).toContain('You cannot message this member')

		const profile = await pageHtml(me.client, '/profile?tab=blocked')
		expect(profile).toContain('Blocked members')
		expect(profile).toContain('Card Blocked')
		const unblocked = await me.client.submitForm(
			'/profile?tab=blocked',
			{ intent: 'unblock-member', redirectTo: '/profile?tab=blocked' },
			`/members/${pest.id}`,
		)
		expect(unblocked.status).toBe(303)
		expect(unblocked.headers.get('Location')).toBe('/profile?tab=blocked')
		expect(await pageHtml(me.client, '/profile?tab=blocked')).toContain('You have not blocked anyone.')
	})

	it('blocks from a conversation and returns there; a redirect off the site is never followed', async () => {
		const me = await newMember(server.url)
		const pest = await newMember(server.url)
		const conversation = await pageHtml(me.client, `/messages?userId=${pest.id}`)
		expect(conversation).toContain(`action="/members/${pest.id}"`)
		const blocked = await me.client.submitForm(
			`/messages?userId=${pest.id}`,
			{ intent: 'block-member', redirectTo: `/messages?userId=${pest.id}` },
			`/members/${pest.id}`,
		)
		expect(blocked.headers.get('Location')).toBe(`/messages?userId=${pest.id}`)
		const away = await me.client.submitForm(`/members/${pest.id}`, {
			intent: 'unblock-member',
			redirectTo: '//evil.example',
		})
		expect(away.headers.get('Location')).toBe(`/members/${pest.id}`)
		const self = await me.client.submitForm(`/members/${me.id}`, { intent: 'block-member' })
		expect(self.status).toBe(400)
		expect(await self.text()).toContain('You cannot block yourself')
	})
})
