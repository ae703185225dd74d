import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { localRedirectPath } from '~/web/http.server'
import { readProtectedForm } from '~/web/csrf.server'
import { serializeSidebarState } from '~/web/sidebar-cookie.server'

/** Nothing to see here: the sidebar toggle only posts. */
export const loader = () => redirect('/dashboard')

/** The top bar's sidebar toggle: stores the state and returns to the page it came from. */
export async function action({ request }: ActionFunctionArgs) {
	const formData = await readProtectedForm(request)
	const collapsed = formData.get('collapsed') === 'true'
	return redirect(localRedirectPath(formData.get('redirectTo'), '/dashboard'), {
		headers: { 'Set-Cookie': await serializeSidebarState(collapsed) },
	})
}
