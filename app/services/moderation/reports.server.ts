import mongoose from 'mongoose'
import {
	CommunityModel,
	ReportModel,
	UserModel,
	nextId,
	type Report,
	type ReportResolution,
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
	type ReportInput,
	type ResolveReportInput,
} from '~/lib/moderation'
import { ServiceError, notFound } from '~/lib/service-error'
import { recordAudit } from '~/services/admin/audit.server'
import {
	deleteMessage,
	findMessageForModeration,
	messagesAround,
	type ModeratedMessage,
} from '~/services/chat/messages.server'
import { describeMuteLength, muteMember, requireModeratable } from '~/services/moderation/mutes.server'
import { MODERATION_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

/**
 * Reports (product §6 "Moderation"): members report a room message, or a
 * private message they received, with a reason; moderators and admins work
 * the queue on /moderation (or through the JSON calls) and resolve each
 * report by dismissing it, deleting the message or muting its author
 * (docs/decisions/112).
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
	message: ModeratedMessage & {
		/** The words as they were reported (the message may have been edited or deleted since). */
		reportedContent: string
		communityName: string | null
	}
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

/** POST /api/reports and the report form: one open report per member and message (409). */
export async function createReport(actor: { id: number }, input: ReportInput): Promise<{ id: number }> {
	const message = await findMessageForModeration(input.messageId)
	// Someone else's conversation is not theirs to see: the message is not found.
	if (!message || (message.isPrivate && message.senderId !== actor.id && message.recipientId !== actor.id)) {
		throw new ServiceError(MESSAGE_NOT_FOUND, 404, 'messageId')
	}
	if (message.senderId === actor.id) throw new ServiceError(NO_SELF_REPORT, 400, 'messageId')
	if (message.deleted) throw new ServiceError(MESSAGE_ALREADY_DELETED, 409, 'messageId')
	if (await ReportModel.exists({ messageId: message.id, reporterId: actor.id, status: 'open' })) {
		throw new ServiceError(ALREADY_REPORTED, 409, 'messageId')
	}
	const id = await nextId('reports')
	await ReportModel.create({
		id,
		messageId: message.id,
		reporterId: actor.id,
		authorId: message.senderId,
		reason: input.reason,
		details: input.details,
		excerpt: message.content,
		communityId: message.communityId,
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
			const message = await findMessageForModeration(report.messageId)
			const { conversationKey = null, ...current } = message ?? {}
			const scope =
				report.communityId !== null ? { communityId: report.communityId } : conversationKey ? { conversationKey } : null
			const context = message && scope ? await messagesAround(report.messageId, scope) : []
			return {
				id: report.id,
				status: report.status,
				reason: report.reason,
				details: report.details ?? null,
				createdAt: toIso(report.createdAt)!,
				message: {
					...(message ? (current as ModeratedMessage) : missingMessage(report)),
					reportedContent: report.excerpt,
					communityName: report.communityId === null ? null : (communityName.get(report.communityId) ?? null),
				},
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

/** A reported message whose room was deleted since: the report's copy is all there is. */
function missingMessage(report: Report): ModeratedMessage {
	return {
		id: report.messageId,
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

	if (action === 'delete') {
		try {
			await deleteMessage(actor, report.messageId, { viaReport: true })
		} catch (error) {
			// Gone already (its author deleted it, another report removed it): the report is resolved all the same.
			const gone = error instanceof ServiceError && (error.status === 404 || error.message === MESSAGE_ALREADY_DELETED)
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
		{ messageId: report.messageId, status: 'open' },
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
		delete: 'deleted the message',
		mute: `muted the author ${describeMuteLength(muteHours)}`,
	}[action]
	await recordAudit(actor, {
		kind: 'report.resolved',
		target: { type: 'report', id: report.id, label: `Report of a message by ${authorName}` },
		summary: `Resolved a report (${REPORT_REASON_LABELS[report.reason].toLowerCase()}) of a message by ${authorName}: ${outcome}`,
		after: { resolution: RESOLUTION_OF[action] },
	})
	const [resolved] = await describeReports([(await ReportModel.findOne({ id: report.id }).lean<Report>())!])
	return resolved!
}

/** The reports a member filed, for their data export: which message, why, and what became of it (not who resolved it). */
export async function reportsFiledBy(
	userId: number,
): Promise<Array<{ messageId: number; reason: string; details: string | null; status: string; createdAt: string }>> {
	const reports = await ReportModel.find({ reporterId: userId }).sort({ id: 1 }).lean<Report[]>()
	return reports.map((report) => ({
		messageId: report.messageId,
		reason: report.reason,
		details: report.details ?? null,
		status: report.status,
		createdAt: new Date(report.createdAt).toISOString(),
	}))
}
