import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { type ReactNode } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { AdminDialog, AdminDialogErrorBoundary, DialogButtons, useDialogAction } from '~/components/admin/admin-dialog'
import { Field, FormErrors, SelectField, TextareaField, useIsSubmitting } from '~/components/forms'
import { Button, StatusButton } from '~/components/ui/button'
import { ActionToast } from '~/components/ui/toaster'
import { useFormActionToast } from '~/components/form-action-toast'
import { useConformForm } from '~/components/use-conform-form'
import {
	CAPTIONS_DIALOG_INTENTS as INTENTS,
	CAPTION_LANGUAGES,
	captionLanguageName,
	type CaptionLanguage,
} from '~/lib/captions'
import { CaptionsFormSchema, ChaptersFormSchema, RemoveCaptionsSchema } from '~/lib/form-schemas.server'
import { chapterLines } from '~/lib/chapter-lines'
import { requireCatalogueEditor } from '~/routes/admin/__dialogs.server'
import {
	getCaptionsForAdmin,
	removeCaptionTrack,
	saveCaptionTrack,
	saveChapters,
} from '~/services/catalogue/captions.server'
import { readProtectedForm } from '~/web/csrf.server'
import { rethrowAsResponse } from '~/web/errors.server'
import { handleFormSubmission } from '~/web/form.server'
import { jsonError, requireNumericId } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/videos/{id}/captions: a lesson's captions and chapters
 * (docs/decisions/173), drawn over the Content tab like the video's other
 * dialogs. Captions are added or replaced per language, pasted or as a .vtt
 * file, and checked by the WebVTT parser (a refusal names the bad line);
 * chapters are one a line. Admins and content managers.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	const id = requireNumericId(params.id, 'Video')
	return json({ id, ...(await getCaptionsForAdmin(actor, id).catch(rethrowAsResponse)) })
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	const id = requireNumericId(params.id, 'Video')
	const formData = await readProtectedForm(request)
	const url = new URL(request.url)
	// Each form comes back to the dialog, so a second language or the chapters can follow.
	const back = (title: string, description: string) =>
		redirectWithToast(`${url.pathname}${url.search}`, { title, description })
	switch (formData.get('intent')) {
		case INTENTS.saveCaptions:
			return handleFormSubmission({
				request,
				formData,
				intent: INTENTS.saveCaptions,
				schema: CaptionsFormSchema,
				failureTitle: 'Failed to save captions',
				announceInvalid: true,
				onValid: async ({ language, vtt, file }) => {
					const { cueCount } = await saveCaptionTrack(actor, id, {
						language,
						vtt: file ? await file.text() : (vtt ?? ''),
					})
					return back('Captions saved', `${captionLanguageName(language)}: ${cueCount} cues.`)
				},
			})
		case INTENTS.removeCaptions:
			return handleFormSubmission({
				request,
				formData,
				intent: INTENTS.removeCaptions,
				schema: RemoveCaptionsSchema,
				failureTitle: 'Failed to remove captions',
				announceInvalid: true,
				onValid: async ({ language }) => {
					await removeCaptionTrack(actor, id, language)
					return back('Captions removed', `The ${captionLanguageName(language)} captions are gone.`)
				},
			})
		case INTENTS.saveChapters:
			return handleFormSubmission({
				request,
				formData,
				intent: INTENTS.saveChapters,
				schema: ChaptersFormSchema,
				failureTitle: 'Failed to save chapters',
				announceInvalid: true,
				onValid: async ({ chapters }) => {
					await saveChapters(actor, id, chapters)
					return back(
						'Chapters saved',
						chapters.length ? `${chapters.length} chapters.` : 'The lesson has no chapters now.',
					)
				},
			})
	}
	throw jsonError(400, 'This form could not be read. Please reload the page and try again.')
}

export default function CaptionsDialog() {
	const { title, tracks, chapters } = useLoaderData<typeof loader>()
	const toast = useFormActionToast()
	return (
		<AdminDialog title="Captions and chapters" description={title}>
			<div className="space-y-6">
				<Section title="Captions">
					{tracks.length === 0 ? (
						<p className="text-sm text-gray-600">
							No captions yet. Members who watch without sound, or cannot hear, need them to follow the lesson.
						</p>
					) : (
						<ul
							className="divide-y divide-gray-100 rounded-md border border-gray-200"
							aria-label="Captions of this video"
						>
							{tracks.map((track) => (
								<TrackRow key={track.language} {...track} />
							))}
						</ul>
					)}
					{/* A saved file remounts the form: it starts empty again, on the next language. */}
					<CaptionsForm
						key={tracks.map((track) => `${track.language}@${track.updatedAt}`).join()}
						taken={tracks.map((track) => track.language)}
					/>
				</Section>
				<Section title="Chapters">
					<ChaptersForm key={chapterLines(chapters)} />
				</Section>
				<DialogButtons cancelLabel="Done">{null}</DialogButtons>
			</div>
			<ActionToast toast={toast} />
		</AdminDialog>
	)
}

