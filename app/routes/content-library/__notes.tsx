import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useRef } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { type NoteJSON } from '#models/index'
import { Field, FormErrors, TextareaField, useIsSubmitting } from '~/components/forms'
import { Button, ButtonLink, StatusButton } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { useConformForm } from '~/components/use-conform-form'
import { NOTE_INTENTS, NOTE_MAX_LENGTH } from '~/lib/notes'
import { formatLessonTime } from '~/lib/transcripts'
import { TimeLink, type Seek } from '~/routes/content-library/__lesson-text'

/**
 * The member's notes on this lesson, beside the player (product §2 "Video
 * page", docs/decisions/172): a form to add one at a time of the lesson
 * (with JavaScript the time is where the video is when the member starts
 * writing; without it they type it), then the notes in time order, each a
 * link that seeks there, with Edit (`?note={id}` opens its form, so it works
 * without JavaScript) and Delete. Only the member sees them.
 */
export function NotesPanel({
	videoId,
	notes,
	editing,
	startAt,
	seek,
	currentTime,
}: {
	videoId: number
	notes: readonly NoteJSON[]
	/** The note whose edit form is open (`?note=`), or null. */
	editing: number | null
	/** `?t=`: a new note starts at the time the page was opened at. */
	startAt: number | null
	seek: Seek
	/** Where the video is now (with JavaScript). */
	currentTime: () => number | null
}) {
	// The page hands over its seek at once (a lazy island's props keep their identity, decision 254); the
	// time links seek only once this part has hydrated, and are plain links to `?t=` before.
	const canSeek = useHydrated() ? seek : null
	return (
		<Card id="notes" className="scroll-mt-20">
			<CardHeader>
				<CardTitle>My Notes</CardTitle>
			</CardHeader>
			<CardContent className="space-y-4">
				<p className="text-sm text-gray-600">Private notes at times in this lesson. Only you can read them.</p>
				{/* A saved note remounts the form: it starts empty again. */}
				<AddNoteForm key={notes.map((note) => note.id).join()} startAt={startAt} currentTime={currentTime} />
				{notes.length === 0 ? (
					<p className="text-sm text-gray-500">No notes on this lesson yet.</p>
				) : (
					<ol className="space-y-3" aria-label="Your notes on this lesson">
						{notes.map((note) =>
							note.id === editing ? (
								<li key={note.id} id={`note-${note.id}`} className="scroll-mt-20">
									<EditNoteForm videoId={videoId} note={note} />
								</li>
							) : (
								<NoteItem key={note.id} videoId={videoId} note={note} seek={canSeek} />
							),
						)}
					</ol>
				)}
				<p className="text-sm">
					<Link to="/notes" className="font-medium text-brand-700 hover:underline">
						All my notes
					</Link>
				</p>
			</CardContent>
		</Card>
	)
}

function AddNoteForm({ startAt, currentTime }: { startAt: number | null; currentTime: () => number | null }) {
	const hydrated = useHydrated()
	const pending = useIsSubmitting(NOTE_INTENTS.add)
	// Once the member has set the time by hand, the player no longer fills it in.
	const timeSetByHand = useRef(false)
	const [form, fields] = useConformForm({
		id: 'note-new',
		schema: () => import('~/lib/note-schemas').then((m) => m.NoteFormSchema),
		intent: NOTE_INTENTS.add,
		defaultValue: { time: formatLessonTime(startAt ?? 0) },
	})
	function stampWithPlayerTime() {
		const seconds = currentTime()
		const input = document.getElementById(fields.time.id)
		if (seconds === null || timeSetByHand.current || !(input instanceof HTMLInputElement)) return
		input.value = formatLessonTime(seconds)
	}
	return (
		<Form method="post" preventScrollReset className="space-y-3" {...getFormProps(form)}>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={NOTE_INTENTS.add} />
			<FormErrors errors={form.errors} />
			<TextareaField
				label="New note"
				textareaProps={{
					...getTextareaProps(fields.text),
					rows: 3,
					maxLength: NOTE_MAX_LENGTH,
					onFocus: stampWithPlayerTime,
				}}
				errors={fields.text.errors}
			/>
			<div className="flex items-end gap-3">
				<div className="w-28">
					<Field
						label="At time"
						inputProps={{
							...getInputProps(fields.time, { type: 'text' }),
							inputMode: 'numeric',
							placeholder: '1:05',
							onInput: () => {
								timeSetByHand.current = true
							},
						}}
						errors={fields.time.errors}
					/>
				</div>
				<StatusButton pending={pending} pendingLabel="Saving..." className="flex-1">
					Add Note
				</StatusButton>
			</div>
			<p className="text-xs text-gray-500">
				{hydrated
					? 'The time is where the video is when you start writing; change it if you like.'
					: 'Type the time in the lesson the note is about, such as 1:05.'}
			</p>
		</Form>
	)
}

