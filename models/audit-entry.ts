import { Schema } from 'mongoose'
import { defineModel, toIso } from '#models/model'

/**
 * One entry of the audit log (product §6 "Audit log"): who did what to which
 * record, when. Written by `recordAudit` only; the app has no way to change
 * or delete one, and the model refuses it too (docs/decisions/114).
 */
export interface AuditEntry {
	id: number
	/** The acting user; null for the system (a webhook, a lapsed trial). */
	actorId: number | null
	/** The actor's name and role when they acted (a later rename or role change does not rewrite history). */
	actorName: string
	actorRole: string | null
	/** What happened, as `{entity}.{verb}`: 'video.updated', 'member.muted', 'subscription.status_changed'. */
	kind: string
	targetType: string
	targetId: number | null
	targetLabel: string
	summary: string
	/** The changed fields before and after (edits), else null. */
	before: Record<string, unknown> | null
	after: Record<string, unknown> | null
	createdAt: Date
}

export interface AuditEntryJSON {
	id: number
	actor: { id: number | null; name: string; role: string | null }
	kind: string
	target: { type: string; id: number | null; label: string }
	summary: string
	before: Record<string, unknown> | null
	after: Record<string, unknown> | null
	createdAt: string
}

export function toAuditEntryJSON(entry: AuditEntry): AuditEntryJSON {
	return {
		id: entry.id,
		actor: { id: entry.actorId ?? null, name: entry.actorName, role: entry.actorRole ?? null },
		kind: entry.kind,
		target: { type: entry.targetType, id: entry.targetId ?? null, label: entry.targetLabel },
		summary: entry.summary,
		before: entry.before ?? null,
		after: entry.after ?? null,
		createdAt: toIso(entry.createdAt)!,
	}
}

const auditEntrySchema = new Schema<AuditEntry>(
	{
		id: { type: Number, required: true, unique: true },
		actorId: { type: Number, default: null },
		actorName: { type: String, required: true },
		actorRole: { type: String, default: null },
		kind: { type: String, required: true },
		targetType: { type: String, required: true },
		targetId: { type: Number, default: null },
		targetLabel: { type: String, required: true },
		summary: { type: String, required: true },
		before: { type: Schema.Types.Mixed, default: null },
		after: { type: Schema.Types.Mixed, default: null },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ id: false, versionKey: false, minimize: false },
)
// Newest first, a page at a time, for everyone or one actor or one kind.
auditEntrySchema.index({ id: -1 })
auditEntrySchema.index({ actorId: 1, id: -1 })
auditEntrySchema.index({ kind: 1, id: -1 })

/** Entries are written once: every update or delete through the model is refused. */
const WRITES = [
	'updateOne',
	'updateMany',
	'findOneAndUpdate',
	'findOneAndReplace',
	'replaceOne',
	'deleteOne',
	'deleteMany',
	'findOneAndDelete',
] as const
for (const operation of WRITES) {
	auditEntrySchema.pre(operation, function refuse() {
		throw new Error('Audit log entries cannot be changed or deleted')
	})
}

export const AuditEntryModel = defineModel<AuditEntry>('AuditEntry', auditEntrySchema)
