import { getInputProps, getTextareaProps } from '@conform-to/react'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { Field, TextareaField } from '~/components/forms'
import { handleCatalogueForm, requireCatalogueEditor, requireDialogEntity } from '~/routes/admin/__dialogs.server'
import { CommunitySchema } from '~/lib/admin-schemas'
import { createCommunity, getCommunity, updateCommunity } from '~/services/catalogue/communities.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/communities/new and /admin/communities/:id/edit (product §2 "Communities"). */
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
	const [form, fields] = useDialogForm({
		id: community ? `community-${community.id}` : 'community-new',
		schema: CommunitySchema,
		defaultValue: community
			? { name: community.name, description: community.description, icon: community.icon }
			: undefined,
	})
	return (
		<FormDialog
			title={community ? 'Edit Community' : 'Add Community'}
			description={community ? 'Change the details of this community.' : 'Open a new community chat room.'}
			intent="save-community"
			form={form}
			submitLabel={community ? 'Save Changes' : 'Add Community'}
			pendingLabel="Saving..."
		>
			<Field
				label="Name"
				inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoFocus: true }}
				errors={fields.name.errors}
			/>
			<TextareaField
				label="Description"
				textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
				errors={fields.description.errors}
			/>
			<Field
				label="Icon URL"
				inputProps={{
					...getInputProps(fields.icon, { type: 'text' }),
					placeholder: 'https://... or a short code like EL',
				}}
				errors={fields.icon.errors}
			/>
		</FormDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
