import { randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { getConfig } from '~/config.server'
import { singleton } from '~/platform/singleton.server'
import { type LoginClient } from '~/services/account/auth.server'
import { clientAddressOf, type ClientContext } from '~/web/client.server'

/**
 * The known-device cookie (docs/decisions/130): a random id for this browser
 * and the accounts that have logged in from it, signed with SESSION_SECRET so
 * it cannot be made up. Login throttling slows a known browser down on its
 * own count instead of the account's shared one, so strangers guessing a
 * password never lock the owner out of their own browsers.
 */
const MAX_ACCOUNTS = 10
const DeviceSchema = z.object({
	id: z.string().regex(/^[\w-]{22}$/),
	accounts: z.array(z.number().int().positive()).max(MAX_ACCOUNTS),
})
type Device = z.infer<typeof DeviceSchema>

const getDeviceCookie = () =>
	singleton('known-device-cookie', () => {
		const config = getConfig()
		return createCookie('known_device', {
			path: '/',
			httpOnly: true,
			sameSite: 'lax',
			secure: config.secureCookies,
			maxAge: 60 * 60 * 24 * 365,
			secrets: [config.sessionSecret],
		})
	})

async function readDevice(request: Request): Promise<Device | null> {
	const parsed = DeviceSchema.safeParse(await getDeviceCookie().parse(request.headers.get('Cookie')))
	return parsed.success ? parsed.data : null
}

/** Who is logging in, for the throttling: the client's address and this browser's known-device cookie. */
export async function loginClientOf(request: Request, context: ClientContext): Promise<LoginClient> {
	const device = await readDevice(request)
	return { address: clientAddressOf(context), device: device ? { id: device.id, accountIds: device.accounts } : null }
}

/** After a successful login or sign-up: the cookie that lists this account as known to this browser (most recent first). */
export async function rememberDevice(request: Request, userId: number): Promise<string> {
	const device = (await readDevice(request)) ?? { id: randomBytes(16).toString('base64url'), accounts: [] }
	const accounts = [userId, ...device.accounts.filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS)
	return getDeviceCookie().serialize({ id: device.id, accounts })
}
