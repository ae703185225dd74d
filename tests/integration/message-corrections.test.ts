import { describe, expect, it } from 'vitest'
import { MessageModel } from '#models/index'
import { type ChatMessage } from '~/lib/chat'
import { pageHtml, stylesheetOf } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { postInRoom, useChatConnections, newMember, type Member } from './chat-helpers'

/**
 * product §6 "Chat people can correct": authors edit or delete their own
 * messages (rooms and private) within 15 minutes, through the JSON API, the
 * socket and the pages' forms alike; everyone sees '(edited)' or 'Message
 * deleted', live and after a reload; a client that was away catches up on
 * the changes (decision 110). Day separators in the chat pages.
 */

const server = useSeededTestServer()
const connect = useChatConnections(server)

const ROOM = 3
const MINUTE = 60_000

/** One socket's `message_updated` and `message_deleted` events, as they arrive. */
const post = (member: Member, content: string, communityId = ROOM) => postInRoom(connect, member, content, communityId)

/** Moves a message back in time, as if it had been sent `minutes` ago. */
const age = (id: number, minutes: number) =>
	MessageModel.updateOne({ id }, { $set: { createdAt: new Date(Date.now() - minutes * MINUTE) } })

describe('the author corrects a room message', () => {
	it('PATCH /api/messages/{id} changes the text; every reader sees it live with editedAt, and after a reload with (edited)', async () => {
		const author = await newMember(server.url)
		const reader = await newMember(server.url)
		const watching = await connect(reader)
		const changes = watching.changes
		const id = await post(author, 'Teh agenda for Monday')

		const response = await author.client.json('PATCH', `/api/messages/${id}`, { content: '  The agenda for Monday  ' })
		expect(response.status).toBe(200)
		const edited = (await response.json()) as ChatMessage
		expect(edited).toMatchObject({ id, content: 'The agenda for Monday', deleted: false, senderName: author.name })
		expect(edited.editedAt).not.toBeNull()
		expect(edited.revision).toBeGreaterThan(0)

		await watching.waitUntil(() => changes.length === 1, 'the edit arrives live')
		expect(changes[0]).toMatchObject({ event: 'message_updated', message: { id, content: 'The agenda for Monday' } })

		const history = (await (await reader.client.get(`/api/messages/community/${ROOM}`)).json()) as ChatMessage[]
		expect(history.find((message) => message.id === id)).toMatchObject({ content: 'The agenda for Monday' })
		const page = await pageHtml(reader.client, `/community/${ROOM}`)
		expect(page).toMatch(/The agenda for Monday<\/span><span[^>]*>\(edited\)/)
		expect(page).not.toContain('Teh agenda')
	})

	it('DELETE /api/messages/{id} answers {success: true}; everyone sees Message deleted, live and after a reload, and the words are gone from every answer', async () => {
		const author = await newMember(server.url)
		const reader = await newMember(server.url)
		const watching = await connect(reader)
		const changes = watching.changes
		const id = await post(author, 'Posted in the wrong room, sorry')

		const response = await author.client.json('DELETE', `/api/messages/${id}`)
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ success: true })

		await watching.waitUntil(() => changes.length === 1, 'the deletion arrives live')
		expect(changes[0]).toMatchObject({
			event: 'message_deleted',
			message: { id, content: '', deleted: true, removedByModerator: false },
		})
		const history = await (await reader.client.get(`/api/messages/community/${ROOM}`)).text()
		expect(history).not.toContain('Posted in the wrong room')
		const page = await pageHtml(reader.client, `/community/${ROOM}`)
		expect(page).toContain('Message deleted')
		expect(page).not.toContain('Posted in the wrong room')
		// The record stays (a report's evidence), marked deleted.
		expect(await MessageModel.findOne({ id }).lean()).toMatchObject({
			content: 'Posted in the wrong room, sorry',
			deletedBy: author.id,
		})
	})

	it('someone else’s message is a 403, a message older than 15 minutes a 409, and neither changes anything', async () => {
		const author = await newMember(server.url)
		const stranger = await newMember(server.url)
		const id = await post(author, 'Mine to correct')
		for (const [method, body] of [
			['PATCH', { content: 'Hijacked' }],
			['DELETE', undefined],
		] as const) {
			const response = await stranger.client.json(method, `/api/messages/${id}`, body)
			expect(response.status, method).toBe(403)
			expect((await response.json()).message).toBe('You can only edit or delete your own messages')
		}
		await age(id, 16)
		const before = await MessageModel.findOne({ id }).lean()
		for (const [method, body] of [
			['PATCH', { content: 'Too late' }],
			['DELETE', undefined],
		] as const) {
			const response = await author.client.json(method, `/api/messages/${id}`, body)
			expect(response.status, method).toBe(409)
			expect((await response.json()).message).toBe(
				'Messages can only be edited or deleted within 15 minutes of sending',
			)
		}
		expect(await MessageModel.findOne({ id }).lean()).toEqual(before)
		// Within the window it still works: 14 minutes is fine.
		await age(id, 14)
		expect((await author.client.json('PATCH', `/api/messages/${id}`, { content: 'Still in time' })).status).toBe(200)
	})

	it('refuses empty text, an unknown message, and a deleted one', async () => {
		const author = await newMember(server.url)
		const id = await post(author, 'Soon gone')
		expect((await author.client.json('PATCH', `/api/messages/${id}`, { content: '   ' })).status).toBe(400)
		expect((await author.client.json('PATCH', '/api/messages/99999999', { content: 'Hello' })).status).toBe(404)
		expect((await author.client.json('DELETE', `/api/messages/${id}`)).status).toBe(200)
		const again = await author.client.json('PATCH', `/api/messages/${id}`, { content: 'Back again' })
		expect(again.status).toBe(409)
		expect((await again.json()).message).toBe('This message has been deleted')
		expect((await author.client.json('DELETE', `/api/messages/${id}`)).status).toBe(409)
	})
})

