import mongoose from 'mongoose'
import {
	CommunityModel,
	ReportModel,
	UserModel,
	nextId,
	type Report,
	type ReportResolution,
	type ReportTarget,
	type Role,
	type User,
} from '#models/index'
import { toIso } from '#models/model'
import {
	ALREADY_REPORTED,
	MESSAGE_ALREADY_DELETED,
	MESSAGE_NOT_FOUND,
	NO_SELF_REPORT,
	REPORT_ALREADY_RESOLVED,
	REPORT_NOT_FOUND,
	REPORT_REASON_LABELS,
	type MuteHours,
} from '~/lib/moderation'
import { type ReportInput, type ResolveReportInput } from '~/lib/moderation-schemas'
import { COMMENT_GONE, COMMENT_NOT_FOUND, POST_GONE, POST_NOT_FOUND } from '~/lib/discussions'
import { ServiceError, notFound } from '~/lib/service-error'
import { recordAudit } from '~/services/admin/audit.server'
import {
	discussionContext,
	findCommentForModeration,
	findPostForModeration,
	removeReported,
	type ModeratedDiscussionItem,
} from '~/services/discussions/discussions.server'
import {
	audienceOfRoom,
	deleteMessage,
	findMessageForModeration,
	messagesAround,
	type ModeratedMessage,
} from '~/services/chat/messages.server'
import { describeMuteLength, muteMember, requireModeratable } from '~/services/moderation/mutes.server'
import { MODERATION_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'
import { CHECK_IN_NOT_FOUND, findCheckInForModeration, removeCheckInViaReport } from '~/services/pods/pods.server'

/**
 * Reports (product §6 "Moderation"): members report a room message, a
 * private message they received, or a discussion post or comment, with a
 * reason; moderators and admins work the queue on /moderation (or through
 * the JSON calls) and resolve each report by dismissing it, deleting what
 * was reported or muting its author (docs/decisions/112, 163). A post or
 * comment is shown in the queue in a message's shape (its words, its author,
 * where it is), with `discussion` saying what it is and the thread around it
 * as its context.
 */

/** Reports per page of the queue. */
export const REPORT_PAGE_SIZE = 20

type Person = { id: number; name: string; username: string; role: Role }

export interface ReportJSON {
	id: number
	status: 'open' | 'resolved'
	reason: Report['reason']
	details: string | null
	createdAt: string
	/** What was reported: a chat message, a discussion post or a comment. */
	target: ReportTarget
	message: ModeratedMessage & {
		/** The words as they were reported (the message may have been edited or deleted since). */
		reportedContent: string
		communityName: string | null
	}
	/** For a post or comment: which post, and where it is read. */
	discussion: { postId: number; postTitle: string; url: string } | null
	author: Person
	reporter: Person
	/** The messages just before and after it, oldest first. */
	context: ModeratedMessage[]
	resolution: null | {
		action: ReportResolution
		muteHours: number | null
		resolvedAt: string
		resolvedBy: { id: number; name: string }
	}
}

/** What each kind of target is called in the refusals. */
const TARGET_WORDS: Record<
	ReportTarget,
	{ notFound: string; gone: string; own: string; again: string; field: string }
> = {
	message: {
		notFound: MESSAGE_NOT_FOUND,
		gone: MESSAGE_ALREADY_DELETED,
		own: NO_SELF_REPORT,
		again: ALREADY_REPORTED,
		field: 'messageId',
	},
	post: {
		notFound: POST_NOT_FOUND,
		gone: POST_GONE,
		own: 'You cannot report your own post',
		again: 'You have already reported this post',
		field: 'postId',
	},
	comment: {
		notFound: COMMENT_NOT_FOUND,
		gone: COMMENT_GONE,
		own: 'You cannot report your own comment',
		again: 'You have already reported this comment',
		field: 'commentId',
	},
	checkin: {
		notFound: CHECK_IN_NOT_FOUND,
		gone: CHECK_IN_NOT_FOUND,
		own: 'You cannot report your own check-in',
		again: 'You have already reported this check-in',
		field: 'checkInId',
	},
}

/** The reported thing, found and described the one way every report needs it: its author, its words, where it is. */
interface Reported {
	target: ReportTarget
	id: number
	authorId: number
	excerpt: string
	communityId: number | null
	deleted: boolean
	/** Someone else's private conversation is not the reporter's to see. */
	visibleTo: (userId: number) => boolean
}

async function findReported(input: ReportInput): Promise<Reported | null> {
	if (input.postId) {
		const post = await findPostForModeration(input.postId)
		return post && { ...fromDiscussion(post), excerpt: post.content }
	}
	if (input.commentId) {
		const comment = await findCommentForModeration(input.commentId)
		return comment && { ...fromDiscussion(comment), excerpt: comment.content }
	}
	if (input.checkInId) {
		const checkIn = await findCheckInForModeration(input.checkInId)
		return (
			checkIn && {
				target: 'checkin',
				id: checkIn.id,
				authorId: checkIn.senderId,
				excerpt: checkIn.content,
				communityId: null,
				deleted: false,
				visibleTo: (userId) => checkIn.audience.includes(userId),
			}
		)
	}
	const message = await findMessageForModeration(input.messageId!)
	// A pod room's message is its members' to report: to anyone else it does not exist (decision 211).
	const pod = message && !message.isPrivate ? await audienceOfRoom(message.communityId) : null
	return (
		message && {
			target: 'message',
			id: message.id,
			authorId: message.senderId,
			excerpt: message.content,
			communityId: message.communityId,
			deleted: message.deleted,
			visibleTo: (userId) =>
				pod
					? pod.includes(userId)
					: !message.isPrivate || message.senderId === userId || message.recipientId === userId,
		}
	)
}

function fromDiscussion(item: ModeratedDiscussionItem): Omit<Reported, 'excerpt'> {
	return {
		target: item.type,
		id: item.id,
		authorId: item.authorId,
		communityId: item.communityId,
		deleted: item.deleted,
		visibleTo: () => true,
	}
}

/** The reports of one reported thing: `{ messageId }`, `{ postId }` or `{ commentId }`. */
function targetFilter(target: ReportTarget, id: number): Record<string, number> {
	return { [TARGET_WORDS[target].field]: id }
}

function targetOf(report: Report): { target: ReportTarget; id: number } {
	if (report.checkInId) return { target: 'checkin', id: report.checkInId }
	if (report.postId) return { target: 'post', id: report.postId }
	if (report.commentId) return { target: 'comment', id: report.commentId }
	return { target: 'message', id: report.messageId! }
}

/**
 * POST /api/reports and the report forms: a message, a post or a comment,
 * one open report per member and thing reported (409); not one's own (400),
 * not what is gone (409), not a private message of someone else's (404).
 */
export async function createReport(actor: { id: number }, input: ReportInput): Promise<{ id: number }> {
	const reported = await findReported(input)
	const words =
		TARGET_WORDS[
			reported?.target ??
				(input.postId ? 'post' : input.commentId ? 'comment' : input.checkInId ? 'checkin' : 'message')
		]
	if (!reported || !reported.visibleTo(actor.id)) throw new ServiceError(words.notFound, 404, words.field)
	if (reported.authorId === actor.id) throw new ServiceError(words.own, 400, words.field)
	if (reported.deleted) throw new ServiceError(words.gone, 409, words.field)
	const filter = targetFilter(reported.target, reported.id)
	if (await ReportModel.exists({ ...filter, reporterId: actor.id, status: 'open' })) {
		throw new ServiceError(words.again, 409, words.field)
	}
	const id = await nextId('reports')
	await ReportModel.create({
		id,
		messageId: null,
		postId: null,
		commentId: null,
		checkInId: null,
		...filter,
		reporterId: actor.id,
		authorId: reported.authorId,
		reason: input.reason,
		details: input.details,
		excerpt: reported.excerpt,
		communityId: reported.communityId,
		status: 'open',
		createdAt: new Date(),
	})
	return { id }
}

export interface ReportPage {
	reports: ReportJSON[]
	/** The cursor of the next page (`after` for open reports, `before` for resolved ones), or null. */
	next: number | null
}

/**
 * GET /api/reports and /moderation: open reports oldest first (`after` the
 * last id seen), resolved ones newest first (`before` the last id seen), with
 * the message, its author, the reporter and the messages around it.
 */
export async function listReports(
	actor: Actor,
	{ status, cursor }: { status: 'open' | 'resolved'; cursor?: number },
): Promise<ReportPage> {
	assertActorRole(actor, MODERATION_ROLES)
	const filter: Record<string, unknown> = { status }
	if (cursor !== undefined) filter.id = mongoose.trusted(status === 'open' ? { $gt: cursor } : { $lt: cursor })
	const rows = await ReportModel.find(filter)
		.sort({ id: status === 'open' ? 1 : -1 })
		.limit(REPORT_PAGE_SIZE + 1)
		.lean<Report[]>()
	const page = rows.slice(0, REPORT_PAGE_SIZE)
	return { reports: await describeReports(page), next: rows.length > REPORT_PAGE_SIZE ? page.at(-1)!.id : null }
}

/** The sidebar's badge for moderators and admins. */
export async function countOpenReports(actor: Actor): Promise<number> {
	assertActorRole(actor, MODERATION_ROLES)
	return ReportModel.countDocuments({ status: 'open' })
}

async function describeReports(reports: Report[]): Promise<ReportJSON[]> {
	if (reports.length === 0) return []
	const personIds = [
		...new Set(
			reports.flatMap((report) => [report.reporterId, report.authorId, report.resolvedBy ?? report.reporterId]),
		),
	]
	const communityIds = [
		...new Set(reports.flatMap((report) => (report.communityId === null ? [] : [report.communityId]))),
	]
	const [people, communities] = await Promise.all([
		UserModel.find({ id: mongoose.trusted({ $in: personIds }) })
			.select('id name username role')
			.lean<Array<Pick<User, 'id' | 'name' | 'username' | 'role'>>>(),
		communityIds.length
			? CommunityModel.find({ id: mongoose.trusted({ $in: communityIds }) })
					.select('id name')
					.lean<Array<{ id: number; name: string }>>()
			: [],
	])
	const personOf = (id: number): Person => {
		const person = people.find((candidate) => candidate.id === id)
		return person
			? { id, name: person.name, username: person.username, role: person.role }
			: { id, name: 'Former member', username: '', role: 'member' }
	}
	const communityName = new Map(communities.map((community) => [community.id, community.name]))
	return Promise.all(
		reports.map(async (report) => {
			const { target, id } = targetOf(report)
			const { current, context, discussion } =
				target === 'message'
					? await describeMessage(report)
					: target === 'checkin'
						? await describeCheckIn(id)
						: await describeDiscussionItem(target, id)
			return {
				id: report.id,
				status: report.status,
				reason: report.reason,
				details: report.details ?? null,
				createdAt: toIso(report.createdAt)!,
				target,
				message: {
					...(current ?? missingMessage(report)),
					reportedContent: report.excerpt,
					communityName: report.communityId === null ? null : (communityName.get(report.communityId) ?? null),
				},
				discussion,
				author: personOf(report.authorId),
				reporter: personOf(report.reporterId),
				context,
				resolution:
					report.status === 'resolved' && report.resolution && report.resolvedBy !== null
						? {
								action: report.resolution,
								muteHours: report.muteHours ?? null,
								resolvedAt: toIso(report.resolvedAt)!,
								resolvedBy: { id: report.resolvedBy, name: personOf(report.resolvedBy).name },
							}
						: null,
			}
		}),
	)
}

type Described = {
	current: ModeratedMessage | null
	context: ModeratedMessage[]
	discussion: ReportJSON['discussion']
}

async function describeMessage(report: Report): Promise<Described> {
	const message = await findMessageForModeration(report.messageId!)
	const { conversationKey = null, ...current } = message ?? {}
	const scope =
		report.communityId !== null ? { communityId: report.communityId } : conversationKey ? { conversationKey } : null
	const context = message && scope ? await messagesAround(report.messageId!, scope) : []
	return { current: message ? (current as ModeratedMessage) : null, context, discussion: null }
}

/**
 * A pod's check-in in the queue's words: its author, its words (outcome,
 * note, commitment), and as its context the replies to it. Only a report
 * brings a pod's words before a moderator (decision 216).
 */
async function describeCheckIn(id: number): Promise<Described> {
	const checkIn = await findCheckInForModeration(id)
	if (!checkIn) return { current: null, context: [], discussion: null }
	const { audience: _audience, podId: _podId, replies, ...current } = checkIn
	return { current, context: replies, discussion: null }
}

/** A post or comment in the queue's words: a message's shape, its thread as the context. */
async function describeDiscussionItem(target: 'post' | 'comment', id: number): Promise<Described> {
	const item = target === 'post' ? await findPostForModeration(id) : await findCommentForModeration(id)
	if (!item) return { current: null, context: [], discussion: null }
	return {
		current: asModeratedMessage(item),
		context: (await discussionContext(item)).map(asModeratedMessage),
		discussion: { postId: item.postId, postTitle: item.postTitle, url: item.url },
	}
}

function asModeratedMessage(item: ModeratedDiscussionItem): ModeratedMessage {
	return {
		id: item.id,
		content: item.content,
		senderId: item.authorId,
		senderName: item.authorName,
		communityId: item.communityId,
		recipientId: null,
		isPrivate: false,
		createdAt: item.createdAt,
		editedAt: item.editedAt,
		deleted: item.deleted,
	}
}

/** A reported message whose room was deleted since: the report's copy is all there is. */
function missingMessage(report: Report): ModeratedMessage {
	return {
		id: targetOf(report).id,
		content: report.excerpt,
		senderId: report.authorId,
		senderName: 'Former member',
		communityId: report.communityId,
		recipientId: null,
		isPrivate: report.communityId === null,
		createdAt: toIso(report.createdAt)!,
		editedAt: null,
		deleted: true,
	}
}

const RESOLUTION_OF: Record<ResolveReportInput['action'], ReportResolution> = {
	dismiss: 'dismissed',
	delete: 'deleted',
	mute: 'muted',
}

/**
 * POST /api/reports/{id}/resolve and the queue's forms: dismiss the report,
 * delete the message, or mute its author (for `hours`, null: until lifted).
 * Every open report of the same message is resolved with it. A moderator
 * cannot delete or mute an admin's or another moderator's (403), and then
 * nothing changes.
 */
export async function resolveReport(
	actor: Actor,
	reportId: number,
	{ action, hours }: ResolveReportInput,
): Promise<ReportJSON> {
	assertActorRole(actor, MODERATION_ROLES)
	const report = await ReportModel.findOne({ id: reportId }).lean<Report>()
	if (!report) throw notFound(REPORT_NOT_FOUND)
	if (report.status !== 'open') throw new ServiceError(REPORT_ALREADY_RESOLVED, 409)
	const author = action === 'dismiss' ? null : await requireModeratable(actor, report.authorId)

	const { target, id } = targetOf(report)
	if (action === 'delete') {
		try {
			if (target === 'message') await deleteMessage(actor, id, { viaReport: true })
			else if (target === 'checkin') await removeCheckInViaReport(actor, id)
			else await removeReported(actor, { type: target, id })
		} catch (error) {
			// Gone already (its author deleted it, another report removed it): the report is resolved all the same.
			const gone =
				error instanceof ServiceError && (error.status === 404 || error.message === TARGET_WORDS[target].gone)
			if (!gone) throw error
		}
	}
	const muteHours: MuteHours = action === 'mute' ? (hours ?? null) : null
	if (action === 'mute') {
		const reason = `Reported for ${REPORT_REASON_LABELS[report.reason].toLowerCase()}${report.details ? `: ${report.details}` : ''}`
		await muteMember(actor, { userId: report.authorId, hours: muteHours, reason: reason.slice(0, 500) })
	}

	const resolvedAt = new Date()
	await ReportModel.updateMany(
		{ ...targetFilter(target, id), status: 'open' },
		{
			$set: {
				status: 'resolved',
				resolvedAt,
				resolvedBy: actor.id,
				resolution: RESOLUTION_OF[action],
				muteHours: action === 'mute' ? muteHours : null,
			},
		},
	)
	const authorName =
		author?.name ??
		(await UserModel.findOne({ id: report.authorId }).select('name').lean<{ name: string }>())?.name ??
		'a former member'
	const outcome = {
		dismiss: 'dismissed it',
		delete: `deleted the ${target}`,
		mute: `muted the author ${describeMuteLength(muteHours)}`,
	}[action]
	await recordAudit(actor, {
		kind: 'report.resolved',
		target: { type: 'report', id: report.id, label: `Report of a ${target} by ${authorName}` },
		summary: `Resolved a report (${REPORT_REASON_LABELS[report.reason].toLowerCase()}) of a ${target} by ${authorName}: ${outcome}`,
		after: { resolution: RESOLUTION_OF[action] },
	})
	const [resolved] = await describeReports([(await ReportModel.findOne({ id: report.id }).lean<Report>())!])
	return resolved!
}

/** The reports a member filed, for their data export: what, why, and what became of it (not who resolved it). */
export async function reportsFiledBy(userId: number): Promise<
	Array<{
		messageId: number | null
		postId: number | null
		commentId: number | null
		checkInId: number | null
		reason: string
		details: string | null
		status: string
		createdAt: string
	}>
> {
	const reports = await ReportModel.find({ reporterId: userId }).sort({ id: 1 }).lean<Report[]>()
	return reports.map((report) => ({
		messageId: report.messageId ?? null,
		postId: report.postId ?? null,
		commentId: report.commentId ?? null,
		checkInId: report.checkInId ?? null,
		reason: report.reason,
		details: report.details ?? null,
		status: report.status,
		createdAt: new Date(report.createdAt).toISOString(),
	}))
}
