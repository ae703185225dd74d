import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog } from '~/components/admin/admin-dialog'
import { handleDeleteDialog, loadDeleteDialog } from '~/routes/admin/__dialogs.server'
import { CATALOGUE } from '~/lib/catalogue-kinds'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/{kind}/:id/delete: the delete confirmation of every catalogue kind
 * (product §2), asking the question its description words. An unknown kind
 * is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	return json(await loadDeleteDialog(request, params))
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleDeleteDialog(request, params)
}

export default function DeleteDialog() {
	const { kind, label } = useLoaderData<typeof loader>()
	const { title, text, button } = CATALOGUE[kind].confirmDelete(label)
	return (
		<FormDialog
			alert
			destructive
			title={title}
			description={text}
			intent="delete"
			submitLabel={button}
			pendingLabel="Deleting..."
		/>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
