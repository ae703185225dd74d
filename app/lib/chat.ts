import { type MessageJSON } from '#models/message'

/**
 * Chat rules and helpers shared by the server (services, socket handlers,
 * form actions) and the browser (the chat island), so each rule is written
 * once.
 */

/** product §5: empty or whitespace-only messages are not sent; the upper bound keeps a room readable. */
export const MESSAGE_MAX_LENGTH = 2000
/** Messages per history page (first render, `?before=` and `?after=` pages). */
export const HISTORY_PAGE_SIZE = 50

export const EMPTY_MESSAGE = 'Message cannot be empty'
export const MESSAGE_TOO_LONG = `Message must be at most ${MESSAGE_MAX_LENGTH} characters long`

/** What the server sends for a message, live and in history (product §7): the model's JSON with senderName. */
export type ChatMessage = MessageJSON

/** One line of a member's conversations list (/messages, GET /api/conversations, the live `conversations` event). */
export interface ConversationSummary {
	user: { id: number; username: string; name: string; avatar: string | null }
	lastMessage: { id: number; content: string; senderId: number; createdAt: string }
	unreadCount: number
}

/**
 * Adds messages to a list, keeping it sorted by id (the server's order) and
 * ignoring any id it already holds (product §4: duplicates are ignored),
 * unless the incoming copy is a later revision of it (an edit or a deletion:
 * decision 110), which then replaces the held one. Returns the same array
 * when nothing was new, so React can skip a render.
 */
export function mergeMessages<Message extends { id: number; revision?: number }>(
	current: Message[],
	incoming: readonly Message[],
): Message[] {
	if (incoming.length === 0) return current
	const held = new Map(current.map((message, index) => [message.id, index]))
	let replaced: Message[] | null = null
	const added = incoming.filter((message) => {
		const index = held.get(message.id)
		if (index === undefined) {
			held.set(message.id, -1)
			return true
		}
		const existing = index >= 0 ? (replaced ?? current)[index]! : null
		if (existing && (message.revision ?? 0) > (existing.revision ?? 0)) {
			replaced ??= [...current]
			replaced[index] = message
		}
		return false
	})
	if (added.length === 0) return replaced ?? current
	if (replaced) current = replaced
	const lastId = current.length ? current[current.length - 1]!.id : 0
	// The common case, a newer message arriving live, needs no sort.
	if (added.every((message, index) => message.id > (index === 0 ? lastId : added[index - 1]!.id))) {
		return [...current, ...added]
	}
	return [...current, ...added].sort((a, b) => a.id - b.id)
}

/** The highest revision among messages (where catching up on edits and deletions goes on from). */
export function highestRevision(messages: ReadonlyArray<{ revision?: number }>, floor = 0): number {
	return messages.reduce((highest, message) => Math.max(highest, message.revision ?? 0), floor)
}

/** Whether a message belongs to the private conversation between `me` and `other`. */
export function isInConversation(message: ChatMessage, me: number, other: number): boolean {
	return (
		message.isPrivate &&
		((message.senderId === me && message.recipientId === other) ||
			(message.senderId === other && message.recipientId === me))
	)
}

/**
 * What a chat panel does after every (re)connection: fetches the messages
 * newer than the last one it held when the connection came back, page by
 * page (`?after={id}`), handing each page to `onPage` as it arrives. Holding
 * nothing, it fetches the latest page only. The browser hook and the fault
 * tests (which drive it against a restarted server) share it.
 *
 * The cursor follows the pages fetched, never the list held: live messages
 * keep arriving during a catch-up, and they are newer than the gap still
 * being fetched, so moving the cursor to them would skip the rest of the gap.
 */
export async function catchUpMessages<Message extends { id: number }>({
	lastHeldId,
	fetchPage,
	onPage,
	isCancelled = () => false,
}: {
	/** The id of the newest message held when the catch-up starts; null when none is held. */
	lastHeldId: number | null
	/** Fetches one history page; `query` is '' (the latest page) or `after={id}`. */
	fetchPage: (query: string) => Promise<Message[]>
	onPage: (page: Message[]) => void
	isCancelled?: () => boolean
}): Promise<void> {
	let cursor = lastHeldId
	for (;;) {
		const page = await fetchPage(cursor === null ? '' : `after=${cursor}`)
		if (isCancelled()) return
		onPage(page)
		if (cursor === null || page.length < HISTORY_PAGE_SIZE) return
		cursor = page[page.length - 1]!.id
	}
}

/**
 * The other half of a catch-up (decision 110): the messages edited or
 * deleted while the client was away, by revision (`changedAfter={revision}`),
 * page by page, from the highest revision it knew when the catch-up started.
 */
export async function catchUpChanges<Message extends { revision?: number }>({
	sinceRevision,
	fetchPage,
	onPage,
	isCancelled = () => false,
}: {
	sinceRevision: number
	fetchPage: (query: string) => Promise<Message[]>
	onPage: (page: Message[]) => void
	isCancelled?: () => boolean
}): Promise<void> {
	let cursor = sinceRevision
	for (;;) {
		const page = await fetchPage(`changedAfter=${cursor}`)
		if (isCancelled()) return
		if (page.length) onPage(page)
		if (page.length < HISTORY_PAGE_SIZE) return
		cursor = highestRevision(page, cursor)
	}
}

/** Which form a message's menu has open under it (without JavaScript, from the page's address). */
export type OpenMessageForm = 'edit' | 'report' | 'mute' | null

/** The form open under one message, from the page's address (`?edit=`, `?report=`, `?mute=`). */
export interface OpenChatForm {
	kind: Exclude<OpenMessageForm, null>
	messageId: number
}

/** The `intent` of each form in a message's menu: the page draws them, the chat pages' action tells them apart. */
export const CHAT_INTENTS = {
	edit: 'edit-message',
	delete: 'delete-message',
	report: 'report-message',
	mute: 'mute-member',
} as const
