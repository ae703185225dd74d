import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { AdminDialog, AdminDialogErrorBoundary, DialogButtons, useDialogAction } from '~/components/admin/admin-dialog'
import { Field, FormErrors, SelectField, StatusButton, TextareaField, useIsSubmitting } from '~/components/forms'
import { ActionToast } from '~/components/ui/toaster'
import { handleCatalogueForm, requireCatalogueEditor, requireDialogEntity } from '~/lib/admin-pages.server'
import { RESOURCE_TYPE_OPTIONS, ResourceSchema, resourceTypeLabel } from '~/lib/admin-schemas'
import { createResource, getResource, updateResource } from '~/services/resources.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/resources/new and /admin/resources/:id/edit (SPEC §2 "Resources"): a new resource is a PDF unless told otherwise. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireCatalogueEditor(request)
	return json({ resource: params.id ? await requireDialogEntity(getResource, params.id, 'Resource') : null })
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleCatalogueForm({
		request,
		params,
		kind: 'resources',
		what: 'Resource',
		schema: ResourceSchema,
		create: createResource,
		update: updateResource,
		describe: (resource) => resource.title,
	})
}

export default function ResourceDialog() {
	const { resource } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const hydrated = useHydrated()
	const pending = useIsSubmitting('save-resource')
	const [form, fields] = useForm({
		id: resource ? `resource-${resource.id}` : 'resource-new',
		lastResult: actionData?.result,
		defaultValue: resource
			? { title: resource.title, description: resource.description, type: resource.type, url: resource.url }
			: { type: 'pdf' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ResourceSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	// A resource of a type the dialog does not list (a "link" from the API, say) keeps its type.
	const types: string[] = [...RESOURCE_TYPE_OPTIONS]
	if (resource && !types.includes(resource.type)) types.push(resource.type)

	return (
		<AdminDialog
			title={resource ? 'Edit Resource' : 'Add Resource'}
			description={resource ? 'Change the details of this resource.' : 'Add a downloadable resource to the library.'}
		>
			<Form method="post" action={useDialogAction()} preventScrollReset className="space-y-4" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="save-resource" />
				<FormErrors errors={form.errors} />
				<Field label="Title" inputProps={{ ...getInputProps(fields.title, { type: 'text' }), autoFocus: true }} errors={fields.title.errors} />
				<TextareaField label="Description" textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }} errors={fields.description.errors} />
				<SelectField
					label="Type"
					selectProps={getSelectProps(fields.type)}
					options={types.map((type) => ({ value: type, label: resourceTypeLabel(type) }))}
					errors={fields.type.errors}
				/>
				<Field
					label="URL"
					inputProps={{ ...getInputProps(fields.url, { type: 'text' }), placeholder: '/resources/guide.pdf or https://...', inputMode: 'url' }}
					errors={fields.url.errors}
				/>
				<DialogButtons>
					<StatusButton pending={pending} pendingLabel="Saving..." disabled={hydrated && (!fields.title.value?.trim() || !fields.url.value?.trim())}>
						{resource ? 'Save Changes' : 'Add Resource'}
					</StatusButton>
				</DialogButtons>
			</Form>
			<ActionToast toast={actionData?.toast} />
		</AdminDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
