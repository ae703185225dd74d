import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { AdminDialog, AdminDialogErrorBoundary, DialogButtons, useDialogAction } from '~/components/admin/admin-dialog'
import { FormErrors, SelectField, StatusButton, useIsSubmitting } from '~/components/forms'
import { ActionToast } from '~/components/ui/toaster'
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
	const actionData = useActionData<typeof action>()
	const pending = useIsSubmitting('change-role')
	const [form, fields] = useForm({
		id: `role-${user.id}`,
		lastResult: actionData?.result,
		// SPEC §2: the dialog opens on the user's role, member when it has none.
		defaultValue: { role: user.role ?? 'member' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RoleChangeSchema }),
	})
	return (
		<AdminDialog title="Change User Role" description={`Choose the role of ${user.name} (${user.username}).`}>
			<Form method="post" action={useDialogAction()} preventScrollReset className="space-y-4" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="change-role" />
				<FormErrors errors={form.errors} />
				<SelectField label="Role" selectProps={{ ...getSelectProps(fields.role), autoFocus: true }} options={ROLE_OPTIONS} errors={fields.role.errors} />
				<DialogButtons>
					<StatusButton pending={pending} pendingLabel="Updating...">
						Save Changes
					</StatusButton>
				</DialogButtons>
			</Form>
			<ActionToast toast={actionData?.toast} />
		</AdminDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
