import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { singleton } from '~/platform/singleton.server'
import { jsonError, readFormBody } from '~/web/http.server'
import { getSession } from '~/web/session.server'

/**
 * Every form carries a CSRF token, so forms stay safe without JavaScript
 * (docs/decisions/133). The token is derived from what it protects: an HMAC
 * (with SESSION_SECRET) of the session id when the browser has a session, so
 * a token is worth nothing in another session and dies with its session;
 * else of a random pre-session value kept in the signed `csrf` cookie (the
 * login and sign-up forms). Tokens are compared in constant time.
 * JSON endpoints instead require a JSON content type or the app's own Origin
 * (server/gates.ts), which a cross-site form cannot send.
 */
const preSessionCookie = () =>
	singleton('csrf-cookie', () => {
		const config = getConfig()
		return createCookie('csrf', {
			path: '/',
			httpOnly: true,
			sameSite: 'lax',
			secure: config.secureCookies,
			secrets: [config.sessionSecret],
		})
	})

async function readPreSession(request: Request): Promise<string | null> {
	const value: unknown = await preSessionCookie().parse(request.headers.get('Cookie'))
	return typeof value === 'string' && value ? value : null
}

/** This browser's pre-session value, and the cookie that sets it when it has none yet. */
async function commitPreSession(request: Request): Promise<[value: string, cookie: string | null]> {
	const existing = await readPreSession(request)
	if (existing) return [existing, null]
	const fresh = randomBytes(32).toString('base64url')
	return [fresh, await preSessionCookie().serialize(fresh)]
}

function deriveToken(binding: string): string {
	return createHmac('sha256', getConfig().sessionSecret).update(`csrf:${binding}`).digest('base64url')
}

/** The session a token is bound to: only one that exists (a cookie naming a session that has ended counts as none). */
async function sessionBinding(request: Request): Promise<string | null> {
	const session = await getSession(request)
	return typeof session.get('userId') === 'number' && session.id ? `session:${session.id}` : null
}

/**
 * The token this browser's forms carry now, and the pre-session cookie to set
 * when it needs one and has none yet: only a visitor does (a member's tokens
 * are bound to the session), so a member's pages draw no random value, sign
 * nothing and set no cookie for it.
 */
export async function commitCsrfToken(request: Request): Promise<[token: string, cookie: string | null]> {
	const session = await sessionBinding(request)
	if (session) return [deriveToken(session), null]
	const [preSession, cookie] = await commitPreSession(request)
	return [deriveToken(`visitor:${preSession}`), cookie]
}

/** The token a form posted with this request must carry; null when there is nothing it could be bound to. */
async function expectedToken(request: Request): Promise<string | null> {
	const session = await sessionBinding(request)
	if (session) return deriveToken(session)
	const preSession = await readPreSession(request)
	return preSession ? deriveToken(`visitor:${preSession}`) : null
}

function sameToken(sent: string, expected: string): boolean {
	const a = Buffer.from(sent)
	const b = Buffer.from(expected)
	return a.length === b.length && timingSafeEqual(a, b)
}

export const CSRF_FAILURE_MESSAGE = 'Your form has expired. Please reload the page and try again.'

/**
 * Every form action starts here: the posted form (readFormBody's checks of
 * type, size and field names), then its CSRF token, a thrown 403 with a
 * message when it is not the one this browser's session (or pre-session
 * cookie) gives.
 */
export async function readProtectedForm(request: Request): Promise<FormData> {
	const formData = await readFormBody(request)
	await requireCsrfToken(request, formData)
	return formData
}

/** The CSRF check of a form read some other way (a form that carries a file: web/video-file-form.server.ts). */
export async function requireCsrfToken(request: Request, formData: FormData): Promise<void> {
	const sent = formData.get('csrf')
	const expected = await expectedToken(request)
	if (typeof sent !== 'string' || expected === null || !sameToken(sent, expected))
		throw jsonError(403, CSRF_FAILURE_MESSAGE)
}
