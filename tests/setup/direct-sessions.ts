import { randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { SessionModel, UserModel, reserveIds } from '#models/index'
import { hashPassword } from '~/services/account/password.server'

/**
 * Many logged-in members at once for the load and fault tests: accounts and
 * sessions written straight to the database (one password hash for all, no
 * login per member), with the Cookie header the server would have set.
 * `sessionSecret` must be the SESSION_SECRET the server runs with.
 */
export interface SessionMember {
	id: number
	username: string
	name: string
	/** The Cookie header of the member's session. */
	cookie: string
}

export async function createMembersWithSessions(
	count: number,
	{ sessionSecret, label = 'member', premium = true }: { sessionSecret: string; label?: string; premium?: boolean },
): Promise<SessionMember[]> {
	if (count === 0) return []
	const passwordHash = await hashPassword(randomBytes(12).toString('base64url'))
	const ids = await reserveIds('users', count)
	const tag = randomBytes(3).toString('hex')
	const users = ids.map((id) => {
		const username = `${label}_${tag}_${id}`
		return {
			id,
			username,
			usernameKey: username.toLowerCase(),
			passwordHash,
			name: `${label[0]!.toUpperCase()}${label.slice(1)} ${id}`,
			email: `${username.toLowerCase()}@example.com`,
			role: 'member' as const,
			subscriptionStatus: premium ? 'active' : 'inactive',
			createdAt: new Date(),
		}
	})
	await UserModel.insertMany(users, { lean: true })
	const cookie = createCookie('__session', { secrets: [sessionSecret] })
	const expiresAt = new Date(Date.now() + 86_400_000)
	const sessions = users.map((user) => ({
		sid: randomBytes(32).toString('base64url'),
		userId: user.id,
		data: { userId: user.id },
		expiresAt,
	}))
	await SessionModel.insertMany(sessions, { lean: true })
	return Promise.all(
		users.map(async (user, index) => ({
			id: user.id,
			username: user.username,
			name: user.name,
			cookie: (await cookie.serialize(sessions[index]!.sid)).split(';')[0]!,
		})),
	)
}
