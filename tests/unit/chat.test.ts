import { describe, expect, it } from 'vitest'
import { isInConversation, mergeMessages, type ChatMessage } from '~/lib/chat'
import { ChatFormSchema } from '~/lib/chat-schemas'
import { paramSetter } from '~/lib/page-link'
import { createOrderedTasks } from '~/platform/ordered-tasks.server'

const message = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
	id,
	content: `message ${id}`,
	senderId: 1,
	recipientId: null,
	communityId: 1,
	createdAt: new Date(0).toISOString(),
	isPrivate: false,
	editedAt: null,
	deleted: false,
	removedByModerator: false,
	revision: 0,
	...extra,
})

describe('mergeMessages', () => {
	it('appends new messages and ignores ids it already holds (product §4)', () => {
		const held = [message(1), message(2)]
		const merged = mergeMessages(held, [message(2), message(3), message(3)])
		expect(merged.map((m) => m.id)).toEqual([1, 2, 3])
		expect(mergeMessages(merged, [message(1), message(3)])).toBe(merged)
	})

	it('keeps the server’s order when older pages or late arrivals come in', () => {
		const merged = mergeMessages([message(5), message(9)], [message(7), message(1)])
		expect(merged.map((m) => m.id)).toEqual([1, 5, 7, 9])
	})
})

describe('the chat form rule (product §5)', () => {
	it('refuses empty and whitespace-only messages and trims the rest', () => {
		expect(ChatFormSchema.safeParse({ content: ' \n ' }).error?.issues[0]?.message).toBe('Message cannot be empty')
		expect(ChatFormSchema.safeParse({}).error?.issues[0]?.message).toBe('Message cannot be empty')
		expect(ChatFormSchema.safeParse({ content: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe(
			'Message must be at most 2000 characters long',
		)
		expect(ChatFormSchema.parse({ content: '  Hi\nthere  ' }).content).toBe('Hi\nthere')
	})
})

describe('isInConversation', () => {
	it('matches a private message between the two people, in either direction, and nothing else', () => {
		expect(
			isInConversation(message(1, { isPrivate: true, senderId: 1, recipientId: 2, communityId: null }), 1, 2),
		).toBe(true)
		expect(
			isInConversation(message(2, { isPrivate: true, senderId: 2, recipientId: 1, communityId: null }), 1, 2),
		).toBe(true)
		expect(
			isInConversation(message(3, { isPrivate: true, senderId: 3, recipientId: 1, communityId: null }), 1, 2),
		).toBe(false)
		expect(isInConversation(message(4, { senderId: 2 }), 1, 2)).toBe(false)
	})
})

describe('createOrderedTasks', () => {
	it('runs one key’s tasks in the order given, even when an earlier one is slower or fails', async () => {
		const runInOrder = createOrderedTasks()
		const done: string[] = []
		const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
		const results = await Promise.allSettled([
			runInOrder('room', async () => {
				await wait(30)
				done.push('first')
			}),
			runInOrder('room', async () => {
				done.push('second')
				throw new Error('boom')
			}),
			runInOrder('other', async () => void done.push('other room')),
			runInOrder('room', async () => void done.push('third')),
		])
		expect(done).toEqual(['other room', 'first', 'second', 'third'])
		expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
	})
})

describe("a chat message's links (edit, report, mute) on the page it is drawn on", () => {
	/** What URLSearchParams.set writes: the one way the links were written before paramSetter. */
	const setOnce = (url: string, name: string, value: number) => {
		const [path, query = ''] = url.split('?')
		const params = new URLSearchParams(query)
		params.set(name, String(value))
		return `${path}?${params}`
	}

	it('are the page with the value set, as URLSearchParams writes it, for every value', () => {
		const pages = [
			'/community/1',
			'/community/1?',
			'/community/1?before=40',
			'/community/1?report=3',
			'/community/1?before=40&report=3&sort=a+b',
			'/community/1?report=3&before=40&report=9',
			'/messages?userId=7&before=90',
			'/messages?userId=7&q=caf%C3%A9%20%26%20co&edit=',
			'/messages?edit',
		]
		for (const page of pages) {
			for (const name of ['edit', 'report', 'mute', 'before']) {
				const linkTo = paramSetter(page, name)
				for (const value of [1, 42, 123456]) expect(linkTo(value)).toBe(setOnce(page, name, value))
			}
		}
		expect(paramSetter('/community/1?report=3&before=40&report=9', 'report')(5)).toBe('/community/1?report=5&before=40')
	})
})
