import { createCookie } from '@remix-run/node'
import { CSRF, CSRFError } from 'remix-utils/csrf/server'
import { getConfig } from '~/config.server'
import { jsonError, readFormBody } from '~/web/http.server'
import { singleton } from '~/lib/singleton.server'

/**
 * Every form carries a CSRF token (remix-utils), so forms stay safe without
 * JavaScript. JSON endpoints instead require a JSON content type, which a
 * cross-site form cannot send.
 */
const getCsrf = () =>
	singleton('csrf', () => {
	const config = getConfig()
	return new CSRF({
		cookie: createCookie('csrf', {
			path: '/',
			httpOnly: true,
			sameSite: 'lax',
			secure: config.secureCookies,
			secrets: [config.sessionSecret],
		}),
		secret: config.sessionSecret,
	})
	})

export function commitCsrfToken(request: Request) {
	return getCsrf().commitToken(request)
}

export const CSRF_FAILURE_MESSAGE = 'Your form has expired. Please reload the page and try again.'

/**
 * Every form action starts here: the posted form (readFormBody's checks of
 * type, size and field names), then its CSRF token, a thrown 403 with a
 * message when it does not match the cookie's.
 */
export async function readProtectedForm(request: Request): Promise<FormData> {
	const formData = await readFormBody(request)
	try {
		await getCsrf().validate(formData, request.headers)
	} catch (error) {
		if (error instanceof CSRFError) throw jsonError(403, CSRF_FAILURE_MESSAGE)
		throw error
	}
	return formData
}
