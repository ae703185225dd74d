import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { singleton } from '~/platform/singleton.server'
import { makeToast, type Toast, type ToastInput } from '~/lib/toast'

/**
 * Notices shown after a redirect travel in a short-lived flash cookie, so they
 * show without JavaScript and do not need a database session (a visitor who
 * just logged out has none).
 */
const getToastStorage = () =>
	singleton('toast-storage', () =>
		createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
			cookie: {
				name: 'en_toast',
				httpOnly: true,
				sameSite: 'lax',
				path: '/',
				secure: getConfig().secureCookies,
				secrets: [getConfig().sessionSecret],
			},
		}),
	)

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
	const session = await getToastStorage().getSession()
	session.flash('toast', makeToast(input))
	return new Headers({ 'Set-Cookie': await getToastStorage().commitSession(session) })
}

/** Reads (and clears) the flashed notice of this request. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
	const session = await getToastStorage().getSession(request.headers.get('Cookie'))
	const toast = session.get('toast') ?? null
	return {
		toast,
		headers: toast ? new Headers({ 'Set-Cookie': await getToastStorage().destroySession(session) }) : null,
	}
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit): Promise<Response> {
	const headers = new Headers(init?.headers)
	for (const cookie of (await createToastHeaders(input)).getSetCookie()) headers.append('Set-Cookie', cookie)
	return redirect(url, { ...init, headers })
}
