import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { CLEAR_CACHED_PAGES, endSession } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { redirectWithToast } from '~/web/toast.server'

/** There is nothing to see at /logout: a visit goes home. */
export const loader = () => redirect('/')

/** The Logout button of the top bar and the sidebar: a form, so it works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
	await readProtectedForm(request)
	let cookie: string
	try {
		cookie = await endSession(request)
	} catch (error) {
		// The session could not be deleted: say so rather than pretend the member is logged out.
		console.error(error)
		return redirectWithToast('/dashboard', {
			type: 'destructive',
			title: 'Logout failed',
			description: 'Please try again in a moment.',
		})
	}
	return redirectWithToast(
		'/',
		{ title: 'Logged out', description: 'You have been successfully logged out.' },
		{ headers: { 'Set-Cookie': cookie, ...CLEAR_CACHED_PAGES } },
	)
}
