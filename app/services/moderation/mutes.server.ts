import mongoose from 'mongoose'
import { MuteModel, UserModel, type Mute, type Role } from '#models/index'
import { toIso } from '#models/model'
import { CANNOT_MODERATE_STAFF, NO_SELF_MUTE, USER_NOT_FOUND, mutedMessage, type MuteHours } from '~/lib/moderation'
import { ServiceError, notFound } from '~/lib/service-error'
import { recordAudit } from '~/services/admin/audit.server'
import { ServerToClient } from '~/lib/live-events'
import { heldRead } from '~/platform/held-reads.server'
import { live } from '~/platform/live.server'
import { layoutVersionOf } from '~/services/account/users.server'
import { MODERATION_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

/**
 * Mutes (product §6 "Moderation"): a moderator or admin keeps a member from
 * posting in every room for 1 hour, 24 hours, 7 days or until lifted. The
 * check lives in the messages service, so the socket, the form and the API
 * refuse a muted member alike (docs/decisions/111).
 */

export const NOT_MUTED = 'This member is not muted'

export interface MuteJSON {
	userId: number
	name: string
	username: string
	/** null: until a moderator lifts it. */
	until: string | null
	reason: string
	mutedBy: { id: number; name: string }
	createdAt: string
}

/** What a page shows a muted member instead of the composer. */
export interface OwnMute {
	until: string | null
	reason: string
}

const activeFilter = (now: Date) => ({ $or: [{ until: null }, { until: mongoose.trusted({ $gt: now }) }] })

type StoredMute = Pick<Mute, 'until' | 'reason'>

/** The member's mute as stored (one per member), ended or not. */
const readMute = (userId: number): Promise<StoredMute | null> =>
	MuteModel.findOne({ userId }).select('until reason').lean<StoredMute>().exec()

/** The mute while it lasts (until lifted, or until its time), else null. */
const lasting = (mute: StoredMute | null, now: Date): OwnMute | null =>
	mute && (mute.until === null || mute.until > now) ? { until: toIso(mute.until), reason: mute.reason } : null

/** The member's mute while it lasts, else null: the database's answer now, which a post is checked against. */
async function readActiveMute(userId: number, now = new Date()): Promise<OwnMute | null> {
	return lasting(await readMute(userId), now)
}

/**
 * The same for a page that shows it instead of a composer (a room, a
 * discussion, a pod): held by this process under the member's layout
 * version, which every write to their mute renews (models/mute.ts, decision
 * 250), so a page costs no query for it while nothing changed. Whether a
 * timed mute has ended is asked each time, not when it was read.
 */
export async function getActiveMute(userId: number, now = new Date()): Promise<OwnMute | null> {
	return lasting(await heldRead(`own-mute:${userId}`, await layoutVersionOf(userId), () => readMute(userId)), now)
}

/** Refuses a post by a muted member: 403 'You are muted until {time}' (product §6). */
export async function assertNotMuted(userId: number): Promise<void> {
	const mute = await readActiveMute(userId)
	if (mute) throw new ServiceError(mutedMessage(mute.until), 403, 'content')
}

/** The member a moderator acts on: 404 when unknown; a moderator may not act on an admin or another moderator (403). */
export async function requireModeratable(
	actor: Actor,
	userId: number,
): Promise<{ id: number; name: string; role: Role }> {
	assertActorRole(actor, MODERATION_ROLES)
	const member = await UserModel.findOne({ id: userId })
		.select('id name role')
		.lean<{ id: number; name: string; role: Role }>()
	if (!member) throw notFound(USER_NOT_FOUND)
	if (actor.role === 'moderator' && (member.role === 'admin' || member.role === 'moderator'))
		throw new ServiceError(CANNOT_MODERATE_STAFF, 403)
	return member
}

export function describeMuteLength(hours: MuteHours): string {
	if (hours === null) return 'until lifted'
	if (hours === 168) return 'for 7 days'
	return hours === 1 ? 'for 1 hour' : `for ${hours} hours`
}

/** Mutes a member (replacing any mute they had). Moderators and admins; nobody mutes themself (400). */
export async function muteMember(
	actor: Actor,
	{ userId, hours, reason }: { userId: number; hours: MuteHours; reason: string },
): Promise<{ userId: number; until: string | null }> {
	assertActorRole(actor, MODERATION_ROLES)
	if (userId === actor.id) throw new ServiceError(NO_SELF_MUTE, 400, 'userId')
	const member = await requireModeratable(actor, userId)
	const now = new Date()
	const until = hours === null ? null : new Date(now.getTime() + hours * 3_600_000)
	await MuteModel.updateOne(
		{ userId },
		{ $set: { until, reason, mutedBy: actor.id, createdAt: now } },
		{ upsert: true },
	)
	await recordAudit(actor, {
		kind: 'member.muted',
		target: { type: 'user', id: userId, label: member.name },
		summary: `Muted ${member.name} ${describeMuteLength(hours)}: ${reason}`,
		after: { until, reason },
	})
	// The member's open pages swap the composer for the reason (and back when it is lifted).
	live.emitToUser(userId, ServerToClient.mute_changed, { mute: { until: toIso(until), reason } })
	return { userId, until: toIso(until) }
}

/** Lifts a member's mute: 404 when they are not muted. */
export async function liftMute(actor: Actor, userId: number): Promise<void> {
	const member = await requireModeratable(actor, userId)
	const mute = await MuteModel.findOneAndDelete({ userId, ...activeFilter(new Date()) }).lean<Mute>()
	if (!mute) {
		// An expired mute is gone either way.
		await MuteModel.deleteOne({ userId })
		throw notFound(NOT_MUTED)
	}
	await recordAudit(actor, {
		kind: 'member.unmuted',
		target: { type: 'user', id: userId, label: member.name },
		summary: `Lifted the mute of ${member.name}`,
		before: { until: mute.until, reason: mute.reason },
	})
	live.emitToUser(userId, ServerToClient.mute_changed, { mute: null })
}

/** /moderation: the mutes in force, ending soonest first (until lifted last). */
export async function listActiveMutes(actor: Actor): Promise<MuteJSON[]> {
	assertActorRole(actor, MODERATION_ROLES)
	const mutes = await MuteModel.find(activeFilter(new Date())).lean<Mute[]>()
	const ids = [...new Set(mutes.flatMap((mute) => [mute.userId, mute.mutedBy]))]
	const users = ids.length
		? await UserModel.find({ id: mongoose.trusted({ $in: ids }) })
				.select('id name username')
				.lean<Array<{ id: number; name: string; username: string }>>()
		: []
	const byId = new Map(users.map((user) => [user.id, user]))
	return mutes
		.sort((a, b) => (a.until?.getTime() ?? Infinity) - (b.until?.getTime() ?? Infinity))
		.map((mute) => ({
			userId: mute.userId,
			name: byId.get(mute.userId)?.name ?? `User #${mute.userId}`,
			username: byId.get(mute.userId)?.username ?? '',
			until: toIso(mute.until),
			reason: mute.reason,
			mutedBy: { id: mute.mutedBy, name: byId.get(mute.mutedBy)?.name ?? `User #${mute.mutedBy}` },
			createdAt: toIso(mute.createdAt)!,
		}))
}

/** Members a moderator may not mute or remove messages of: admins and moderators. */
export async function protectedMemberIds(): Promise<number[]> {
	const staff = await UserModel.find({ role: mongoose.trusted({ $in: ['admin', 'moderator'] }) })
		.select('id')
		.lean<Array<{ id: number }>>()
	return staff.map((member) => member.id)
}

/** A deleted account cannot post anyway: its mute goes with it. */
export async function deleteMuteOf(userId: number): Promise<void> {
	await MuteModel.deleteMany({ userId })
}

/** The member's own mute in force, for their data export: until when and why, nothing about who. */
export const exportOwnMute = (userId: number): Promise<OwnMute | null> => readActiveMute(userId)
