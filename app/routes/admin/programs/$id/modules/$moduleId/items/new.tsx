import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { AdminDialogErrorBoundary } from '~/components/admin/admin-dialog'
import { ItemDialog } from '~/routes/admin/programs/__dialogs'
import { handleItemDialog, loadItemDialog } from '~/routes/admin/programs/__outline.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/programs/{id}/modules/{moduleId}/items/new?kind=lesson|reading|reflection|check,
 * and the same module at /admin/programs/{id}/items/{itemId}/edit: an
 * item's dialog over the program's outline (docs/decisions/153).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
	return loadItemDialog(request, params)
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleItemDialog(request, params)
}

export default ItemDialog

export const ErrorBoundary = AdminDialogErrorBoundary
