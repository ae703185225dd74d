import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { AdminDialog, AdminDialogErrorBoundary, DialogButtons, useDialogAction } from '~/components/admin/admin-dialog'
import { Field, FormErrors, StatusButton, TextareaField, useIsSubmitting } from '~/components/forms'
import { ActionToast } from '~/components/ui/toaster'
import { handleCatalogueForm, requireCatalogueEditor, requireDialogEntity } from '~/lib/admin-pages.server'
import { CommunitySchema } from '~/lib/admin-schemas'
import { createCommunity, getCommunity, updateCommunity } from '~/services/communities.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/communities/new and /admin/communities/:id/edit (SPEC §2 "Communities"). */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireCatalogueEditor(request)
	return json({ community: params.id ? await requireDialogEntity(getCommunity, params.id, 'Community') : null })
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleCatalogueForm({
		request,
		params,
		kind: 'communities',
		what: 'Community',
		schema: CommunitySchema,
		create: createCommunity,
		update: updateCommunity,
		describe: (community) => community.name,
	})
}

export default function CommunityDialog() {
	const { community } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const hydrated = useHydrated()
	const pending = useIsSubmitting('save-community')
	const [form, fields] = useForm({
		id: community ? `community-${community.id}` : 'community-new',
		lastResult: actionData?.result,
		defaultValue: community ? { name: community.name, description: community.description, icon: community.icon } : undefined,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CommunitySchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})

	return (
		<AdminDialog
			title={community ? 'Edit Community' : 'Add Community'}
			description={community ? 'Change the details of this community.' : 'Open a new community chat room.'}
		>
			<Form method="post" action={useDialogAction()} preventScrollReset className="space-y-4" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="save-community" />
				<FormErrors errors={form.errors} />
				<Field label="Name" inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoFocus: true }} errors={fields.name.errors} />
				<TextareaField label="Description" textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }} errors={fields.description.errors} />
				<Field
					label="Icon URL"
					inputProps={{ ...getInputProps(fields.icon, { type: 'text' }), placeholder: 'https://... or a short code like EL' }}
					errors={fields.icon.errors}
				/>
				<DialogButtons>
					<StatusButton pending={pending} pendingLabel="Saving..." disabled={hydrated && !fields.name.value?.trim()}>
						{community ? 'Save Changes' : 'Add Community'}
					</StatusButton>
				</DialogButtons>
			</Form>
			<ActionToast toast={actionData?.toast} />
		</AdminDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
