import { getSelectProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { SelectField } from '~/components/forms'
import { readDialogForm, requireCatalogueEditor, requireDialogEntity, type DialogActionData } from '~/lib/admin-pages.server'
import { adminTabHref, dialogCloseHref } from '~/lib/admin-panel'
import { ROLE_OPTIONS, RoleChangeSchema, roleLabel } from '~/lib/admin-schemas'
import { assertServiceError, replyWithServiceError } from '~/lib/form-errors.server'
import { requireNumericId } from '~/lib/http.server'
import { makeToast } from '~/lib/toast'
import { changeUserRole } from '~/services/admin-users.server'
import { redirectWithToast } from '~/services/toast.server'
import { getUserById } from '~/services/users.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/users/:userId/role: the 'Change User Role' dialog (SPEC §2 "Users"), for admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	if (actor.role !== 'admin') throw redirect(adminTabHref('content'))
	const user = await requireDialogEntity(getUserById, params.userId, 'User')
	return json({ user: { id: user.id, name: user.name, username: user.username, role: user.role } })
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	const userId = requireNumericId(params.userId, 'User')
	const submission = parseWithZod(await readDialogForm(request), { schema: RoleChangeSchema })
	const failed = (message: string) => makeToast({ type: 'destructive', title: 'Failed to update user role', description: message })
	if (submission.status !== 'success') {
		return json<DialogActionData>({ result: submission.reply(), toast: failed(submission.error?.role?.[0] ?? 'Choose a role') }, { status: 400 })
	}
	try {
		const user = await changeUserRole(actor, userId, submission.value.role)
		return redirectWithToast(dialogCloseHref(new URL(request.url)), {
			title: 'User role updated',
			description: `${user.name} is now ${/^[aeiou]/.test(user.role) ? "an" : "a"} ${roleLabel(user.role)}.`,
		})
	} catch (error) {
		assertServiceError(error)
		return json<DialogActionData>({ result: replyWithServiceError(submission, error), toast: failed(error.message) }, { status: error.status })
	}
}

export default function UserRoleDialog() {
	const { user } = useLoaderData<typeof loader>()
	// SPEC §2: the dialog opens on the user's role, member when it has none.
	const [form, fields] = useDialogForm({ id: `role-${user.id}`, schema: RoleChangeSchema, defaultValue: { role: user.role ?? 'member' } })
	return (
		<FormDialog
			title="Change User Role"
			description={`Choose the role of ${user.name} (${user.username}).`}
			intent="change-role"
			form={form}
			submitLabel="Save Changes"
			pendingLabel="Updating..."
		>
			<SelectField label="Role" selectProps={{ ...getSelectProps(fields.role), autoFocus: true }} options={ROLE_OPTIONS} errors={fields.role.errors} />
		</FormDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
