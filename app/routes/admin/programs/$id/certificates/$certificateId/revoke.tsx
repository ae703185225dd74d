import { getInputProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { Field } from '~/components/forms'
import { handleRevokeDialog, loadRevokeDialog } from '~/routes/admin/programs/__outline.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/programs/{id}/certificates/{certificateId}/revoke: admins only
 * (content managers get a 403). The certificate's page then says it is
 * revoked and its credential is no longer signed (docs/decisions/152).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
	return loadRevokeDialog(request, params)
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleRevokeDialog(request, params)
}

export default function RevokeCertificateDialog() {
	const { recipientName, programTitle, revoked } = useLoaderData<typeof loader>()
	const [form, fields] = useDialogForm({
		id: 'revoke-certificate',
		schema: () => import('~/lib/program-schemas').then((m) => m.RevokeSchema),
	})
	return (
		<FormDialog
			alert
			destructive
			title="Revoke Certificate"
			description={
				revoked
					? `The certificate of ${recipientName} for "${programTitle}" is already revoked.`
					: `Revoke the certificate of ${recipientName} for "${programTitle}"? Its page will say it is revoked, for anyone who checks it. This cannot be undone.`
			}
			intent="revoke"
			form={form}
			submitLabel="Revoke"
			pendingLabel="Revoking..."
		>
			<Field
				label="Reason"
				errors={fields.reason.errors}
				help="Optional. Kept in the audit log, not shown on the certificate."
				inputProps={{ ...getInputProps(fields.reason, { type: 'text' }), autoFocus: true }}
			/>
		</FormDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
