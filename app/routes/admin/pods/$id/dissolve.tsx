import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { EmptyFormSchema } from '~/lib/form-schemas.server'
import { AdminDialogErrorBoundary, FormDialog } from '~/components/admin/admin-dialog'
import { adminTabHref } from '~/lib/admin-panel'
import { handleDialogForm, requireCatalogueEditor } from '~/routes/admin/__dialogs.server'
import { dissolvePodAsAdmin, listPodsForAdmin } from '~/services/pods/admin.server'
import { requireFound } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/pods/:id/dissolve: an admin ends a running pod; its members are told and queued again (decision 215). */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	if (actor.role !== 'admin') throw redirect(adminTabHref('content'))
	const podId = requireNumericId(params.id, 'Pod')
	const pod = requireFound(
		(await listPodsForAdmin(actor)).find((row) => row.id === podId && row.state === 'active'),
		'Pod not found',
	)
	return json({ pod: { id: pod.id, name: pod.name, size: pod.size } })
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	const podId = requireNumericId(params.id, 'Pod')
	return handleDialogForm({
		request,
		schema: EmptyFormSchema,
		failedTitle: 'Could not dissolve the pod',
		save: async () => {
			await dissolvePodAsAdmin(actor, podId)
			return { title: 'Pod dissolved', description: 'Its members have been told and are waiting for a new pod.' }
		},
	})
}

export default function DissolvePodDialog() {
	const { pod } = useLoaderData<typeof loader>()
	return (
		<FormDialog
			alert
			destructive
			title={`Dissolve ${pod.name}`}
			description={`End ${pod.name}? Its ${pod.size} members are told and go back to the queue for a new pod of the program. Its check-ins and chat stay readable to no one but through reports.`}
			intent="dissolve-pod"
			submitLabel="Dissolve pod"
			pendingLabel="Dissolving..."
		/>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
