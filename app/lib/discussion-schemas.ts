import { z } from 'zod'
import { hasControlCharacter } from '~/lib/characters'
import { COMMENT_BODY_MAX, POST_BODY_MAX, POST_TITLE_MAX, POST_TITLE_MIN, REACTION_KINDS } from '~/lib/discussions'

/**
 * The zod schemas of discussions' JSON calls and forms (product §2
 * "Discussions"), for the services, the routes and, loaded when a form is
 * first used, the browser (docs/decisions/220). The rules and texts are in
 * `discussions.ts`.
 */

const TitleSchema = z
	.string({ required_error: 'Title is required', invalid_type_error: 'Title must be text' })
	.trim()
	.min(1, 'Title is required')
	.min(POST_TITLE_MIN, `Title must be at least ${POST_TITLE_MIN} characters long`)
	.max(POST_TITLE_MAX, `Title must be at most ${POST_TITLE_MAX} characters long`)
	.refine((value) => !hasControlCharacter(value), 'Title must be one line of text')

const bodySchema = (max: number) =>
	z
		.string({ required_error: 'Body is required', invalid_type_error: 'Body must be text' })
		.trim()
		.min(1, 'Body is required')
		.max(max, `Body must be at most ${max.toLocaleString('en-US')} characters long`)

export const PostBodySchema = bodySchema(POST_BODY_MAX)
export const CommentBodySchema = bodySchema(COMMENT_BODY_MAX)

const idOf = (what: string) =>
	z
		.number({ required_error: `${what} is required`, invalid_type_error: `${what} must be a number` })
		.int(`${what} must be a whole number`)
		.positive(`${what} must be a positive number`)
		.max(Number.MAX_SAFE_INTEGER, `${what} is too large`)

/** POST /api/communities/{id}/posts and the new-post form. */
export const PostSchema = z.object({ title: TitleSchema, body: PostBodySchema })
export type PostInput = z.output<typeof PostSchema>

/** PATCH /api/posts/{id}: the title, the body, or both. */
export const PostUpdateSchema = PostSchema.partial().refine(
	(value) => value.title !== undefined || value.body !== undefined,
	'Send at least one of title, body',
)
export type PostUpdate = z.output<typeof PostUpdateSchema>

/** POST /api/posts/{id}/comments and the comment forms: `parentId` makes it a reply to that comment. */
export const CommentSchema = z.object({ body: CommentBodySchema, parentId: idOf('parentId').nullish() })
export type CommentInput = z.output<typeof CommentSchema>

/** PATCH /api/comments/{id}. */
export const CommentUpdateSchema = z.object({ body: CommentBodySchema })

/** POST /api/posts/{id}/pin and /lock (moderators): which way. */
export const PinSchema = z.object({
	pinned: z.boolean({ required_error: 'pinned is required', invalid_type_error: 'pinned must be true or false' }),
})
export const LockSchema = z.object({
	locked: z.boolean({ required_error: 'locked is required', invalid_type_error: 'locked must be true or false' }),
})

const onOff = (field: string) =>
	z
		.enum(['true', 'false'], { errorMap: () => ({ message: `${field} must be true or false` }) })
		.transform((value) => value === 'true')

export const NewPostFormSchema = PostSchema
export const CommentFormSchema = z.object({ body: CommentBodySchema, parentId: idOf('parentId').optional() })
export const EditPostFormSchema = PostSchema
export const EditCommentFormSchema = z.object({ commentId: idOf('commentId'), body: CommentBodySchema })
export const CommentIdFormSchema = z.object({ commentId: idOf('commentId') })
/** A reaction button: `on` adds the reaction, off takes it back. */
export const ReactFormSchema = z.object({
	targetType: z.enum(['post', 'comment'], { errorMap: () => ({ message: 'Unknown reaction target' }) }),
	targetId: idOf('targetId'),
	kind: z.enum(REACTION_KINDS, { errorMap: () => ({ message: 'Unknown reaction' }) }),
	on: onOff('on'),
})
export const FollowFormSchema = z.object({ following: onOff('following') })
export const PinFormSchema = z.object({ pinned: onOff('pinned') })
export const LockFormSchema = z.object({ locked: onOff('locked') })
