import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { endSession } from '~/services/auth.server'
import { readProtectedForm } from '~/services/csrf.server'
import { redirectWithToast } from '~/services/toast.server'

/** There is nothing to see at /logout: a visit goes home. */
export const loader = () => redirect('/')

/** The Logout button of the top bar and the sidebar: a form, so it works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
	await readProtectedForm(request)
	const cookie = await endSession(request)
	return redirectWithToast(
		'/',
		{ title: 'Logged out', description: 'You have been successfully logged out.' },
		{ headers: { 'Set-Cookie': cookie } },
	)
}
