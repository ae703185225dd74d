import { getSelectProps } from '@conform-to/react'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { SelectField } from '~/components/forms'
import { handleDialogForm, requireCatalogueEditor, requireDialogEntity } from '~/routes/admin/__dialogs.server'
import { adminTabHref } from '~/lib/admin-panel'
import { RoleChangeSchema } from '~/lib/admin-schemas'
import { ROLE_OPTIONS, roleLabel } from '~/lib/roles'
import { requireNumericId } from '~/web/http.server'
import { changeUserRole } from '~/services/account/admin-users.server'
import { getUserById } from '~/services/account/users.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/users/:userId/role: the 'Change User Role' dialog (product §2 "Users"), for admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	if (actor.role !== 'admin') throw redirect(adminTabHref('content'))
	const user = await requireDialogEntity(getUserById, params.userId, 'User')
	return json({ user: { id: user.id, name: user.name, username: user.username, role: user.role } })
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	const userId = requireNumericId(params.userId, 'User')
	return handleDialogForm({
		request,
		schema: RoleChangeSchema,
		failedTitle: 'Failed to update user role',
		save: async ({ role }) => {
			const user = await changeUserRole(actor, userId, role)
			return {
				title: 'User role updated',
				description: `${user.name} is now ${/^[aeiou]/.test(user.role) ? 'an' : 'a'} ${roleLabel(user.role)}.`,
			}
		},
	})
}

export default function UserRoleDialog() {
	const { user } = useLoaderData<typeof loader>()
	// product §2: the dialog opens on the user's role, member when it has none.
	const [form, fields] = useDialogForm({
		id: `role-${user.id}`,
		schema: () => import('~/lib/admin-schemas').then((m) => m.RoleChangeSchema),
		defaultValue: { role: user.role ?? 'member' },
	})
	return (
		<FormDialog
			title="Change User Role"
			description={`Choose the role of ${user.name} (${user.username}).`}
			intent="change-role"
			form={form}
			submitLabel="Save Changes"
			pendingLabel="Updating..."
		>
			<SelectField
				label="Role"
				selectProps={{ ...getSelectProps(fields.role), autoFocus: true }}
				options={ROLE_OPTIONS}
				errors={fields.role.errors}
			/>
		</FormDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
