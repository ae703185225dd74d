import mongoose from 'mongoose'
import {
	DiscussionReactionModel,
	type DiscussionReaction,
	type ReactionKind,
	type ReactionTargetType,
	type UserJSON,
} from '#models/index'
import {
	DISCUSSIONS_READ_ONLY,
	REACTING_TOO_FAST,
	REACTION_KINDS,
	REACTION_LABELS,
	REACTION_RATE_LIMIT,
	REACTORS_SHOWN,
} from '~/lib/discussions'
import { RetryLaterError, isDuplicateKeyError } from '~/lib/service-error'
import { createRateLimiter } from '~/platform/rate-limit.server'
import { singleton } from '~/platform/singleton.server'
import { authorsById, findStandingComment, findStandingPost } from '~/services/discussions/records.server'
import { assertPremium } from '~/services/moderation/participation.server'

/**
 * Reactions to posts and comments (product §2 "Discussions"): 'Like',
 * 'Insightful' and 'Celebrate', each at most once per member and target,
 * with counts and who. Free accounts cannot react (the read-only rule);
 * counts are counted from the reactions themselves (docs/decisions/160).
 */

export interface ReactionSummary {
	kind: ReactionKind
	label: string
	count: number
	/** Whether the reader gave this one. */
	reacted: boolean
	/** The first names of who gave it, in the order they did; `count` says how many more. */
	who: string[]
}

export interface ReactionTarget {
	type: ReactionTargetType
	id: number
}

const reactionLimiter = singleton('discussion-reaction-limiter', () => createRateLimiter(REACTION_RATE_LIMIT))

/**
 * PUT and DELETE /api/posts|comments/{id}/reactions/{kind}, and the reaction
 * buttons: adds (`on`) or takes back the reader's reaction. Idempotent: a
 * second PUT or DELETE changes nothing. A deleted or removed target takes no
 * reaction (409). Answers the target's reactions.
 */
export async function setReaction(
	actor: Pick<UserJSON, 'id' | 'subscriptionStatus'>,
	target: ReactionTarget,
	kind: ReactionKind,
	on: boolean,
): Promise<ReactionSummary[]> {
	const where =
		target.type === 'post'
			? await findStandingPost(target.id).then((post) => ({ postId: post.id, communityId: post.communityId }))
			: await findStandingComment(target.id).then((comment) => ({
					postId: comment.postId,
					communityId: comment.communityId,
				}))
	assertPremium(actor, DISCUSSIONS_READ_ONLY)
	const attempt = await reactionLimiter.consume(actor.id)
	if (!attempt.allowed) throw new RetryLaterError(REACTING_TOO_FAST, attempt.retryAfterMs)
	const key = { targetType: target.type, targetId: target.id, userId: actor.id, kind }
	if (on) {
		try {
			await DiscussionReactionModel.updateOne(
				key,
				{ $setOnInsert: { ...key, ...where, createdAt: new Date() } },
				{ upsert: true },
			)
		} catch (error) {
			// The same reaction from a second tab at the same moment: given either way.
			if (!isDuplicateKeyError(error)) throw error
		}
	} else {
		await DiscussionReactionModel.deleteOne(key)
	}
	return (await summarizeReactions(await reactionsOfTargets([target]), actor.id)).get(keyOf(target)) ?? emptySummary()
}

const keyOf = (target: ReactionTarget) => `${target.type}:${target.id}`

function emptySummary(): ReactionSummary[] {
	return REACTION_KINDS.map((kind) => ({ kind, label: REACTION_LABELS[kind], count: 0, reacted: false, who: [] }))
}

