import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog } from '~/components/admin/admin-dialog'
import { handleItemDelete, loadItemDeleteDialog } from '~/routes/admin/programs/__outline.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/programs/{id}/items/{itemId}/delete: removing an item removes what members did with it (a lesson's video stays). */
export function loader({ request, params }: LoaderFunctionArgs) {
	return loadItemDeleteDialog(request, params)
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleItemDelete(request, params)
}

export default function DeleteItemDialog() {
	const { title, kind } = useLoaderData<typeof loader>()
	return (
		<FormDialog
			alert
			destructive
			title={`Delete ${kind}`}
			description={`Are you sure you want to delete "${title}" from this program? This action cannot be undone.`}
			intent="delete"
			submitLabel="Delete"
			pendingLabel="Deleting..."
		/>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
