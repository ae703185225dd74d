import mongoose from 'mongoose'
import {
	AuditEntryModel,
	UserModel,
	nextId,
	toAuditEntryJSON,
	type AuditEntry,
	type AuditEntryJSON,
	type Role,
} from '#models/index'
import { AUDIT_PAGE_SIZE, SYSTEM_ACTOR_NAME, type AuditKind } from '~/lib/audit'
import { USER_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

/**
 * The audit log (product §6 "Audit log"): every action of an admin, content
 * manager or moderator, and the automatic changes of a member's access (a
 * subscription status changed by Stripe, a simulated trial that ended, an
 * account deleted). Services call `recordAudit` after the change is stored:
 * an entry says what happened, never what was only attempted
 * (docs/decisions/114). Nothing in the app edits or deletes an entry.
 */

/** Who acted: a user (their name and role are read when missing), or 'system'. */
export type AuditActor = { id: number; name?: string; role?: Role } | 'system'

export interface AuditRecord {
	kind: AuditKind
	target: { type: string; id: number | null; label: string }
	/** One line a person reads: 'Changed the role of Sam Rivera from member to moderator'. */
	summary: string
	/** The changed fields before and after (edits). */
	before?: Record<string, unknown> | null
	after?: Record<string, unknown> | null
}

/** Long texts (a description) are kept to this many characters in before/after. */
const VALUE_LIMIT = 200

export async function recordAudit(actor: AuditActor, record: AuditRecord): Promise<void> {
	const who = actor === 'system' ? { id: null, name: SYSTEM_ACTOR_NAME, role: null } : await describeActor(actor)
	await AuditEntryModel.create({
		id: await nextId('auditEntries'),
		actorId: who.id,
		actorName: who.name,
		actorRole: who.role,
		kind: record.kind,
		targetType: record.target.type,
		targetId: record.target.id,
		targetLabel: record.target.label.slice(0, VALUE_LIMIT),
		summary: record.summary,
		before: shorten(record.before),
		after: shorten(record.after),
		createdAt: new Date(),
	})
}

async function describeActor(actor: Exclude<AuditActor, 'system'>) {
	if (actor.name && actor.role) return { id: actor.id, name: actor.name, role: actor.role }
	const user = await UserModel.findOne({ id: actor.id }).select('name role').lean<{ name: string; role: Role }>()
	return { id: actor.id, name: actor.name ?? user?.name ?? `User #${actor.id}`, role: actor.role ?? user?.role ?? null }
}

function shorten(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
	if (!values) return null
	return Object.fromEntries(
		Object.entries(values).map(([key, value]) => {
			const plain = value instanceof Date ? value.toISOString() : value
			return [
				key,
				typeof plain === 'string' && plain.length > VALUE_LIMIT ? `${plain.slice(0, VALUE_LIMIT)}...` : plain,
			]
		}),
	)
}

/**
 * The fields of `changes` whose value differs from `existing`, as before and
 * after (null when nothing changed): what an edit's entry shows.
 */
export function changedFields(
	existing: object,
	changes: object,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
	const before: Record<string, unknown> = {}
	const after: Record<string, unknown> = {}
	const old = existing as Record<string, unknown>
	for (const [field, value] of Object.entries(changes)) {
		if (value === undefined) continue
		const was = old[field] ?? null
		if (comparable(was) === comparable(value)) continue
		before[field] = was
		after[field] = value
	}
	return Object.keys(after).length ? { before, after } : null
}

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : JSON.stringify(value ?? null))

export interface AuditFilter {
	/** The id of the last entry of the previous page: this page holds older ones. */
	before?: number
	/** An actor's user id, or 'system'. */
	actor?: number | 'system'
	kind?: AuditKind
}

/** /admin?tab=audit and GET /api/admin/audit-log: newest first, a page at a time. Admins only. */
export async function listAuditEntries(
	actor: Actor,
	filter: AuditFilter = {},
): Promise<{ entries: AuditEntryJSON[]; nextBefore: number | null }> {
	assertActorRole(actor, USER_ADMIN_ROLES)
	const query: Record<string, unknown> = {}
	if (filter.actor !== undefined) query.actorId = filter.actor === 'system' ? null : filter.actor
	if (filter.kind) query.kind = filter.kind
	if (filter.before !== undefined) query.id = mongoose.trusted({ $lt: filter.before })
	const rows = await AuditEntryModel.find(query)
		.sort({ id: -1 })
		.limit(AUDIT_PAGE_SIZE + 1)
		.lean<AuditEntry[]>()
	const page = rows.slice(0, AUDIT_PAGE_SIZE)
	return {
		entries: page.map(toAuditEntryJSON),
		nextBefore: rows.length > AUDIT_PAGE_SIZE ? page[page.length - 1]!.id : null,
	}
}

/** The people who appear in the log, for the actor filter (one indexed distinct, however long the log). */
export async function listAuditActors(actor: Actor): Promise<Array<{ id: number; name: string }>> {
	assertActorRole(actor, USER_ADMIN_ROLES)
	const ids = (await AuditEntryModel.distinct('actorId')).filter((id): id is number => typeof id === 'number')
	if (ids.length === 0) return []
	const users = await UserModel.find({ id: mongoose.trusted({ $in: ids }) })
		.select('id name')
		.sort({ name: 1 })
		.lean<Array<{ id: number; name: string }>>()
	const named = new Set(users.map((user) => user.id))
	// Someone whose account is gone still filters by id.
	return [
		...users.map(({ id, name }) => ({ id, name })),
		...ids.filter((id) => !named.has(id)).map((id) => ({ id, name: `User #${id}` })),
	]
}