function NoteItem({ videoId, note, seek }: { videoId: number; note: NoteJSON; seek: Seek }) {
	const pending = useIsSubmitting(NOTE_INTENTS.remove)
	const time = formatLessonTime(note.atSeconds)
	return (
		<li id={`note-${note.id}`} className="scroll-mt-20 rounded-md border border-gray-200 p-3 text-sm">
			<TimeLink
				videoId={videoId}
				seconds={note.atSeconds}
				seek={seek}
				className="inline-block py-1 font-mono font-medium tabular-nums text-brand-700 hover:underline"
			>
				<span className="sr-only">Play from </span>
				{time}
			</TimeLink>
			<p className="mt-1 whitespace-pre-wrap break-words text-gray-800">{note.text}</p>
			<div className="mt-2 flex items-center gap-3">
				<Link
					to={`/content-library/${videoId}?note=${note.id}#note-${note.id}`}
					preventScrollReset
					aria-label={`Edit the note at ${time}`}
					className="inline-block py-1 font-medium text-brand-700 hover:underline"
				>
					Edit
				</Link>
				<Form method="post" preventScrollReset>
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value={NOTE_INTENTS.remove} />
					<input type="hidden" name="noteId" value={note.id} />
					<Button
						type="submit"
						variant="link"
						disabled={pending}
						aria-label={`Delete the note at ${time}`}
						className="py-1 text-red-700"
					>
						Delete
					</Button>
				</Form>
			</div>
		</li>
	)
}

function EditNoteForm({ videoId, note }: { videoId: number; note: NoteJSON }) {
	const pending = useIsSubmitting(NOTE_INTENTS.edit)
	const [form, fields] = useConformForm({
		id: `note-${note.id}-edit`,
		schema: () => import('~/lib/note-schemas').then((m) => m.EditNoteFormSchema),
		intent: NOTE_INTENTS.edit,
		defaultValue: { noteId: String(note.id), time: formatLessonTime(note.atSeconds), text: note.text },
	})
	return (
		<Form
			method="post"
			preventScrollReset
			className="space-y-3 rounded-md border border-brand-200 bg-brand-50 p-3"
			{...getFormProps(form)}
			aria-label={`Edit the note at ${formatLessonTime(note.atSeconds)}`}
		>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={NOTE_INTENTS.edit} />
			<input type="hidden" name="noteId" value={note.id} />
			<FormErrors errors={form.errors} />
			<TextareaField
				label="Note"
				textareaProps={{ ...getTextareaProps(fields.text), rows: 4, maxLength: NOTE_MAX_LENGTH, autoFocus: true }}
				errors={fields.text.errors}
			/>
			<div className="flex items-end gap-3">
				<div className="w-28">
					<Field
						label="At time"
						inputProps={{ ...getInputProps(fields.time, { type: 'text' }), inputMode: 'numeric' }}
						errors={fields.time.errors}
					/>
				</div>
				<ButtonLink to={`/content-library/${videoId}#note-${note.id}`} preventScrollReset variant="secondary">
					Cancel
				</ButtonLink>
				<StatusButton pending={pending} pendingLabel="Saving...">
					Save
				</StatusButton>
			</div>
		</Form>
	)
}
