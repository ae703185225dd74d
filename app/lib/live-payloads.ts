import { z } from 'zod'
import { MessageContentSchema } from '~/lib/chat-schemas'

/**
 * The payloads of the live protocol's client events (~/lib/live-events):
 * each event the browser may send, and the schema its payload must pass.
 * Apart from the event maps so that the browser, which only sends them,
 * loads no zod for its sockets (docs/decisions/094, 198).
 */

/** Ids arrive as numbers; numeric strings are accepted too, anything else is refused. */
const IdSchema = (what: string) =>
	z.preprocess(
		(value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
		z
			.number({ required_error: `${what} is required`, invalid_type_error: `${what} must be a number` })
			.int()
			.positive(`${what} must be a positive number`),
	)

/**
 * Each event the browser may send, and the schema its payload must pass.
 * The server parses every payload with its event's schema before using it
 * (`parseClientPayload`), whatever the type says: a socket is open to any
 * client.
 */
export const clientPayloadSchemas = {
	/** product §4: the page says who it is; accepted only for the session's own user. */
	auth: z.object({ userId: z.number(), username: z.string() }),
	/**
	 * Optional, on top of product §7: receive only these rooms' messages instead of
	 * all of them; `conversationWith` says which private conversation the page
	 * shows, so a message that arrives there counts as read (docs/decisions/101).
	 */
	subscribe: z.object({
		communityIds: z.array(IdSchema('communityId')).max(100, 'Too many communities'),
		conversationWith: IdSchema('conversationWith').optional(),
	}),
	/** product §7: sent on each change of the composer, true while it holds text. */
	typing: z.object({
		isTyping: z.boolean({
			required_error: 'isTyping is required',
			invalid_type_error: 'isTyping must be true or false',
		}),
		targetId: IdSchema('targetId'),
		isPrivate: z.boolean({ invalid_type_error: 'isPrivate must be true or false' }).default(false),
	}),
	community_message: z.object({ content: MessageContentSchema, communityId: IdSchema('communityId') }),
	private_message: z.object({ content: MessageContentSchema, recipientId: IdSchema('recipientId') }),
	/** product §7 `edit_message` and `delete_message`: the same rules as PATCH and DELETE /api/messages/{id}. */
	edit_message: z.object({ messageId: IdSchema('messageId'), content: MessageContentSchema }),
	delete_message: z.object({ messageId: IdSchema('messageId') }),
	/**
	 * Optional, no `auth` needed: the page a tab shows and whether it is on screen, so that no push goes
	 * out about what the member is looking at (docs/decisions/181). Sent on connect, on every navigation and
	 * when the tab is hidden or shown.
	 */
	viewing: z.object({
		path: z
			.string()
			.max(2_000)
			.regex(/^\/(?!\/)[^\s\\]*$/, 'path must be a path on this site'),
		visible: z.boolean(),
	}),
	/**
	 * Optional, no `auth` needed: the layout's socket asks it each time it connects, for what it could not hear
	 * before (docs/decisions/100). `notificationsAfter` is the newest notification the page shows (0 for none);
	 * the acknowledgement answers the unread counts and the notifications newer than it.
	 */
	badges: z.object({
		notificationsAfter: z
			.number({
				required_error: 'notificationsAfter is required',
				invalid_type_error: 'notificationsAfter must be a number',
			})
			.int('notificationsAfter must be a whole number')
			.min(0, 'notificationsAfter must be 0 or more')
			.max(Number.MAX_SAFE_INTEGER, 'notificationsAfter is too large'),
	}),
}

export type ClientEventName = keyof typeof clientPayloadSchemas

/**
 * A client event's payload as the server reads it after parsing, which is
 * also what a well-behaved client sends (ids as numbers, `isPrivate`
 * given): the schemas' inputs are looser (numeric strings) on purpose.
 */
export type ClientPayload<E extends ClientEventName> = z.output<(typeof clientPayloadSchemas)[E]>
