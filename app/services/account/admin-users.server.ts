import { ADMIN_USER_FIELDS, UserModel, toAdminUserJSON, type AdminUserJSON, type Role, type User } from '#models/index'
import { roleLabel } from '~/lib/roles'
import { type PageWindow } from '~/lib/paging'
import { anyFieldContains } from '~/platform/contains-filter.server'
import { ServiceError, notFound } from '~/lib/service-error'
import { recordAudit } from '~/services/admin/audit.server'
import { USER_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

export const LAST_ADMIN = 'You cannot remove the last admin: make another user an admin first.'

/** product §2 "Users": users oldest first, a page with `window`; `search` matches username, name or email, ignoring case. Admins only. */
export async function listUsersForAdmin(
	actor: Actor,
	{ search }: { search?: string } = {},
	window?: PageWindow,
): Promise<AdminUserJSON[]> {
	assertActorRole(actor, USER_ADMIN_ROLES)
	const users = await UserModel.find(anyFieldContains(search, ['username', 'name', 'email']))
		.select(ADMIN_USER_FIELDS)
		.sort({ id: 1 })
		.skip(window?.skip ?? 0)
		.limit(window?.limit ?? 0)
		.lean<User[]>()
	return users.map(toAdminUserJSON)
}

/** How many users the Users tab's search finds (its "N users total" line). Admins only. */
export function countUsersForAdmin(actor: Actor, { search }: { search?: string } = {}): Promise<number> {
	assertActorRole(actor, USER_ADMIN_ROLES)
	return UserModel.countDocuments(anyFieldContains(search, ['username', 'name', 'email']))
}

/**
 * Takes an admin's role away (to `role`) unless no admin would be left, and
 * answers how to give it back. Without transactions two admins leaving at
 * once could both pass a count, so the admins are counted again after the
 * write and the role restored, with `refusal`, if none is left (decision 032).
 */
export async function demoteAdminKeepingOne(
	userId: number,
	role: Role,
	refusal: () => ServiceError,
): Promise<() => Promise<unknown>> {
	if ((await UserModel.countDocuments({ role: 'admin' })) <= 1) throw refusal()
	await UserModel.updateOne({ id: userId }, { $set: { role } })
	const restore = () => UserModel.updateOne({ id: userId }, { $set: { role: 'admin' } })
	if ((await UserModel.countDocuments({ role: 'admin' })) === 0) {
		await restore()
		throw refusal()
	}
	return restore
}

/**
 * product §4: an admin may give any user any role, except that the last admin
 * cannot be demoted. Without transactions two admins demoting each other at
 * once could both pass the count, so the count is checked again after the
 * write and the change undone if no admin is left.
 */
export async function changeUserRole(actor: Actor, userId: number, role: Role): Promise<AdminUserJSON> {
	assertActorRole(actor, USER_ADMIN_ROLES)
	const user = await UserModel.findOne({ id: userId }).select('id role name').lean<Pick<User, 'id' | 'role' | 'name'>>()
	if (!user) throw notFound('User not found')
	const demotesAnAdmin = user.role === 'admin' && role !== 'admin'
	if (user.role !== role) {
		if (demotesAnAdmin) await demoteAdminKeepingOne(userId, role, () => new ServiceError(LAST_ADMIN, 409, 'role'))
		else await UserModel.updateOne({ id: userId }, { $set: { role } })
		await recordAudit(actor, {
			kind: 'user.role_changed',
			target: { type: 'user', id: userId, label: user.name },
			summary: `Changed the role of ${user.name} from ${roleLabel(user.role)} to ${roleLabel(role)}`,
			before: { role: user.role },
			after: { role },
		})
	}
	const updated = await UserModel.findOne({ id: userId }).select(ADMIN_USER_FIELDS).lean<User>()
	if (!updated) throw notFound('User not found')
	return toAdminUserJSON(updated)
}
