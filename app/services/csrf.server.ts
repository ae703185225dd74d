import { createCookie, json } from '@remix-run/node'
import { CSRF, CSRFError } from 'remix-utils/csrf/server'
import { getConfig } from '~/config.server'
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
			secure: config.isProduction,
			secrets: [config.sessionSecret],
		}),
		secret: config.sessionSecret,
	})
	})

export function commitCsrfToken(request: Request) {
	return getCsrf().commitToken(request)
}

export const CSRF_FAILURE_MESSAGE = 'Your form has expired. Please reload the page and try again.'

/** Throws a 403 answer when the form's token does not match the cookie's. */
export async function validateCsrf(formData: FormData, request: Request): Promise<void> {
	try {
		await getCsrf().validate(formData, request.headers)
	} catch (error) {
		if (error instanceof CSRFError) throw json({ error: CSRF_FAILURE_MESSAGE }, { status: 403 })
		throw error
	}
}
