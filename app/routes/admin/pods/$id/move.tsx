import { getSelectProps } from '@conform-to/react'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { SelectField } from '~/components/forms'
import { adminTabHref } from '~/lib/admin-panel'
import { PodMoveSchema } from '~/lib/pod-schemas'
import { handleDialogForm, requireCatalogueEditor } from '~/routes/admin/__dialogs.server'
import { listPodsForAdmin, moveMemberAsAdmin } from '~/services/pods/admin.server'
import { requireFound } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/pods/:id/move: an admin moves a member to another running pod of the same program (decision 215). */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	if (actor.role !== 'admin') throw redirect(adminTabHref('content'))
	const podId = requireNumericId(params.id, 'Pod')
	const pods = await listPodsForAdmin(actor)
	const pod = requireFound(
		pods.find((row) => row.id === podId && row.state === 'active'),
		'Pod not found',
	)
	const targets = pods.filter((row) => row.programId === pod.programId && row.id !== pod.id && row.state === 'active')
	return json({ pod: { id: pod.id, name: pod.name, members: pod.members }, targets })
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	const podId = requireNumericId(params.id, 'Pod')
	return handleDialogForm({
		request,
		schema: PodMoveSchema,
		failedTitle: 'Could not move the member',
		save: async (input) => {
			await moveMemberAsAdmin(actor, podId, input)
			return { title: 'Member moved', description: 'They and their new pod have been told.' }
		},
	})
}

export default function MovePodMemberDialog() {
	const { pod, targets } = useLoaderData<typeof loader>()
	const [form, fields] = useDialogForm({
		id: `move-${pod.id}`,
		schema: () => import('~/lib/pod-schemas').then((m) => m.PodMoveSchema),
		defaultValue: { userId: String(pod.members[0]?.id ?? ''), toPodId: String(targets[0]?.id ?? '') },
	})
	return (
		<FormDialog
			title={`Move a member of ${pod.name}`}
			description={
				targets.length
					? 'The member goes on in the pod you choose; they are told.'
					: 'There is no other running pod of this program to move a member to.'
			}
			intent="move-pod-member"
			form={form}
			submitLabel="Move member"
			pendingLabel="Moving..."
		>
			<SelectField
				label="Member"
				selectProps={{ ...getSelectProps(fields.userId), autoFocus: true }}
				options={pod.members.map((member) => ({ value: String(member.id), label: member.name }))}
				errors={fields.userId.errors}
			/>
			<SelectField
				label="To pod"
				selectProps={getSelectProps(fields.toPodId)}
				options={targets.map((target) => ({
					value: String(target.id),
					label: `${target.name} (${target.size} members)`,
				}))}
				errors={fields.toPodId.errors}
			/>
		</FormDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
