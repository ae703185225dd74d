import { describe, expect, it } from 'vitest'
import { catchUpMessages, HISTORY_PAGE_SIZE, mergeMessages } from '~/lib/chat'

/** A room's stored messages 1..count, and its `?after=` history the way the server pages it. */
function room(count: number) {
	const stored = Array.from({ length: count }, (_, index) => ({ id: index + 1 }))
	const queries: string[] = []
	const fetchPage = async (query: string) => {
		queries.push(query)
		if (query === '') return stored.slice(-HISTORY_PAGE_SIZE)
		const after = Number(/^after=(\d+)$/.exec(query)![1])
		return stored.filter((message) => message.id > after).slice(0, HISTORY_PAGE_SIZE)
	}
	return { stored, queries, fetchPage }
}

describe('catchUpMessages (after a reconnection)', () => {
	it('fetches every page after the last message held', async () => {
		const { stored, queries, fetchPage } = room(130)
		let held = stored.slice(0, 10)
		await catchUpMessages({ lastHeldId: 10, fetchPage, onPage: (page) => (held = mergeMessages(held, page)) })
		expect(held).toEqual(stored)
		expect(queries).toEqual(['after=10', 'after=60', 'after=110'])
	})

	it('skips nothing when live messages arrive while the gap is still being fetched', async () => {
		const { stored, fetchPage } = room(130)
		let held = stored.slice(0, 10)
		await catchUpMessages({
			lastHeldId: 10,
			fetchPage: async (query) => {
				const page = await fetchPage(query)
				// Meanwhile the newest message arrives live, ahead of the gap.
				held = mergeMessages(held, [stored.at(-1)!])
				return page
			},
			onPage: (page) => (held = mergeMessages(held, page)),
		})
		expect(held).toEqual(stored)
	})

	it('holding nothing, fetches the latest page only; and stops once cancelled', async () => {
		const { stored, queries, fetchPage } = room(130)
		let held: Array<{ id: number }> = []
		await catchUpMessages({ lastHeldId: null, fetchPage, onPage: (page) => (held = mergeMessages(held, page)) })
		expect(held).toEqual(stored.slice(-HISTORY_PAGE_SIZE))
		expect(queries).toEqual([''])

		const pages: number[] = []
		await catchUpMessages({
			lastHeldId: 10,
			fetchPage,
			onPage: (page) => pages.push(page.length),
			isCancelled: () => pages.length > 0,
		})
		expect(pages).toEqual([50])
	})
})
