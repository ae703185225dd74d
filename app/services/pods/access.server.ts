import mongoose from 'mongoose'
import { type ZodTypeAny, type z } from 'zod'
import { PodMemberModel, PodModel, type Pod, type PodMember } from '#models/index'
import { POD_LAPSE_DAYS } from '~/lib/pods'
import { ServiceError } from '~/lib/service-error'
import { isPremium } from '~/lib/subscription'
import { sharedInRequest } from '~/platform/request-context.server'

/**
 * Who may read and write a pod (product §2 "Peer pods", docs/decisions/211,
 * 214), in one place: its pages, its JSON calls and the chat's access rule
 * for the pod's room all ask here. A pod is for its active members only;
 * anyone else, staff included, is answered "not found". A member without
 * Premium reads their pods for 30 days from when a pod first saw them
 * without it, and writes nothing there.
 */

export const POD_NOT_FOUND = 'Pod not found'
export const POD_READ_ONLY = 'This pod has finished: it is read-only now.'
export const POD_PREMIUM_REQUIRED = 'Pods are part of Premium. Upgrade to check in and chat with your pod again.'

export interface PodReader {
	id: number
	subscriptionStatus?: string | null
}

export interface PodAccess {
	pod: Pod
	membership: PodMember
	premium: boolean
	/** Whether the reader may check in, cheer, reply, rename and chat: Premium, in a pod still running. */
	canWrite: boolean
	/** Why not, when they may not. */
	readOnlyReason: string | null
}

const LAPSE_MS = POD_LAPSE_DAYS * 86_400_000

/**
 * A member's Premium as their pods know it: the first time a pod sees them
 * without it is stamped on their memberships (the 30 days count from there),
 * and Premium again clears the stamp. Answers when the 30 days began, or null.
 */
export async function settleLapse(reader: PodReader, membership: PodMember, now: Date): Promise<Date | null> {
	if (isPremium(reader)) {
		if (membership.lapsedAt)
			await PodMemberModel.updateMany(
				{ userId: reader.id, lapsedAt: mongoose.trusted({ $ne: null }) },
				{ $set: { lapsedAt: null } },
			)
		return null
	}
	if (membership.lapsedAt) return new Date(membership.lapsedAt)
	await PodMemberModel.updateMany({ userId: reader.id, state: 'active', lapsedAt: null }, { $set: { lapsedAt: now } })
	return now
}

export function lapseExpired(lapsedAt: Date | null, now: Date): boolean {
	return lapsedAt !== null && now.getTime() - new Date(lapsedAt).getTime() >= LAPSE_MS
}

/** The reader's access to a pod, or null when it is not theirs to read (the callers answer 404). */
export function podAccessOf(reader: PodReader, podId: number, now = new Date()): Promise<PodAccess | null> {
	// Once per page: a pod's page asks for itself, and its room's history asks again (decision 251). The first
	// asker's `now` stands for the page's.
	return sharedInRequest(`pod-access:${podId}:${reader.id}`, async () => {
		const [pod, membership] = await Promise.all([
			PodModel.findOne({ id: podId }).lean<Pod>(),
			PodMemberModel.findOne({ podId, userId: reader.id, state: 'active' }).lean<PodMember>(),
		])
		return accessFrom(reader, pod, membership, now)
	})
}

/** podAccessOf from the pod and the reader's active membership of it, already read (a list of the reader's pods). */
export async function accessFrom(
	reader: PodReader,
	pod: Pod | null | undefined,
	membership: PodMember | null | undefined,
	now: Date,
): Promise<PodAccess | null> {
	if (!pod || !membership || pod.state === 'dissolved') return null
	const lapsedAt = await settleLapse(reader, membership, now)
	if (lapseExpired(lapsedAt, now)) return null
	const premium = lapsedAt === null
	const readOnlyReason = !premium ? POD_PREMIUM_REQUIRED : pod.state !== 'active' ? POD_READ_ONLY : null
	return { pod, membership, premium, canWrite: readOnlyReason === null, readOnlyReason }
}

/** Everyone who reads a pod's room now: its active members (live delivery goes to them alone). */
export async function podAudience(podId: number): Promise<number[]> {
	const members = await PodMemberModel.find({ podId, state: 'active', userId: mongoose.trusted({ $ne: null }) })
		.select('userId')
		.lean<Array<{ userId: number }>>()
	return members.map((member) => member.userId)
}

/** A pod call's input through its schema; the first problem is a 400 on its field. */
export function parsePodInput<S extends ZodTypeAny>(schema: S, input: unknown): z.output<S> {
	const result = schema.safeParse(input ?? {})
	if (!result.success) {
		const issue = result.error.issues[0]!
		throw new ServiceError(issue.message, 400, issue.path.length ? String(issue.path[0]) : undefined)
	}
	return result.data
}
