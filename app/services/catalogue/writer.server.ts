import { type Model } from 'mongoose'
import { nextId, type CounterName } from '#models/index'
import { type AuditKind } from '~/lib/audit'
import { type SearchKind } from '~/lib/search'
import { notFound } from '~/lib/service-error'
import {
	idsInOrder,
	idsOrTheirRange,
	writeIndexed,
	type SearchDocument,
	type SearchReader,
} from '~/platform/search-index.server'
import { changedFields, recordAudit } from '~/services/admin/audit.server'
import { CONTENT_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

/** What the audit log has a `.created` kind for (lib/audit.ts): 'video' for 'video.created'. */
type EntityCreated<Kind> = Kind extends `${infer Entity}.created` ? Entity : never
type AuditedEntity = EntityCreated<AuditKind>

interface CatalogueDocument {
	id: number
	createdBy: number
	createdAt: Date
}

/**
 * Create, update and delete for one catalogue entity (videos, communities,
 * events, resources), the same way for all four: admins and content managers
 * only, `createdBy` from the acting user, 404 for an unknown id.
 *
 * Without transactions (the embedded CongoDB emulator accepts them but isolates nothing), "nothing half-written" comes from the
 * order: input is validated completely before the one write that stores it,
 * and a delete removes the dependents before the entity itself, so a failure
 * half-way leaves the entity in place and a retry finishes the job.
 */
export function catalogueWriter<Doc extends CatalogueDocument, Input extends object, Json>(options: {
	model: Model<Doc>
	counter: CounterName
	toJSON: (doc: Doc) => Json
	/** "Video not found" */
	notFoundMessage: string
	/** Rules across fields, checked on the complete entity as it would be stored; throws a ServiceError. */
	check?: (next: Input) => void
	/** Removes what depends on the entity, before the entity goes. */
	deleteDependents?: (id: number) => Promise<unknown>
	/** Fields stored with every new entity, in the same write (a video's pending announcement). */
	createdWith?: Partial<Doc>
	/** How the audit log names the entity (product §6 "Audit log"): its type and its title or name. */
	audit: { type: AuditedEntity; label: (doc: Doc) => string }
	/**
	 * A kind the global search finds (docs/decisions/166): every create, edit
	 * and delete keeps its index in step, reading the entity back through `read`.
	 */
	search?: { kind: SearchKind; read: SearchReader }
}) {
	const { model, counter, toJSON, notFoundMessage, check, deleteDependents, createdWith, audit, search } = options
	/** The write, and the search index kept in step with it when the kind is searched. */
	const indexed = <Result>(id: number, write: () => Promise<Result>): Promise<Result> =>
		search ? writeIndexed({ kind: search.kind }, [id], write, search.read) : write()
	const kind = (verb: 'created' | 'updated' | 'deleted') => `${audit.type}.${verb}` as AuditKind
	const target = (doc: Doc) => ({ type: audit.type, id: doc.id, label: audit.label(doc) })

	async function findExisting(id: number): Promise<Doc> {
		const existing = await model.findOne({ id }).lean<Doc>()
		if (!existing) throw notFound(notFoundMessage)
		return existing
	}

	return {
		/** `storedWith`: fields of this entity only, stored in the same write (a lesson waiting for its stream). */
		async create(actor: Actor, input: Input, storedWith?: Partial<Doc>): Promise<Json> {
			assertActorRole(actor, CONTENT_ADMIN_ROLES)
			check?.(input)
			const id = await nextId(counter)
			const created = await indexed(
				id,
				async () =>
					(
						await model.create({
							...input,
							...createdWith,
							...storedWith,
							id,
							createdBy: actor.id,
							createdAt: new Date(),
						})
					).toObject() as Doc,
			)
			await recordAudit(actor, {
				kind: kind('created'),
				target: target(created),
				summary: `Added ${audit.type} "${audit.label(created)}"`,
			})
			return toJSON(created)
		},

		/** Changes the given fields only; a field left out keeps its value, null clears an optional one. */
		async update(actor: Actor, id: number, changes: Partial<Input>): Promise<Json> {
			assertActorRole(actor, CONTENT_ADMIN_ROLES)
			const existing = await findExisting(id)
			check?.({ ...existing, ...changes } as unknown as Input)
			const updated = await indexed(id, () =>
				model.findOneAndUpdate({ id }, { $set: changes as Record<string, unknown> }, { new: true }).lean<Doc>(),
			)
			if (!updated) throw notFound(notFoundMessage)
			const changed = changedFields(existing, changes)
			if (changed) {
				await recordAudit(actor, {
					kind: kind('updated'),
					target: target(updated),
					summary: `Edited ${audit.type} "${audit.label(updated)}": ${Object.keys(changed.after).join(', ')}`,
					...changed,
				})
			}
			return toJSON(updated)
		},

		/** Deletes the entity and what depends on it; returns what was deleted. */
		async remove(actor: Actor, id: number): Promise<Json> {
			assertActorRole(actor, CONTENT_ADMIN_ROLES)
			const existing = await findExisting(id)
			await indexed(id, async () => {
				await deleteDependents?.(id)
				await model.deleteOne({ id })
			})
			await recordAudit(actor, {
				kind: kind('deleted'),
				target: target(existing),
				summary: `Deleted ${audit.type} "${audit.label(existing)}"`,
			})
			return toJSON(existing)
		},
	}
}

/**
 * What the global search holds of a catalogue kind that every member sees
 * whole (lessons' fields, events, resources: docs/decisions/166): the
 * words of the fields `fields` names, found by everyone; and its ids, a
 * batch at a time, for a rebuild. `read` is also what its writer's `search`
 * option reads back after each write.
 */
export function catalogueSearch<Doc extends { id: number }>(
	model: Model<Doc>,
	fields: (doc: Doc) => SearchDocument['fields'],
): { read: SearchReader; idsAfter: (after: number, limit: number) => Promise<number[]> } {
	return {
		async read(ids) {
			const docs = await model.find({ id: idsOrTheirRange(ids) }).lean<Doc[]>()
			return new Map(docs.map((doc) => [doc.id, { fields: fields(doc), audience: 'everyone', authorIds: [] }]))
		},
		idsAfter: (after, limit) => idsInOrder(model, after, limit),
	}
}
