import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog } from '~/components/admin/admin-dialog'
import { adminTabHref, dialogCloseHref } from '~/lib/admin-panel'
import { ServiceError } from '~/lib/service-error'
import { makeToast } from '~/lib/toast'
import { requireCatalogueEditor, requireDialogEntity } from '~/routes/admin/__dialogs.server'
import { deleteUserAsAdmin } from '~/services/account/deletion.server'
import { getUserById } from '~/services/account/users.server'
import { readProtectedForm } from '~/web/csrf.server'
import { requireNumericId } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/users/:userId/delete: an admin deletes a member's account, as the
 * member can from their profile (docs/decisions/125). Admins only; content
 * managers are sent to Content, as from the role dialog.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	if (actor.role !== 'admin') throw redirect(adminTabHref('content'))
	const user = await requireDialogEntity(getUserById, params.userId, 'User')
	return json({ user: { id: user.id, name: user.name, username: user.username } })
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	if (actor.role !== 'admin') throw redirect(adminTabHref('content'))
	const userId = requireNumericId(params.userId, 'User')
	await readProtectedForm(request)
	const back = dialogCloseHref(new URL(request.url))
	try {
		const deleted = await deleteUserAsAdmin(actor, userId)
		return redirectWithToast(back, { title: 'User deleted', description: `"${deleted.name}" has been deleted.` })
	} catch (error) {
		if (!(error instanceof ServiceError)) throw error
		const toast = { type: 'destructive' as const, title: 'Failed to delete user', description: error.message }
		// Already gone: back to the list, which no longer shows them.
		if (error.status === 404) return redirectWithToast(back, toast)
		return json({ toast: makeToast(toast) }, { status: error.status })
	}
}

export default function UserDeleteDialog() {
	const { user } = useLoaderData<typeof loader>()
	return (
		<FormDialog
			alert
			destructive
			title="Delete User"
			description={
				<>
					<p>
						{`Delete the account of ${user.name} (${user.username})? Their subscription ends at once, and their profile, progress, notifications and private messages are deleted. Their room messages stay, shown as written by "Deleted member".`}
					</p>
					<p className="mt-2 font-medium text-gray-900">This action cannot be undone.</p>
				</>
			}
			intent="delete-user"
			submitLabel="Delete User"
			pendingLabel="Deleting..."
		/>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
