import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * A member following a post: they are notified of its new comments, once per
 * post until they read it (product §2 "Discussions"). Authors and commenters
 * follow by themselves. One per member and post, written by one atomic upsert.
 */
export interface DiscussionFollow {
	postId: number
	userId: number
	createdAt: Date
}

const followSchema = new Schema<DiscussionFollow>(
	{
		postId: { type: Number, required: true },
		userId: { type: Number, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false, collection: 'discussionfollows' },
)
// A post's followers (notifying them), and "does this member follow this post?".
followSchema.index({ postId: 1, userId: 1 }, { unique: true })
// A member's follows (their export, their deletion).
followSchema.index({ userId: 1 })

export const DiscussionFollowModel = defineModel<DiscussionFollow>('DiscussionFollow', followSchema)