describe('the same rules on the socket', () => {
	it('edit_message and delete_message answer through the acknowledgement and reach the other readers', async () => {
		const author = await newMember(server.url)
		const stranger = await newMember(server.url)
		const authorSocket = await connect(author)
		const strangerSocket = await connect(stranger)
		const changes = strangerSocket.changes
		const { id } = await authorSocket.send('community_message', { content: 'Socket draft', communityId: ROOM })

		const refused = await strangerSocket.send('edit_message', { messageId: id, content: 'Not yours' })
		expect(refused).toEqual({ ok: false, message: 'You can only edit or delete your own messages' })
		expect(await authorSocket.send('edit_message', { messageId: id, content: 'Socket final' })).toEqual({
			ok: true,
			id,
		})
		expect(await authorSocket.send('delete_message', { messageId: id })).toEqual({ ok: true, id })
		await strangerSocket.waitUntil(() => changes.length === 2, 'both changes arrive')
		expect(changes.map((change) => change.event)).toEqual(['message_updated', 'message_deleted'])

		const late = (await authorSocket.send('community_message', { content: 'Old news', communityId: ROOM })).id!
		await age(late, 20)
		expect(await authorSocket.send('delete_message', { messageId: late })).toEqual({
			ok: false,
			message: 'Messages can only be edited or deleted within 15 minutes of sending',
		})
	})
})

