import { type Role, type UserJSON } from '#models/index'
import { forbidden } from '~/lib/service-error'

/** product §6: users and roles are for admins; videos, communities, events and resources for admins and content managers. */
export const USER_ADMIN_ROLES = ['admin'] as const satisfies readonly Role[]
export const CONTENT_ADMIN_ROLES = ['admin', 'content_manager'] as const satisfies readonly Role[]
/** product §6 "Moderation": who deletes room messages, mutes members and works the report queue. */
export const MODERATION_ROLES = ['admin', 'moderator'] as const satisfies readonly Role[]
/** Insights (product §2 "Insights"): admins see everything, content managers the content and engagement parts. */
export const INSIGHTS_ROLES = ['admin', 'content_manager'] as const satisfies readonly Role[]

/** Who is acting: services take it as a plain argument and check it themselves, so no caller can forget. */
export type Actor = Pick<UserJSON, 'id' | 'role'>

export function assertActorRole(actor: Actor, roles: readonly Role[]): void {
	if (!roles.includes(actor.role)) throw forbidden()
}

export function isModerator(actor: Pick<Actor, 'role'>): boolean {
	return (MODERATION_ROLES as readonly Role[]).includes(actor.role)
}
