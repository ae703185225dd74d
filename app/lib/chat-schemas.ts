import { z } from 'zod'
import { EMPTY_MESSAGE, MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from '~/lib/chat'

/** The chat composer's rules as zod schemas (product §5), for the server and, loaded when the composer is first used, the browser (docs/decisions/220). */

export const MessageContentSchema = z
	.string({ required_error: EMPTY_MESSAGE, invalid_type_error: 'Message must be text' })
	.trim()
	.min(1, EMPTY_MESSAGE)
	.max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG)

/** The chat composer form (community room and private conversation alike). */
export const ChatFormSchema = z.object({ content: MessageContentSchema })