describe('private messages', () => {
	it('are corrected the same way, and only their two participants hear of it', async () => {
		const author = await newMember(server.url, { premium: false })
		const friend = await newMember(server.url, { premium: false })
		const bystander = await newMember(server.url)
		const friendSocket = await connect(friend)
		const bystanderSocket = await connect(bystander)
		const friendChanges = friendSocket.changes
		const bystanderChanges = bystanderSocket.changes
		const authorSocket = await connect(author)
		const { id } = await authorSocket.send('private_message', { content: 'Lunch at 1?', recipientId: friend.id })

		expect((await author.client.json('PATCH', `/api/messages/${id}`, { content: 'Lunch at 12:30?' })).status).toBe(200)
		await friendSocket.waitUntil(() => friendChanges.length === 1, 'the friend sees the edit')
		expect(friendChanges[0]!.message).toMatchObject({ id, content: 'Lunch at 12:30?', isPrivate: true })
		// The friend cannot touch it; a bystander hears nothing of it.
		expect((await friend.client.json('DELETE', `/api/messages/${id}`)).status).toBe(403)
		const page = await pageHtml(friend.client, `/messages?userId=${author.id}`)
		expect(page).toContain('Lunch at 12:30?')
		expect(page).toContain('(edited)')
		expect(bystanderChanges).toEqual([])
	})

	it("the friend's notification follows: the edited words, then 'Message deleted', never the old words", async () => {
		const author = await newMember(server.url, { premium: false })
		const friend = await newMember(server.url, { premium: false })
		const authorSocket = await connect(author)
		const { id } = await authorSocket.send('private_message', {
			content: 'My home number is 555-0142',
			recipientId: friend.id,
		})
		const notificationText = async () => {
			const { notifications } = (await (await friend.client.get('/api/notifications')).json()) as {
				notifications: Array<{ kind: string; text: string }>
			}
			return notifications.find((notification) => notification.kind === 'private_message')?.text
		}
		expect(await notificationText()).toBe('My home number is 555-0142')
		expect(
			(await author.client.json('PATCH', `/api/messages/${id}`, { content: 'Call me at the office' })).status,
		).toBe(200)
		expect(await notificationText()).toBe('Call me at the office')
		expect((await author.client.json('DELETE', `/api/messages/${id}`)).status).toBe(200)
		expect(await notificationText()).toBe('Message deleted')
		expect(await (await friend.client.get('/notifications')).text()).not.toContain('555-0142')
	})
})

