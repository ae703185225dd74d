import { type Role, type UserJSON } from '#models/index'
import { forbidden } from '~/lib/service-error'

/** product §6: users and roles are for admins; videos, communities, events and resources for admins and content managers. */
export const USER_ADMIN_ROLES = ['admin'] as const satisfies readonly Role[]
export const CONTENT_ADMIN_ROLES = ['admin', 'content_manager'] as const satisfies readonly Role[]

/** Who is acting: services take it as a plain argument and check it themselves, so no caller can forget. */
export type Actor = Pick<UserJSON, 'id' | 'role'>

export function assertActorRole(actor: Actor, roles: readonly Role[]): void {
	if (!roles.includes(actor.role)) throw forbidden()
}
