import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { UPLOAD_FIELD } from '~/lib/media'
import { ServiceError } from '~/lib/service-error'
import { acceptUpload, assertMayUpload, mediaStorage, uploadTooLarge } from '~/services/media/assets.server'
import { type Actor } from '~/services/permissions.server'
import { requireCsrfToken, readProtectedForm } from '~/web/csrf.server'
import {
	BODY_TOO_LARGE,
	FORM_UNREADABLE,
	MAX_FORM_BODY_BYTES,
	jsonError,
	requirePlainFieldNames,
} from '~/web/http.server'
import { mediaTypeOf } from '~/web/origin.server'

/**
 * A dialog form that can carry a video file (docs/decisions/175): without
 * JavaScript the file comes in the form itself, `multipart/form-data`, in
 * one request of up to MAX_UPLOAD_BYTES. It is streamed to a file in the
 * media storage's incoming folder as it arrives (never held in memory), and
 * refused (413) the moment it passes the limit; the form's other fields get
 * the limits every form has. Then, as for any form, the CSRF token, and the
 * file is checked and kept (`acceptUpload`): its address goes into the field
 * `fills`, and a refusal (not a video) comes back to be shown on the file
 * field. A form without a file (or sent urlencoded) is read as usual.
 *
 * server/app.ts lets these posts past its 1 MB body gate, and reads and
 * throws away the rest of a body refused part-way (server/media.ts,
 * `carriesVideoFile`, `drainWhenAnsweredEarly`).
 */
export async function readFormWithVideoFile(
	request: Request,
	actor: Actor,
	fills: string,
): Promise<{ formData: FormData; refusal: ServiceError | null }> {
	if (mediaTypeOf(request.headers.get('Content-Type')) !== 'multipart/form-data')
		return { formData: await readProtectedForm(request), refusal: null }
	const { maxUploadBytes } = getConfig().media
	let file: { path: string; name: string } | null = null
	let fieldBytes = 0

	const handler: UploadHandler = async ({ name, filename, data }) => {
		if (filename === undefined) {
			// A field of the form: together, no larger than any form's.
			const chunks: Uint8Array[] = []
			for await (const chunk of data) {
				fieldBytes += chunk.byteLength
				if (fieldBytes > MAX_FORM_BODY_BYTES) throw jsonError(413, BODY_TOO_LARGE)
				chunks.push(chunk)
			}
			return Buffer.concat(chunks).toString('utf8')
		}
		if (name !== UPLOAD_FIELD || file) throw jsonError(400, FORM_UNREADABLE)
		// No file chosen: the browser sends an empty part with an empty name.
		if (filename === '') {
			for await (const _chunk of data) void _chunk
			return undefined
		}
		// Refused before a byte is kept: a member, or a server without ffmpeg.
		try {
			assertMayUpload(actor)
		} catch (error) {
			if (error instanceof ServiceError) throw jsonError(error.status, error.message)
			throw error
		}
		const target = await mediaStorage().newIncomingFile()
		file = { path: target, name: filename }
		let size = 0
		await pipeline(
			data,
			async function* (source: AsyncIterable<Uint8Array>) {
				for await (const chunk of source) {
					size += chunk.byteLength
					if (size > maxUploadBytes) throw jsonError(413, uploadTooLarge(maxUploadBytes).message)
					yield chunk
				}
			},
			fs.createWriteStream(target, { flags: 'wx' }),
		)
		return undefined
	}

	let formData: FormData
	try {
		formData = await unstable_parseMultipartFormData(request, handler)
		requirePlainFieldNames(formData.keys())
		await requireCsrfToken(request, formData)
	} catch (error) {
		const received = file as { path: string } | null
		if (received) await fs.promises.rm(received.path, { force: true })
		// The parser's own complaint (a body that is not multipart after all, a part cut short) is a form we cannot read.
		if (error instanceof TypeError || (error instanceof Error && error.message.startsWith('malformed multipart')))
			throw jsonError(400, FORM_UNREADABLE)
		throw error
	}
	const received = file as { path: string; name: string } | null
	if (!received) return { formData, refusal: null }
	try {
		const { url } = await acceptUpload(actor, {
			key: randomBytes(16).toString('hex'),
			file: received.path,
			originalName: received.name,
		})
		formData.set(fills, url)
		return { formData, refusal: null }
	} catch (error) {
		if (error instanceof ServiceError) return { formData, refusal: error }
		throw error
	}
}
