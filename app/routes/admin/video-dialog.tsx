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
import { VideoSchema } from '~/lib/admin-schemas'
import { createVideo, getVideo, updateVideo } from '~/services/videos.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** /admin/videos/new and /admin/videos/:id/edit: the Add Video and Edit Video dialogs (SPEC §2 "Content"). */
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
	const actionData = useActionData<typeof action>()
	const hydrated = useHydrated()
	const pending = useIsSubmitting('save-video')
	const [form, fields] = useForm({
		id: video ? `video-${video.id}` : 'video-new',
		lastResult: actionData?.result,
		defaultValue: video
			? { title: video.title, description: video.description, url: video.url, thumbnail: video.thumbnail, duration: video.duration, category: video.category }
			: undefined,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: VideoSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	// SPEC §2: submit stays disabled while title or url is empty (with JavaScript; without it the server says so).
	const incomplete = !fields.title.value?.trim() || !fields.url.value?.trim()

	return (
		<AdminDialog title={video ? 'Edit Video' : 'Add Video'} description={video ? 'Change the details of this video.' : 'Add a video lesson to the content library.'}>
			<Form method="post" action={useDialogAction()} preventScrollReset className="space-y-4" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="save-video" />
				<FormErrors errors={form.errors} />
				<Field label="Title" inputProps={{ ...getInputProps(fields.title, { type: 'text' }), autoFocus: true }} errors={fields.title.errors} />
				<TextareaField label="Description" textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }} errors={fields.description.errors} />
				<Field
					label="URL"
					inputProps={{ ...getInputProps(fields.url, { type: 'text' }), placeholder: '/media/lesson.mp4 or https://...', inputMode: 'url' }}
					errors={fields.url.errors}
				/>
				<Field
					label="Thumbnail"
					inputProps={{ ...getInputProps(fields.thumbnail, { type: 'text' }), placeholder: 'https://... (optional)', inputMode: 'url' }}
					errors={fields.thumbnail.errors}
				/>
				<div className="grid gap-4 sm:grid-cols-2">
					<Field
						label="Duration (minutes)"
						inputProps={{ ...getInputProps(fields.duration, { type: 'number' }), min: 1, step: 1 }}
						errors={fields.duration.errors}
					/>
					<Field label="Category" inputProps={getInputProps(fields.category, { type: 'text' })} errors={fields.category.errors} />
				</div>
				<DialogButtons>
					<StatusButton pending={pending} pendingLabel="Saving..." disabled={hydrated && incomplete}>
						{video ? 'Save Changes' : 'Add Video'}
					</StatusButton>
				</DialogButtons>
			</Form>
			<ActionToast toast={actionData?.toast} />
		</AdminDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
