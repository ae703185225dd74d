import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog } from '~/components/admin/admin-dialog'
import { handleDeleteDialog, loadDeleteDialog } from '~/lib/admin-pages.server'
import { CATALOGUE_TEXTS, type CatalogueKind } from '~/lib/admin-panel'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/{videos,communities,events,resources}/:id/delete: the delete
 * confirmations of SPEC §2, one module for the four (the path says which).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	return json(await loadDeleteDialog(request, params))
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleDeleteDialog(request, params)
}

/** SPEC §2: events ask in an alert dialog of their own words; the others ask the same question. */
function confirmation(kind: CatalogueKind, label: string) {
	const noun = CATALOGUE_TEXTS[kind].noun
	if (kind === 'events') {
		return {
			title: 'Are you sure?',
			text: `This will permanently delete the event "${label}". This action cannot be undone.`,
			button: 'Delete Event',
		}
	}
	return {
		title: `Delete ${noun.charAt(0).toUpperCase()}${noun.slice(1)}`,
		text: `Are you sure you want to delete ${noun} "${label}"? This action cannot be undone.`,
		button: 'Delete',
	}
}

export default function DeleteDialog() {
	const { kind, label } = useLoaderData<typeof loader>()
	const { title, text, button } = confirmation(kind, label)
	return <FormDialog alert destructive title={title} description={text} intent="delete" submitLabel={button} pendingLabel="Deleting..." />
}

export const ErrorBoundary = AdminDialogErrorBoundary
