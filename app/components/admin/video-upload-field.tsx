import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Field, type ListOfErrors } from '~/components/forms'
import { ProgressBar } from '~/components/ui/progress-bar'
import {
	UPLOADS_PATH,
	UPLOAD_ACCEPT,
	UPLOAD_CHUNK_BYTES,
	UPLOAD_FIELD,
	formatBytes,
	mediaStateLabel,
	streamUrl,
	uploadLimitText,
	type MediaStatusJSON,
	type UploadSettings,
} from '~/lib/media'
import { type Upload } from 'tus-js-client'

type Progress =
	| { phase: 'idle' }
	| { phase: 'uploading'; fileName: string; percent: number }
	| { phase: 'uploaded'; fileName: string }
	| { phase: 'failed'; message: string }

/** Waits between tries after a dropped connection: the upload goes on from where it stopped. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000]

/**
 * The video dialog's file field (docs/decisions/175). Without JavaScript it
 * is a plain file input sent with the (multipart) form in one request. With
 * JavaScript the file goes at once, in resumable pieces (tus, through
 * tus-js-client, loaded only when a file is chosen) with a progress bar: a
 * dropped connection is retried from where it stopped, and an upload cut off
 * by a reload resumes when the same file is chosen again. Once it has
 * arrived, `onUploaded` puts its address in the URL field, and saving the
 * dialog gives the lesson that video.
 */
export function VideoUploadField({
	label,
	errors,
	settings,
	current,
	onUploaded,
	onBusy,
}: {
	label: string
	errors: ListOfErrors
	/** The limit, or why uploads are off on this server; null when the dialog has no upload. */
	settings: UploadSettings | null
	/** The lesson's latest upload, in the edit dialog. */
	current: MediaStatusJSON | null
	onUploaded: (url: string) => void
	/** True while a file is on its way: the dialog's save waits for it. */
	onBusy: (busy: boolean) => void
}) {
	const hydrated = useHydrated()
	const [progress, setProgress] = useState<Progress>({ phase: 'idle' })
	const upload = useRef<Upload | null>(null)
	// A dialog closed mid-upload stops sending; the part already sent waits a day to be resumed.
	useEffect(() => () => void upload.current?.abort(), [])
	const unavailable = settings?.unavailable ?? null
	const maxBytes = settings?.maxBytes ?? 0

	async function send(file: File) {
		if (file.size > maxBytes) {
			setProgress({
				phase: 'failed',
				message: `This file is larger than ${formatBytes(maxBytes)}, the largest video this server takes.`,
			})
			return
		}
		setProgress({ phase: 'uploading', fileName: file.name, percent: 0 })
		onBusy(true)
		const { Upload } = await import('tus-js-client')
		const sending: Upload = new Upload(file, {
			endpoint: UPLOADS_PATH,
			chunkSize: UPLOAD_CHUNK_BYTES,
			retryDelays: RETRY_DELAYS_MS,
			metadata: { filename: file.name, filetype: file.type },
			removeFingerprintOnSuccess: true,
			// A refusal (not a video, no permission, no ffmpeg here) is final; a lost connection or a server hiccup is not.
			onShouldRetry: (error) => {
				const status = error.originalResponse?.getStatus() ?? 0
				return status === 0 || status === 409 || status === 423 || (status >= 500 && status !== 503)
			},
			onProgress: (sent, total) =>
				setProgress({ phase: 'uploading', fileName: file.name, percent: Math.floor((sent / total) * 100) }),
			onError: (error) => {
				onBusy(false)
				const body = 'originalResponse' in error ? error.originalResponse?.getBody().trim() : ''
				setProgress({
					phase: 'failed',
					message: body && body.length < 300 ? body : 'The upload failed. Check your connection and try again.',
				})
			},
			onSuccess: () => {
				onBusy(false)
				const key = sending.url?.split('/').pop() ?? ''
				onUploaded(streamUrl(key))
				setProgress({ phase: 'uploaded', fileName: file.name })
			},
		})
		upload.current = sending
		const earlier = await sending.findPreviousUploads()
		if (earlier[0]) sending.resumeFromPreviousUpload(earlier[0])
		sending.start()
	}

	function chosen(event: ChangeEvent<HTMLInputElement>) {
		const file = event.currentTarget.files?.[0]
		if (hydrated && file) void send(file)
	}

	function cancel() {
		void upload.current?.abort(true)
		upload.current = null
		onBusy(false)
		setProgress({ phase: 'idle' })
	}

	const help = unavailable ?? `${uploadLimitText(maxBytes)}. Members see the lesson once it is prepared for streaming.`
	const failure = progress.phase === 'failed' ? [progress.message] : []
	return (
		<div className="space-y-2">
			<Field
				label={label}
				errors={[...(errors ?? []), ...failure]}
				help={help}
				inputProps={{
					type: 'file',
					accept: UPLOAD_ACCEPT,
					// With JavaScript the file goes by tus, not with the form.
					name: hydrated ? undefined : UPLOAD_FIELD,
					disabled: unavailable !== null || progress.phase === 'uploading',
					onChange: chosen,
				}}
			/>
			{progress.phase === 'uploading' ? (
				<div className="flex items-center gap-3">
					<div className="flex-1">
						<ProgressBar value={progress.percent} label={`Uploading ${progress.fileName}`} />
					</div>
					<button
						type="button"
						onClick={cancel}
						className="rounded-md border border-gray-300 bg-white px-2 py-1 text-xs font-semibold text-gray-700 shadow-sm hover:bg-gray-50"
					>
						Cancel upload
					</button>
				</div>
			) : null}
			<p role="status" className="text-sm text-gray-700">
				{progress.phase === 'uploading'
					? `Uploading ${progress.fileName}: ${progress.percent}%`
					: progress.phase === 'uploaded'
						? `Uploaded ${progress.fileName}. Save to add it to the lesson.`
						: current
							? `Current upload: ${current.fileName} (${mediaStateLabel(current)}).`
							: null}
			</p>
		</div>
	)
}
