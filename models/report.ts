import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/** product §6 "Moderation": why a member reports a message. */
export const REPORT_REASONS = ['spam', 'harassment', 'off-topic', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** How a moderator resolved a report. */
export const REPORT_RESOLUTIONS = ['dismissed', 'deleted', 'muted'] as const
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number]

/** What a report is about: a chat message, a discussion post, or a comment on one (docs/decisions/163). */
export const REPORT_TARGETS = ['message', 'post', 'comment', 'checkin'] as const
export type ReportTarget = (typeof REPORT_TARGETS)[number]

/**
 * A member's report of a room message, a private message they received, or
 * a discussion post or comment. It keeps a copy of the words reported, so
 * the evidence survives an edit or a deletion (docs/decisions/112, 163).
 * Exactly one of `messageId`, `postId` and `commentId` is set.
 */
export interface Report {
	id: number
	messageId: number | null
	postId?: number | null
	commentId?: number | null
	/** A peer pod's check-in (docs/decisions/216). */
	checkInId?: number | null
	reporterId: number
	/** The message's sender, or the post's or comment's author. */
	authorId: number
	reason: ReportReason
	details: string | null
	/** The message's content when it was reported (a post's title and body). */
	excerpt: string
	/** Where it is: a room, or (null) a private conversation. */
	communityId: number | null
	status: 'open' | 'resolved'
	createdAt: Date
	resolvedAt: Date | null
	resolvedBy: number | null
	resolution: ReportResolution | null
	/** For a mute: how long, in hours (null: until lifted). */
	muteHours: number | null
}

const reportSchema = new Schema<Report>(
	{
		id: { type: Number, required: true, unique: true },
		messageId: { type: Number, default: null },
		postId: { type: Number, default: null },
		commentId: { type: Number, default: null },
		checkInId: { type: Number, default: null },
		reporterId: { type: Number, required: true },
		authorId: { type: Number, required: true },
		reason: { type: String, enum: REPORT_REASONS, required: true },
		details: { type: String, default: null },
		excerpt: { type: String, required: true },
		communityId: { type: Number, default: null },
		status: { type: String, enum: ['open', 'resolved'], required: true, default: 'open' },
		createdAt: { type: Date, required: true, default: () => new Date() },
		resolvedAt: { type: Date, default: null },
		resolvedBy: { type: Number, default: null },
		resolution: { type: String, enum: [...REPORT_RESOLUTIONS, null], default: null },
		muteHours: { type: Number, default: null },
	},
	{ id: false, versionKey: false },
)
// The queue: open reports oldest first, resolved ones newest first, a page at a time.
reportSchema.index({ status: 1, id: 1 })
// One open report per member and message (post, comment); all open reports of one (resolved together).
reportSchema.index({ messageId: 1, reporterId: 1, status: 1 })
reportSchema.index(
	{ postId: 1, reporterId: 1, status: 1 },
	{ partialFilterExpression: { postId: { $type: 'number' } } },
)
reportSchema.index(
	{ commentId: 1, reporterId: 1, status: 1 },
	{ partialFilterExpression: { commentId: { $type: 'number' } } },
)

reportSchema.index(
	{ checkInId: 1, reporterId: 1, status: 1 },
	{ partialFilterExpression: { checkInId: { $type: 'number' } } },
)

export const ReportModel = defineModel<Report>('Report', reportSchema)
