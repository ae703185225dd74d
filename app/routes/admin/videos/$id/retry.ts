import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { dialogCloseHref } from '~/lib/admin-panel'
import { ServiceError } from '~/lib/service-error'
import { requireCatalogueEditor } from '~/routes/admin/__dialogs.server'
import { retryProcessing } from '~/services/media/assets.server'
import { readProtectedForm } from '~/web/csrf.server'
import { requireNumericId } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'

/**
 * POST /admin/videos/{id}/retry (admins and content managers): the admin
 * table's 'Retry' on a lesson whose upload failed to process
 * (docs/decisions/176). Back to the Content tab, with its search and page,
 * with a notice either way. A GET goes to the tab.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	const id = requireNumericId(params.id, 'Video')
	await readProtectedForm(request)
	const back = dialogCloseHref(new URL(request.url))
	try {
		await retryProcessing(actor, id)
		return redirectWithToast(back, {
			title: 'Processing again',
			description: 'The video is being prepared for streaming again.',
		})
	} catch (error) {
		if (!(error instanceof ServiceError)) throw error
		return redirectWithToast(back, { type: 'destructive', title: 'Could not retry', description: error.message })
	}
}

export async function loader({ request }: LoaderFunctionArgs) {
	await requireCatalogueEditor(request)
	return redirect(dialogCloseHref(new URL(request.url)))
}
