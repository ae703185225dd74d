import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { AdminDialogErrorBoundary } from '~/components/admin/admin-dialog'
import { ModuleDialog } from '~/routes/admin/programs/__dialogs'
import { handleModuleDialog, loadModuleDialog } from '~/routes/admin/programs/__outline.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/programs/{id}/modules/new, and the same module at
 * /admin/programs/{id}/modules/{moduleId}/edit: the module dialog over the
 * program's outline (docs/decisions/153).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
	return loadModuleDialog(request, params)
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleModuleDialog(request, params)
}

export default ModuleDialog

export const ErrorBoundary = AdminDialogErrorBoundary
