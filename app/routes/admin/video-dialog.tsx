import { getInputProps, getTextareaProps } from '@conform-to/react'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { Field, TextareaField } from '~/components/forms'
import { handleCatalogueForm, requireCatalogueEditor, requireDialogEntity } from '~/routes/admin/__dialogs.server'
import { VideoSchema } from '~/lib/admin-schemas'
import { createVideo, getVideo, updateVideo } from '~/services/catalogue/videos.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/videos/new and /admin/videos/:id/edit: the Add Video and Edit Video dialogs (product §2 "Content"). */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireCatalogueEditor(request)
	return json({ video: params.id ? await requireDialogEntity(getVideo, params.id, 'Video') : null })
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleCatalogueForm({
		request,
		params,
		kind: 'videos',
		what: 'Video',
		schema: VideoSchema,
		create: createVideo,
		update: updateVideo,
		describe: (video) => video.title,
	})
}

export default function VideoDialog() {
	const { video } = useLoaderData<typeof loader>()
	const [form, fields] = useDialogForm({
		id: video ? `video-${video.id}` : 'video-new',
		schema: VideoSchema,
		defaultValue: video
			? {
					title: video.title,
					description: video.description,
					url: video.url,
					thumbnail: video.thumbnail,
					duration: video.duration,
					category: video.category,
				}
			: undefined,
	})
	return (
		<FormDialog
			title={video ? 'Edit Video' : 'Add Video'}
			description={video ? 'Change the details of this video.' : 'Add a video lesson to the content library.'}
			intent="save-video"
			form={form}
			submitLabel={video ? 'Save Changes' : 'Add Video'}
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
			<Field
				label="URL"
				inputProps={{
					...getInputProps(fields.url, { type: 'text' }),
					placeholder: '/media/lesson.mp4 or https://...',
					inputMode: 'url',
				}}
				errors={fields.url.errors}
			/>
			<Field
				label="Thumbnail"
				inputProps={{
					...getInputProps(fields.thumbnail, { type: 'text' }),
					placeholder: 'https://... (optional)',
					inputMode: 'url',
				}}
				errors={fields.thumbnail.errors}
			/>
			<div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
				<Field
					label="Duration (minutes)"
					inputProps={{ ...getInputProps(fields.duration, { type: 'number' }), min: 1, step: 1 }}
					errors={fields.duration.errors}
				/>
				<Field
					label="Category"
					inputProps={getInputProps(fields.category, { type: 'text' })}
					errors={fields.category.errors}
				/>
			</div>
		</FormDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
