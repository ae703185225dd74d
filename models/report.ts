import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/** product §6 "Moderation": why a member reports a message. */
export const REPORT_REASONS = ['spam', 'harassment', 'off-topic', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** How a moderator resolved a report. */
export const REPORT_RESOLUTIONS = ['dismissed', 'deleted', 'muted'] as const
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number]

/**
 * A member's report of a room message or of a private message they received.
 * It keeps a copy of the words reported, so the evidence survives an edit or
 * a deletion of the message (docs/decisions/112).
 */
export interface Report {
	id: number
	messageId: number
	reporterId: number
	/** The message's sender. */
	authorId: number
	reason: ReportReason
	details: string | null
	/** The message's content when it was reported. */
	excerpt: string
	/** Where the message is: a room, or (null) a private conversation. */
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
		messageId: { type: Number, required: true },
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
// One open report per member and message; all open reports of a message (resolved together).
reportSchema.index({ messageId: 1, reporterId: 1, status: 1 })

export const ReportModel = defineModel<Report>('Report', reportSchema)