async function reactionsOfTargets(targets: ReactionTarget[]): Promise<DiscussionReaction[]> {
	if (targets.length === 0) return []
	const byType = (type: ReactionTargetType) => targets.filter((target) => target.type === type).map(({ id }) => id)
	const clauses = (['post', 'comment'] as const)
		.map((type) => ({ type, ids: byType(type) }))
		.filter(({ ids }) => ids.length > 0)
		.map(({ type, ids }) => ({ targetType: type, targetId: mongoose.trusted({ $in: ids }) }))
	return DiscussionReactionModel.find(clauses.length === 1 ? clauses[0]! : { $or: clauses })
		.sort({ createdAt: 1 })
		.lean<DiscussionReaction[]>()
}

/** Every reaction of a thread (the post and its comments), in one read. */
export async function reactionsOfThread(postId: number): Promise<DiscussionReaction[]> {
	return DiscussionReactionModel.find({ postId }).sort({ createdAt: 1 }).lean<DiscussionReaction[]>()
}

/** The reactions of each target ("post:12", "comment:40"), as the page shows them, with who. */
export async function summarizeReactions(
	reactions: DiscussionReaction[],
	readerId: number,
): Promise<Map<string, ReactionSummary[]>> {
	const names = await authorsById(reactions.map((reaction) => reaction.userId))
	const summaries = new Map<string, ReactionSummary[]>()
	for (const reaction of reactions) {
		const key = keyOf({ type: reaction.targetType, id: reaction.targetId })
		if (!summaries.has(key)) summaries.set(key, emptySummary())
		const summary = summaries.get(key)!.find((entry) => entry.kind === reaction.kind)!
		summary.count += 1
		if (reaction.userId === readerId) summary.reacted = true
		const name = names.get(reaction.userId)?.name
		// A reaction of a deleted account is gone with it (the registry of personal data); a name is always there.
		if (name && summary.who.length < REACTORS_SHOWN) summary.who.push(name)
	}
	return summaries
}

export function reactionsOf(summaries: Map<string, ReactionSummary[]>, target: ReactionTarget): ReactionSummary[] {
	return summaries.get(keyOf(target)) ?? emptySummary()
}

/** How many reactions each post has (a list page's posts), in one aggregation. */
export async function reactionCountsOfPosts(postIds: number[]): Promise<Map<number, number>> {
	if (postIds.length === 0) return new Map()
	const rows = await DiscussionReactionModel.aggregate<{ _id: number; count: number }>([
		{ $match: { targetType: 'post', targetId: mongoose.trusted({ $in: postIds }) } },
		{ $group: { _id: '$targetId', count: { $sum: 1 } } },
	])
	return new Map(rows.map((row) => [row._id, row.count]))
}

/**
 * The posts of a community with the most reactions since `since`, most first
 * (ties: the newer post first): the "Most reactions this month" order. At
 * most `limit` of them; the posts without reactions in the window follow
 * them in the list by latest activity.
 */
export async function mostReactedPostIds(communityId: number, since: Date, limit: number): Promise<number[]> {
	const rows = await DiscussionReactionModel.aggregate<{ _id: number; count: number }>([
		{ $match: { communityId, targetType: 'post', createdAt: mongoose.trusted({ $gte: since }) } },
		{ $group: { _id: '$targetId', count: { $sum: 1 } } },
		{ $sort: { count: -1, _id: -1 } },
		{ $limit: limit },
	])
	return rows.map((row) => row._id)
}

/** The reactions a member gave, for their data export. */
export async function reactionsGivenBy(
	userId: number,
): Promise<Array<{ kind: ReactionKind; on: 'post' | 'comment'; id: number; createdAt: string }>> {
	const reactions = await DiscussionReactionModel.find({ userId }).sort({ createdAt: 1 }).lean<DiscussionReaction[]>()
	return reactions.map((reaction) => ({
		kind: reaction.kind,
		on: reaction.targetType,
		id: reaction.targetId,
		createdAt: reaction.createdAt.toISOString(),
	}))
}

/** The account is being deleted: its reactions go, and every count with them. */
export async function deleteReactionsOf(userId: number): Promise<void> {
	await DiscussionReactionModel.deleteMany({ userId })
}
