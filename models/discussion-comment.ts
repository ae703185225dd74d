import { Schema } from 'mongoose'
import { watchDiscussionWrites } from '#models/discussion-post'
import { defineModel } from '#models/model'

/**
 * A comment on a discussion post, or a reply to one (one level: a reply's
 * `parentId` is always a top-level comment). Markdown, as written; kept when
 * deleted or removed so the thread stays readable (docs/decisions/160).
 */
export interface DiscussionComment {
	id: number
	postId: number
	/** The post's community, kept here so a community's activity and reactions need no join. */
	communityId: number
	authorId: number
	/** The top-level comment this one replies to; null for a comment on the post itself. */
	parentId: number | null
	body: string
	createdAt: Date
	editedAt: Date | null
	deletedAt: Date | null
	deletedBy: number | null
}

const commentSchema = new Schema<DiscussionComment>(
	{
		id: { type: Number, required: true, unique: true },
		postId: { type: Number, required: true },
		communityId: { type: Number, required: true },
		authorId: { type: Number, required: true },
		parentId: { type: Number, default: null },
		body: { type: String, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
		editedAt: { type: Date, default: null },
		deletedAt: { type: Date, default: null },
		deletedBy: { type: Number, default: null },
	},
	{ id: false, versionKey: false, collection: 'discussioncomments' },
)
// A post's thread, oldest first; its top-level comments a page at a time.
commentSchema.index({ postId: 1, parentId: 1, id: 1 })
// The newest comments of some communities (the dashboard's Community Activity, the weekly digest).
commentSchema.index({ communityId: 1, createdAt: -1 })
// A member's comments (their data export).
commentSchema.index({ authorId: 1, id: 1 })

watchDiscussionWrites(commentSchema)

export const DiscussionCommentModel = defineModel<DiscussionComment>('DiscussionComment', commentSchema)