function Section({ title, children }: { title: string; children: ReactNode }) {
	return (
		<section className="space-y-3" aria-label={title}>
			<h3 className="text-base font-semibold text-gray-900">{title}</h3>
			{children}
		</section>
	)
}

function TrackRow({
	language,
	label,
	cueCount,
	src,
}: {
	language: string
	label: string
	cueCount: number
	src: string
}) {
	const pending = useIsSubmitting(INTENTS.removeCaptions)
	return (
		<li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
			<span>
				<span className="font-medium text-gray-900">{label}</span>{' '}
				<span className="text-gray-500">
					({language}) · {cueCount} cues
				</span>
			</span>
			<span className="flex items-center gap-3">
				<a href={src} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline">
					View file<span className="sr-only"> ({label})</span>
				</a>
				<Form method="post" action={useDialogAction()} preventScrollReset>
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value={INTENTS.removeCaptions} />
					<input type="hidden" name="language" value={language} />
					<Button type="submit" variant="link" disabled={pending} className="text-red-700">
						Remove<span className="sr-only"> the {label} captions</span>
					</Button>
				</Form>
			</span>
		</li>
	)
}

function CaptionsForm({ taken }: { taken: readonly CaptionLanguage[] }) {
	const pending = useIsSubmitting(INTENTS.saveCaptions)
	// A new language by default: the first the video has no captions in.
	const language = CAPTION_LANGUAGES.find((option) => !taken.includes(option.code))?.code ?? 'en'
	const [form, fields] = useConformForm({
		id: 'captions',
		schema: () => import('~/lib/caption-schemas').then((m) => m.CaptionsFormSchema),
		intent: INTENTS.saveCaptions,
		defaultValue: { language },
	})
	return (
		<Form
			method="post"
			action={useDialogAction()}
			encType="multipart/form-data"
			preventScrollReset
			className="space-y-3 rounded-md border border-gray-200 bg-gray-50 p-3"
			{...getFormProps(form)}
			aria-label="Add or replace captions"
		>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={INTENTS.saveCaptions} />
			<FormErrors errors={form.errors} />
			<SelectField
				label="Language"
				selectProps={getSelectProps(fields.language)}
				options={CAPTION_LANGUAGES.map((option) => ({
					value: option.code,
					label: `${option.name}${taken.includes(option.code) ? ' (replaces the current captions)' : ''}`,
				}))}
				errors={fields.language.errors}
			/>
			<TextareaField
				label="WebVTT captions"
				help="Paste the file's text, starting with the line WEBVTT, or choose the file below."
				textareaProps={{
					...getTextareaProps(fields.vtt),
					rows: 6,
					spellCheck: false,
					placeholder: 'WEBVTT\n\n00:00.000 --> 00:04.000\nHello, and welcome.',
				}}
				errors={fields.vtt.errors}
			/>
			<Field
				label="Or a .vtt file"
				inputProps={{ ...getInputProps(fields.file, { type: 'file' }), accept: '.vtt,text/vtt' }}
				errors={fields.file.errors}
			/>
			<StatusButton pending={pending} pendingLabel="Saving...">
				Save captions
			</StatusButton>
		</Form>
	)
}

function ChaptersForm() {
	const { chapters } = useLoaderData<typeof loader>()
	const pending = useIsSubmitting(INTENTS.saveChapters)
	const [form, fields] = useConformForm({
		id: 'chapters',
		schema: () => import('~/lib/caption-schemas').then((m) => m.ChaptersFormSchema),
		intent: INTENTS.saveChapters,
		defaultValue: { chapters: chapterLines(chapters) },
	})
	return (
		<Form
			method="post"
			action={useDialogAction()}
			preventScrollReset
			className="space-y-3"
			{...getFormProps(form)}
			aria-label="Chapters"
		>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={INTENTS.saveChapters} />
			<FormErrors errors={form.errors} />
			<TextareaField
				label="Chapters, one a line"
				help="Each line: the start time and the title, such as 0:00 Introduction. Leave it empty for none."
				textareaProps={{
					...getTextareaProps(fields.chapters),
					rows: 6,
					spellCheck: false,
					placeholder: '0:00 Introduction\n2:30 The first idea',
				}}
				errors={fields.chapters.errors}
			/>
			<StatusButton pending={pending} pendingLabel="Saving...">
				Save chapters
			</StatusButton>
		</Form>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
