import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog } from '~/components/admin/admin-dialog'
import { handleModuleDelete, loadModuleDeleteDialog } from '~/routes/admin/programs/__outline.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/programs/{id}/modules/{moduleId}/delete: removing a module removes its items and what members did with them. */
export function loader({ request, params }: LoaderFunctionArgs) {
	return loadModuleDeleteDialog(request, params)
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleModuleDelete(request, params)
}

export default function DeleteModuleDialog() {
	const { title, items } = useLoaderData<typeof loader>()
	return (
		<FormDialog
			alert
			destructive
			title="Delete Module"
			description={`Are you sure you want to delete module "${title}" and its ${items} ${items === 1 ? 'item' : 'items'}? Members' readings, reflections and check attempts in it go too. This action cannot be undone.`}
			intent="delete"
			submitLabel="Delete"
			pendingLabel="Deleting..."
		/>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
