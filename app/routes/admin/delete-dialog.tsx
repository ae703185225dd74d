import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog } from '~/components/admin/admin-dialog'
import { handleDeleteDialog, loadDeleteDialog } from '~/routes/admin/__dialogs.server'
import { type CatalogueKind } from '~/lib/admin-panel'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/{videos,communities,events,resources}/:id/delete: the delete
 * confirmations of product §2, one module for the four (the path says which).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	return json(await loadDeleteDialog(request, params))
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleDeleteDialog(request, params)
}

/** product §2: the question each delete asks; events ask it in an alert dialog of their own words. */
const CONFIRMATIONS: Record<CatalogueKind, (label: string) => { title: string; text: string; button: string }> = {
	videos: (title) => ({
		title: 'Delete Video',
		text: `Are you sure you want to delete video "${title}"? This action cannot be undone.`,
		button: 'Delete',
	}),
	communities: (name) => ({
		title: 'Delete Community',
		text: `Are you sure you want to delete community "${name}"? This action cannot be undone.`,
		button: 'Delete',
	}),
	events: (title) => ({
		title: 'Are you sure?',
		text: `This will permanently delete the event "${title}". This action cannot be undone.`,
		button: 'Delete Event',
	}),
	resources: (title) => ({
		title: 'Delete Resource',
		text: `Are you sure you want to delete resource "${title}"? This action cannot be undone.`,
		button: 'Delete',
	}),
}

export default function DeleteDialog() {
	const { kind, label } = useLoaderData<typeof loader>()
	const { title, text, button } = CONFIRMATIONS[kind](label)
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