describe('without JavaScript', () => {
	it('the message menu offers Edit and Delete on one’s own recent messages, and Report on others’', async () => {
		const author = await newMember(server.url)
		const reader = await newMember(server.url)
		const id = await post(author, 'Menu check')
		const own = await pageHtml(author.client, `/community/${ROOM}`)
		const item = own.slice(own.indexOf(`data-message-id="${id}"`))
		expect(item).toContain(`href="/community/${ROOM}?edit=${id}"`)
		expect(item).toMatch(/name="intent" value="delete-message"/)
		const theirs = await pageHtml(reader.client, `/community/${ROOM}`)
		const other = theirs.slice(theirs.indexOf(`data-message-id="${id}"`))
		expect(other).toContain(`href="/community/${ROOM}?report=${id}"`)
		expect(other.slice(0, other.indexOf('</li>'))).not.toContain('?edit=')
	})

	it("names each message's menu and each member's Message link by its label, and draws their icons by their classes: no <svg> in each (decision 245)", async () => {
		const author = await newMember(server.url)
		const reader = await newMember(server.url)
		await post(author, 'Icon check')
		const html = await pageHtml(reader.client, `/community/${ROOM}`)
		const menuButtons = [...html.matchAll(/<summary class="chat-menu-button" aria-label="([^"]+)"><\/summary>/g)]
		expect(menuButtons.map(([, label]) => label)).toContain(`Actions for the message from ${author.name}`)
		for (const [, label] of menuButtons) expect(label).toMatch(/^Actions for (your message|the message from .+)$/)
		expect(html).toMatch(new RegExp(`<a aria-label="Message ${author.name}"[^>]*class="member-row-action"[^>]*></a>`))
		// The message history's own markup has no drawing left in it.
		const historyStart = html.indexOf('aria-label="Messages"')
		expect(historyStart).toBeGreaterThan(0)
		expect(html.slice(historyStart, html.indexOf('</ol>', historyStart))).not.toContain('<svg')

		const css = await stylesheetOf(reader.client, html)
		expect(css).toMatch(/\.chat-menu-button:before[^{]*\{[^}]*mask/)
		expect(css).toMatch(/\.member-row-action:before[^{]*\{[^}]*mask/)
	})

	it('?edit={id} opens the edit form under the message; posting it edits, and an empty text comes back with its error', async () => {
		const author = await newMember(server.url)
		const id = await post(author, 'Form draft')
		const form = await pageHtml(author.client, `/community/${ROOM}?edit=${id}`)
		expect(form).toContain('aria-label="Edit message"')
		expect(form).toContain('>Form draft</textarea>')

		const empty = await author.client.submitForm(`/community/${ROOM}?edit=${id}`, {
			intent: 'edit-message',
			messageId: String(id),
			content: '  ',
		})
		expect(empty.status).toBe(400)
		expect(await empty.text()).toContain('Message cannot be empty')

		const saved = await author.client.submitForm(`/community/${ROOM}?edit=${id}`, {
			intent: 'edit-message',
			messageId: String(id),
			content: 'Form final',
		})
		expect(saved.status).toBe(303)
		expect(saved.headers.get('Location')).toBe(`/community/${ROOM}`)
		expect(await MessageModel.findOne({ id }).lean()).toMatchObject({ content: 'Form final' })
	})

	it('the delete form deletes, and a late or foreign one is refused on the page with a notice', async () => {
		const author = await newMember(server.url)
		const stranger = await newMember(server.url)
		const id = await post(author, 'Delete me by form')
		const foreign = await stranger.client.submitForm(`/community/${ROOM}`, {
			intent: 'delete-message',
			messageId: String(id),
		})
		expect(foreign.status).toBe(403)
		expect(await foreign.text()).toContain('You can only edit or delete your own messages')
		const deleted = await author.client.submitForm(`/community/${ROOM}`, {
			intent: 'delete-message',
			messageId: String(id),
		})
		expect(deleted.status).toBe(303)
		expect(await MessageModel.findOne({ id }).lean()).toMatchObject({ deletedBy: author.id })
		expect(await pageHtml(author.client, `/community/${ROOM}`)).toContain('Message deleted')
	})
})

describe('catching up after being away (decision 110)', () => {
	it('?changedAfter={revision} lists the edits and deletions after it, in order; the page tells the client where to start', async () => {
		const author = await newMember(server.url)
		const reader = await newMember(server.url)
		const first = await post(author, 'First version', 2)
		const second = await post(author, 'To be deleted', 2)
		const before = (await MessageModel.findOne({ communityId: 2 }).sort({ revision: -1 }).lean())?.revision ?? 0

		expect((await author.client.json('PATCH', `/api/messages/${first}`, { content: 'Second version' })).status).toBe(
			200,
		)
		expect((await author.client.json('DELETE', `/api/messages/${second}`)).status).toBe(200)
		const changes = (await (
			await reader.client.get(`/api/messages/community/2?changedAfter=${before}`)
		).json()) as ChatMessage[]
		expect(changes.map((message) => [message.id, message.deleted, message.content])).toEqual([
			[first, false, 'Second version'],
			[second, true, ''],
		])
		expect(changes[0]!.revision).toBeLessThan(changes[1]!.revision)
		const after = (await (
			await reader.client.get(`/api/messages/community/2?changedAfter=${changes[1]!.revision}`)
		).json()) as ChatMessage[]
		expect(after).toEqual([])

		// The page's loader hands the island the room's latest revision.
		expect(await pageHtml(reader.client, '/community/2')).toContain(`"changeCursor":${changes[1]!.revision}`)
		const mixed = await reader.client.get('/api/messages/community/2?after=1&changedAfter=1')
		expect(mixed.status).toBe(400)
		expect((await reader.client.get('/api/messages/community/2?changedAfter=abc')).status).toBe(400)
	})
})

describe('day separators', () => {
	it('head each day of a conversation with Today, Yesterday or the date', async () => {
		const author = await newMember(server.url, { premium: false })
		const friend = await newMember(server.url, { premium: false })
		const chat = await connect(author)
		const ids: number[] = []
		for (const content of ['Long ago', 'Yesterday’s note', 'Fresh news']) {
			ids.push((await chat.send('private_message', { content, recipientId: friend.id })).id!)
		}
		await MessageModel.updateOne({ id: ids[0] }, { $set: { createdAt: new Date('2026-03-05T12:00:00Z') } })
		await MessageModel.updateOne({ id: ids[1] }, { $set: { createdAt: new Date(Date.now() - 24 * 60 * MINUTE) } })
		const page = await pageHtml(friend.client, `/messages?userId=${author.id}`)
		// The conversation itself (the lists beside it show dates of their own).
		const history = page.slice(page.indexOf('aria-label="Message history"'))
		const order = ['Thu, Mar 5, 2026', 'Long ago', 'Yesterday', 'Yesterday’s note', 'Today', 'Fresh news'].map((text) =>
			history.indexOf(`>${text}<`),
		)
		expect(order.every((position) => position > 0)).toBe(true)
		expect([...order].sort((a, b) => a - b)).toEqual(order)
	})
})
