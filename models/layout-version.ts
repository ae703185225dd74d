import { randomUUID } from 'node:crypto'
import mongoose, { type Query, type Schema } from 'mongoose'
import { afterWrite } from '#models/model'

/**
 * The member layout's version (docs/decisions/193): a random value on the
 * account (`layoutVersion`, models/user.ts) that changes whenever what the
 * layout shows beyond the account itself changes: the member's
 * notifications (the bell), and the name, icon or existence of a community
 * they belong to (the sidebar). The account is read with every member page
 * anyway, so a process that holds the layout's reads under this value knows
 * at no cost whether they are still true, whichever process wrote. Two other
 * reads of the member's own that many pages make and that rarely change are
 * held under it too (decision 250): whom they blocked, and their mute.
 */

/**
 * Gives these accounts a new layout version: the members named, and the
 * members of the communities named. After the write it stands for, never
 * before (a layout read under the old value may be older than the write, but
 * is never served once the write is done).
 */
export async function renewLayoutVersions({
	userIds = [],
	communityIds = [],
}: {
	userIds?: number[]
	communityIds?: number[]
}): Promise<void> {
	const users = [...new Set(userIds)]
	const rooms = [...new Set(communityIds)]
	if (users.length === 0 && rooms.length === 0) return
	// Looked up by name: the account model imports the community model, which renews through here.
	const accounts = mongoose.model('User')
	const filter = {
		$or: [
			...(users.length ? [{ id: mongoose.trusted({ $in: users }) }] : []),
			...(rooms.length ? [{ communityIds: mongoose.trusted({ $in: rooms }) }] : []),
		],
	}
	await accounts.updateMany(filter, { $set: { layoutVersion: randomUUID() } })
}

/** renewLayoutVersions after a write that is already done (the model middleware's call). */
export function afterLayoutChange(who: { userIds?: number[]; communityIds?: number[] }): Promise<void> {
	return afterWrite('renewing the layout versions', () => renewLayoutVersions(who))
}

/**
 * Whether a query's write changed a document, from what it answered: the
 * counts of updateOne/updateMany/deleteOne/deleteMany, or the document (or
 * result with metadata) of findOneAndUpdate/findOneAndDelete. A write that
 * matched nothing (marking read what was already read) renews nothing, so a
 * page that changes nothing writes nothing.
 */
function changedAnything(result: unknown): boolean {
	if (result === null || result === undefined) return false
	if (typeof result !== 'object') return true
	const counts = result as { modifiedCount?: number; upsertedCount?: number; deletedCount?: number; value?: unknown }
	if ('modifiedCount' in counts || 'deletedCount' in counts)
		return (counts.modifiedCount ?? 0) + (counts.upsertedCount ?? 0) + (counts.deletedCount ?? 0) > 0
	if ('value' in counts && 'ok' in counts) return counts.value !== null && counts.value !== undefined
	return true
}

const UPDATES = /^(updateOne|updateMany|findOneAndUpdate|replaceOne|findOneAndReplace)$/
const DELETES = /^(deleteOne|deleteMany|findOneAndDelete)$/
const queryOnly = { document: false, query: true } as const

/**
 * Renews the layout versions after every write to a model whose documents a
 * layout shows. `owners(filter)` answers whose layouts a query's documents
 * belong to, read before the write (from the filter itself when it names
 * them, else from the documents it matches); `ownersOf(document)` the same
 * for a created or saved document; `concerns(update)` whether an update can
 * change what the layout shows (every write does when it is left out).
 */
export function renewLayoutsOnWrite<Doc>(
	schema: Schema<Doc>,
	{
		owners,
		ownersOf,
		concerns = () => true,
	}: {
		owners: (query: Query<unknown, Doc>) => Promise<{ userIds?: number[]; communityIds?: number[] }>
		ownersOf: (document: Doc) => { userIds?: number[]; communityIds?: number[] }
		concerns?: (update: unknown) => boolean
	},
) {
	const pending = new WeakMap<object, { userIds?: number[]; communityIds?: number[] }>()
	schema.pre(UPDATES, queryOnly, async function (this: Query<unknown, Doc>) {
		if (concerns(this.getUpdate())) pending.set(this, await owners(this))
	})
	schema.pre(DELETES, queryOnly, async function (this: Query<unknown, Doc>) {
		pending.set(this, await owners(this))
	})
	for (const writes of [UPDATES, DELETES])
		schema.post(writes, queryOnly, function (this: Query<unknown, Doc>, result: unknown) {
			const who = pending.get(this)
			return who && changedAnything(result) ? afterLayoutChange(who) : undefined
		})
	schema.post('insertMany', (documents: Doc[]) => {
		const who = documents.map(ownersOf)
		return afterLayoutChange({
			userIds: who.flatMap((owner) => owner.userIds ?? []),
			communityIds: who.flatMap((owner) => owner.communityIds ?? []),
		})
	})
	schema.pre('save', function () {
		this.$locals.layoutConcerned =
			this.isNew || concerns({ $set: Object.fromEntries(this.modifiedPaths().map((path) => [path, 1])) })
	})
	schema.post('save', function (document) {
		return document.$locals.layoutConcerned ? afterLayoutChange(ownersOf(document as unknown as Doc)) : undefined
	})
}

/**
 * renewLayoutsOnWrite for a model whose documents each belong to one member,
 * named by `field` (a notification's recipient, a block's blocker, a mute's
 * member): the filter names them, or the documents it matches do.
 */
export function renewLayoutsOfOwner<Doc>(schema: Schema<Doc>, field: keyof Doc & string) {
	renewLayoutsOnWrite(schema, {
		async owners(query) {
			const filter = query.getFilter()
			const named = filter[field]
			return {
				userIds: typeof named === 'number' ? [named] : ((await query.model.distinct(field, filter)) as number[]),
			}
		},
		ownersOf: (document) => ({ userIds: [document[field] as number] }),
	})
}
