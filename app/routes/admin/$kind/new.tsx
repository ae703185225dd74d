import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary } from '~/components/admin/admin-dialog'
import { CatalogueFormDialog } from '~/components/admin/catalogue-dialog'
import { handleCatalogueForm, loadCatalogueForm } from '~/routes/admin/__dialogs.server'
import { FALLBACK_TIME_ZONE } from '~/lib/dates'
import { type RouteHandle } from '~/types'
import { type loader as adminLoader } from '~/routes/admin/index'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/{kind}/new, and the same module at /admin/{kind}/:id/edit
 * ($id/edit.tsx): the add and edit dialogs of every catalogue kind (product §2
 * "Content", "Communities", "Events", "Resources"), drawn from the kind's
 * description (app/lib/catalogue-kinds.ts). An unknown kind is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	return json(await loadCatalogueForm(request, params))
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleCatalogueForm(request, params)
}

export default function CatalogueDialog() {
	const { kind, entity, lookups, formOnce } = useLoaderData<typeof loader>()
	const serverTimeZone = useRouteLoaderData<typeof adminLoader>('admin')?.timeZone ?? FALLBACK_TIME_ZONE
	return (
		<CatalogueFormDialog
			kind={kind}
			entity={entity}
			lookups={lookups}
			serverTimeZone={serverTimeZone}
			formOnce={formOnce}
		/>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
