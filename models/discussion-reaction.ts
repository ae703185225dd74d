import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/** product §2 "Discussions": the three reactions, in the order they are shown. */
export const REACTION_KINDS = ['like', 'insightful', 'celebrate'] as const
export type ReactionKind = (typeof REACTION_KINDS)[number]
export type ReactionTargetType = 'post' | 'comment'

/**
 * One member's reaction of one kind to a post or a comment. At most one per
 * member, target and kind: written by one atomic upsert keyed on all of them
 * (docs/decisions/136, 160). Counts are counted from these, never kept apart,
 * so a deleted account's reactions leave every count right.
 */
export interface DiscussionReaction {
	targetType: ReactionTargetType
	targetId: number
	/** The post, or the comment's post: a thread's reactions in one read. */
	postId: number
	communityId: number
	userId: number
	kind: ReactionKind
	createdAt: Date
}

const reactionSchema = new Schema<DiscussionReaction>(
	{
		targetType: { type: String, enum: ['post', 'comment'], required: true },
		targetId: { type: Number, required: true },
		postId: { type: Number, required: true },
		communityId: { type: Number, required: true },
		userId: { type: Number, required: true },
		kind: { type: String, enum: REACTION_KINDS, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false, collection: 'discussionreactions' },
)
// One per member, target and kind (enforced on MongoDB; the upsert keeps it so on the emulator too).
reactionSchema.index({ targetType: 1, targetId: 1, userId: 1, kind: 1 }, { unique: true })
// A thread's reactions (the post page), a list page's posts' counts.
reactionSchema.index({ postId: 1 })
// "Most reactions this month": a community's reactions since a date.
reactionSchema.index({ communityId: 1, createdAt: -1 })
// A member's reactions (their export, their deletion).
reactionSchema.index({ userId: 1 })

export const DiscussionReactionModel = defineModel<DiscussionReaction>('DiscussionReaction', reactionSchema)
