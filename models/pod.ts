import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * Peer pods (product §2 "Peer pods", docs/decisions/210): small groups of
 * members matched to go through one program together, each week saying what
 * they will practise and whether last week's commitment happened.
 */

export const POD_STATES = ['active', 'finished', 'dissolved'] as const
export type PodState = (typeof POD_STATES)[number]

export const CHECK_IN_OUTCOMES = ['done', 'partly', 'not-yet'] as const
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number]

/** What a finished pod came to (product: "read-only, with a summary"). */
export interface PodSummary {
	weeks: number
	/** Check-ins posted over check-ins due, whole percent. */
	checkInRate: number
	/** Check-ins saying last week's commitment was done, over those reporting one. */
	commitmentsKept: number
	commitmentsReported: number
	certificates: number
}

export interface Pod {
	id: number
	programId: number
	name: string
	state: PodState
	/** The pod's time zone (IANA), the most common among its members when it formed. */
	timeZone: string
	/** ISO weekday of the check-in: 1 Monday … 7 Sunday. */
	checkInDay: number
	/** The local calendar date (YYYY-MM-DD) week 1 began on: a check-in day. */
	firstWeekDate: string
	/** Active members: the seat counter every join claims atomically (never above six). */
	size: number
	/** The pod's chat room (a Community with `podId`). */
	roomId: number
	createdAt: Date
	lastActivityAt: Date
	finishedAt: Date | null
	summary: PodSummary | null
	/** Why it ended, when dissolved: merged into another pod, or by an admin. */
	endedReason: string | null
}

const podSchema = new Schema<Pod>(
	{
		id: { type: Number, required: true, unique: true },
		programId: { type: Number, required: true },
		name: { type: String, required: true, trim: true },
		state: { type: String, enum: POD_STATES, required: true, default: 'active' },
		timeZone: { type: String, required: true },
		checkInDay: { type: Number, required: true, min: 1, max: 7 },
		firstWeekDate: { type: String, required: true },
		size: { type: Number, required: true, default: 0 },
		roomId: { type: Number, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
		lastActivityAt: { type: Date, required: true, default: () => new Date() },
		finishedAt: { type: Date, default: null },
		summary: { type: Schema.Types.Mixed, default: null },
		endedReason: { type: String, default: null },
	},
	{ id: false, versionKey: false },
)
// A program's pods by state (matching, merging, the admin tab); the job's active pods.
podSchema.index({ programId: 1, state: 1 })
podSchema.index({ state: 1 })

export const PodModel = defineModel<Pod>('Pod', podSchema)

export const POD_MEMBER_STATES = ['active', 'left', 'moved', 'removed'] as const
export type PodMemberState = (typeof POD_MEMBER_STATES)[number]

/** A member's place in a pod; the record stays after they leave, so the pod shows "left". */
export interface PodMember {
	podId: number
	programId: number
	/** null once the account is deleted: the pod shows "a former member". */
	userId: number | null
	state: PodMemberState
	joinedAt: Date
	leftAt: Date | null
	/** What they chose when joining the queue. */
	timeZone: string
	checkInDay: number
	/** When the pod first saw them without Premium: they read it for 30 days from then (docs/decisions/214). */
	lapsedAt: Date | null
	/** The reminders sent, as `{week}:{kind}`: claimed one by one, so never more than two a week. */
	reminders: string[]
}

const podMemberSchema = new Schema<PodMember>(
	{
		podId: { type: Number, required: true },
		programId: { type: Number, required: true },
		userId: { type: Number, default: null },
		state: { type: String, enum: POD_MEMBER_STATES, required: true, default: 'active' },
		joinedAt: { type: Date, required: true },
		leftAt: { type: Date, default: null },
		timeZone: { type: String, required: true },
		checkInDay: { type: Number, required: true },
		lapsedAt: { type: Date, default: null },
		reminders: { type: [String], default: [] },
	},
	{ versionKey: false },
)
podMemberSchema.index({ podId: 1, state: 1 })
podMemberSchema.index({ userId: 1, programId: 1, state: 1 })

export const PodMemberModel = defineModel<PodMember>('PodMember', podMemberSchema)

/**
 * A member waiting for a pod of one program: one per member and program,
 * claimed with one atomic upsert. A matching run claims entries one at a time
 * (`waiting` → `claimed` with its run's id) before it forms a pod from them,
 * so two runs at once never place one member twice (docs/decisions/210).
 */
export interface PodQueueEntry {
	userId: number
	programId: number
	timeZone: string
	checkInDay: number
	joinedAt: Date
	state: 'waiting' | 'claimed'
	claimRun: string | null
	claimedAt: Date | null
}

const podQueueSchema = new Schema<PodQueueEntry>(
	{
		userId: { type: Number, required: true },
		programId: { type: Number, required: true },
		timeZone: { type: String, required: true },
		checkInDay: { type: Number, required: true },
		joinedAt: { type: Date, required: true },
		state: { type: String, enum: ['waiting', 'claimed'], required: true, default: 'waiting' },
		claimRun: { type: String, default: null },
		claimedAt: { type: Date, default: null },
	},
	{ versionKey: false },
)
podQueueSchema.index({ userId: 1, programId: 1 }, { unique: true })
podQueueSchema.index({ programId: 1, state: 1, joinedAt: 1 })

export const PodQueueModel = defineModel<PodQueueEntry>('PodQueueEntry', podQueueSchema)

/** One member's check-in of one pod week (product: "The weekly check-in"). */
export interface PodCheckIn {
	id: number
	podId: number
	userId: number
	week: number
	outcome: CheckInOutcome
	note: string
	commitment: string
	itemId: number | null
	/** Members who cheered it. */
	cheers: number[]
	createdAt: Date
	updatedAt: Date
}

const podCheckInSchema = new Schema<PodCheckIn>(
	{
		id: { type: Number, required: true, unique: true },
		podId: { type: Number, required: true },
		userId: { type: Number, required: true },
		week: { type: Number, required: true },
		outcome: { type: String, enum: CHECK_IN_OUTCOMES, required: true },
		note: { type: String, default: '' },
		commitment: { type: String, required: true },
		itemId: { type: Number, default: null },
		cheers: { type: [Number], default: [], member: true },
		createdAt: { type: Date, required: true },
		updatedAt: { type: Date, required: true },
	},
	{ versionKey: false },
)
// The pod's weeks; one per member and week (claimed by upsert); a member's own (export, deletion); their cheers.
podCheckInSchema.index({ podId: 1, week: 1 })
podCheckInSchema.index({ podId: 1, userId: 1, week: 1 }, { unique: true })
podCheckInSchema.index({ userId: 1 })
podCheckInSchema.index({ cheers: 1 })

export const PodCheckInModel = defineModel<PodCheckIn>('PodCheckIn', podCheckInSchema)

/** A reply to a check-in. */
export interface PodReply {
	id: number
	checkInId: number
	podId: number
	userId: number
	text: string
	createdAt: Date
}

const podReplySchema = new Schema<PodReply>(
	{
		id: { type: Number, required: true, unique: true },
		checkInId: { type: Number, required: true },
		podId: { type: Number, required: true },
		userId: { type: Number, required: true },
		text: { type: String, required: true },
		createdAt: { type: Date, required: true },
	},
	{ versionKey: false },
)
podReplySchema.index({ podId: 1, checkInId: 1 })
podReplySchema.index({ userId: 1 })

export const PodReplyModel = defineModel<PodReply>('PodReply', podReplySchema)
