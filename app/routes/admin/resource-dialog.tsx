import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { Field, SelectField, TextareaField } from '~/components/forms'
import { handleCatalogueForm, requireCatalogueEditor, requireDialogEntity } from '~/routes/admin/__dialogs.server'
import { RESOURCE_TYPE_OPTIONS, ResourceSchema, resourceTypeLabel, type ResourceTypeValue } from '~/lib/admin-schemas'
import { createResource, getResource, updateResource } from '~/services/catalogue/resources.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/resources/new and /admin/resources/:id/edit (product §2 "Resources"): a new resource is a PDF unless told otherwise. */
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
	const [form, fields] = useDialogForm({
		id: resource ? `resource-${resource.id}` : 'resource-new',
		schema: ResourceSchema,
		defaultValue: resource
			? {
					title: resource.title,
					description: resource.description,
					type: resource.type as ResourceTypeValue,
					url: resource.url,
				}
			: { type: 'pdf' },
	})
	// A resource of a type the dialog does not list (a "link" from the API, say) keeps its type.
	const types: string[] = [...RESOURCE_TYPE_OPTIONS]
	if (resource && !types.includes(resource.type)) types.push(resource.type)
	return (
		<FormDialog
			title={resource ? 'Edit Resource' : 'Add Resource'}
			description={resource ? 'Change the details of this resource.' : 'Add a downloadable resource to the library.'}
			intent="save-resource"
			form={form}
			submitLabel={resource ? 'Save Changes' : 'Add Resource'}
			pendingLabel="Saving..."
		>
			<Field
				label="Title"
				inputProps={{ ...getInputProps(fields.title, { type: 'text' }), autoFocus: true }}
				errors={fields.title.errors}
			/>
			<TextareaField
				label="Description"
				textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
				errors={fields.description.errors}
			/>
			<SelectField
				label="Type"
				selectProps={getSelectProps(fields.type)}
				options={types.map((type) => ({ value: type, label: resourceTypeLabel(type) }))}
				errors={fields.type.errors}
			/>
			<Field
				label="URL"
				inputProps={{
					...getInputProps(fields.url, { type: 'text' }),
					placeholder: '/resources/guide.pdf or https://...',
					inputMode: 'url',
				}}
				errors={fields.url.errors}
			/>
		</FormDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
