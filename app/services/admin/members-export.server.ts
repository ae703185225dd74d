import { UserModel, type User } from '#models/index'
import { toIso } from '#models/model'
import { csvRow } from '~/lib/csv'
import { USER_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'
import { assertExportAllowed } from '~/services/export-limit.server'

/**
 * GET /admin/members.csv (admins): every member, oldest first, as CSV rows,
 * read from the database a batch at a time while they are sent, so a
 * community of 100,000 members never sits in memory at once.
 */
export const MEMBERS_CSV_HEADER = ['username', 'name', 'email', 'role', 'status', 'joined', 'last active'] as const

const BATCH = 1_000

export async function* exportMembersCsv(actor: Actor): AsyncGenerator<string> {
	assertActorRole(actor, USER_ADMIN_ROLES)
	await assertExportAllowed(actor.id)
	yield csvRow([...MEMBERS_CSV_HEADER])
	const cursor = UserModel.find()
		.select('username name email role subscriptionStatus createdAt lastActiveAt')
		.sort({ id: 1 })
		.lean<User[]>()
		.batchSize(BATCH)
		.cursor()
	for await (const user of cursor as AsyncIterable<User>) {
		yield csvRow([
			user.username,
			user.name,
			user.email,
			user.role,
			user.subscriptionStatus,
			toIso(user.createdAt),
			toIso(user.lastActiveAt),
		])
	}
}
