import { randomBytes } from 'node:crypto'
import type http from 'node:http'
import path from 'node:path'
import { Server as TusServer } from '@tus/server'
import type express from 'express'
import { type UserJSON } from '#models/index'
import { type AppConfig } from '~/config.server'
import { HLS_TYPE, STREAMS_PATH, UPLOADS_PATH, isMediaKey } from '~/lib/media'
import { ServiceError } from '~/lib/service-error'
import { mediaStorageAt } from '~/platform/media-storage.server'
import { uploadStoreAt } from '~/platform/upload-store.server'
import { acceptUpload, assertMayUpload, uploadTooLarge } from '~/services/media/assets.server'
import { masterPlaylistFor, posterFileFor, progressiveFileFor, signedStreamFile } from '~/services/media/streams.server'
import { getOptionalUserFromCookie } from '~/web/auth.server'
import { MEMBER_FILE_CACHE_CONTROL } from '~/web/member-files.server'
import { RequestRefused } from '#server/errors'

/**
 * Uploaded lessons over HTTP (docs/decisions/175–177), mounted by
 * server/app.ts after the gates and the arrival step:
 *
 * - `/uploads` and `/uploads/{key}`: the tus protocol (@tus/server on the
 *   media storage's incoming folder) for admins and content managers, each
 *   upload its uploader's alone; a finished upload is checked and kept
 *   (`acceptUpload`) before the last request is answered.
 * - `/media/streams/{key}/…`: the master playlist, the single-file fallback
 *   and the poster behind the session gate; renditions' playlists and
 *   segments by signed address.
 */

const TUS_METHODS = new Set(['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'])
const UPLOAD_NOT_FOUND = 'This upload was not found. Choose the file again.'

/** tus answers its refusals in plain text; ours say why in words too. */
function refuse(res: express.Response, status: number, message: string) {
	res.status(status).type('text/plain').set('Tus-Resumable', '1.0.0').send(message)
}

/** A ServiceError as a tus hook throws it: the status and the words the uploader sees. */
const asTusRefusal = (error: ServiceError) => ({ status_code: error.status, body: error.message })

function tusServer(config: AppConfig, uploaderOf: (req: { runtime?: unknown }) => UserJSON) {
	const storage = mediaStorageAt(config.media.dir)
	const datastore = uploadStoreAt(storage.incomingDir)
	return new TusServer({
		path: UPLOADS_PATH,
		datastore,
		maxSize: config.media.maxUploadBytes,
		relativeLocation: true,
		// Our own pages only: no other site is told it may read the answers.
		allowedOrigins: [],
		namingFunction: () => randomBytes(16).toString('hex'),
		// Every request after the first names an upload of this uploader's, or finds none.
		onIncomingRequest: async (req, id) => {
			if (req.method === 'POST') return
			const upload = isMediaKey(id) ? await datastore.getUpload(id).catch(() => null) : null
			if (upload?.metadata?.uploadedBy !== String(uploaderOf(req).id))
				throw { status_code: 404, body: UPLOAD_NOT_FOUND }
		},
		// The uploader is the session's, whatever the metadata says; the file's name and type are kept short.
		onUploadCreate: async (req, upload) => ({
			metadata: {
				filename: (upload.metadata?.filename ?? '').slice(0, 255),
				filetype: (upload.metadata?.filetype ?? '').slice(0, 100),
				uploadedBy: String(uploaderOf(req).id),
			},
		}),
		onUploadFinish: async (req, upload) => {
			try {
				const { url } = await acceptUpload(uploaderOf(req), {
					key: upload.id,
					file: path.join(storage.incomingDir, upload.id),
					originalName: upload.metadata?.filename,
				})
				return { headers: { 'Upload-Video-Url': url } }
			} catch (error) {
				if (error instanceof ServiceError) throw asTusRefusal(error)
				throw error
			} finally {
				// Kept or refused, the upload's bytes have left the incoming folder: its description goes too.
				await datastore.configstore.delete(upload.id).catch(() => {})
			}
		},
		onResponseError: (_req, error) => {
			// The whole file is over MAX_UPLOAD_BYTES: said in its words (a piece longer than the upload declared keeps tus's).
			if ('body' in error && /^Maximum size exceeded/.test(error.body)) return asTusRefusal(uploadTooLarge())
			if (!('status_code' in error)) {
				console.error('Upload failed:', error)
				return { status_code: 500, body: 'The upload failed on the server. Please try again.' }
			}
			return undefined
		},
	})
}

/** The uploads and the streams, on the app. */
export function mountMedia(app: express.Express, config: AppConfig) {
	// Who sent each tus request, for its hooks (they see srvx's request, which keeps Node's).
	const uploaders = new WeakMap<http.IncomingMessage, UserJSON>()
	const uploaderOf = (req: { runtime?: unknown }) => {
		const node = (req.runtime as { node?: { req?: http.IncomingMessage } } | undefined)?.node?.req
		const user = node && uploaders.get(node)
		if (!user) throw { status_code: 401, body: 'Log in to upload videos.' }
		return user
	}
	const tus = tusServer(config, uploaderOf)

	const handleTus: express.RequestHandler = async (req, res, next) => {
		try {
			if (!TUS_METHODS.has(req.method)) return refuse(res, 405, 'Method not allowed')
			if (req.method !== 'OPTIONS') {
				const user = await getOptionalUserFromCookie(req.headers.cookie)
				if (!user) return refuse(res, 401, 'Log in to upload videos.')
				try {
					assertMayUpload(user)
				} catch (error) {
					if (error instanceof ServiceError) return refuse(res, error.status, error.message)
					throw error
				}
				uploaders.set(req, user)
			}
			await tus.handle(req, res)
		} catch (error) {
			next(error)
		}
	}
	app.all([UPLOADS_PATH, `${UPLOADS_PATH}/:key`], handleTus)

	app.get(
		`${STREAMS_PATH}/:key/master.m3u8`,
		refusals(async (req, res) => {
			const user = await getOptionalUserFromCookie(req.headers.cookie)
			const playlist = await masterPlaylistFor(user, req.params.key ?? '')
			// Fresh signatures for this member: never kept by anyone.
			res.set({ 'Content-Type': HLS_TYPE, 'Cache-Control': 'private, no-store', Vary: 'Cookie' }).send(playlist)
		}),
	)
	app.get(`${STREAMS_PATH}/:key/progressive.mp4`, memberFile(progressiveFileFor))
	app.get(`${STREAMS_PATH}/:key/poster.jpg`, memberFile(posterFileFor))
	app.get(
		`${STREAMS_PATH}/:key/:rendition/:file`,
		refusals(async (req, res, next) => {
			const { key = '', rendition = '', file = '' } = req.params
			const answer = await signedStreamFile(key, rendition, file, {
				expires: req.query.expires,
				signature: req.query.signature,
			})
			// The same for everyone holding the address, until it expires: a proxy or CDN may keep it that long.
			const cacheControl = `public, max-age=${answer.maxAgeSeconds}, immutable`
			if (answer.kind === 'playlist') {
				res.set({ 'Content-Type': HLS_TYPE, 'Cache-Control': cacheControl }).send(answer.body)
				return
			}
			sendStreamFile(res, next, answer.file, { 'Cache-Control': cacheControl, 'Content-Type': 'video/mp2t' })
		}),
	)
}

/** A handler whose ServiceErrors become readable refusals (server/errors.ts). */
function refusals(
	handle: (req: express.Request, res: express.Response, next: express.NextFunction) => Promise<void>,
): express.RequestHandler {
	return (req, res, next) =>
		handle(req, res, next).catch((error: unknown) =>
			next(error instanceof ServiceError ? new RequestRefused(error.status, error.message) : error),
		)
}

/** A stream's file behind the session gate, sent with byte ranges like lesson media (docs/decisions/134). */
function memberFile(find: (user: UserJSON | null, key: string) => Promise<string>): express.RequestHandler {
	return refusals(async (req, res, next) => {
		const user = await getOptionalUserFromCookie(req.headers.cookie)
		res.set('Vary', 'Cookie')
		const file = await find(user, req.params.key ?? '')
		sendStreamFile(res, next, file, { 'Cache-Control': MEMBER_FILE_CACHE_CONTROL })
	})
}

/**
 * Sends a stream's file with byte ranges and conditional requests (the
 * `send` package). Its folder is the root, so a dot in MEDIA_DIR's own path
 * (the default `.data/media`) is not taken for a hidden file.
 */
function sendStreamFile(
	res: express.Response,
	next: express.NextFunction,
	file: string,
	headers: Record<string, string>,
) {
	res.sendFile(
		path.basename(file),
		{ root: path.dirname(file), headers, cacheControl: false, dotfiles: 'deny' },
		(error) => {
			if (error && !res.headersSent) next(error)
		},
	)
}

/** A dialog post that carries a video file without JavaScript, or a tus request: past the 1 MB body gate, to limits of their own. */
export function carriesVideoFile(req: express.Request): boolean {
	if (req.path === UPLOADS_PATH || req.path.startsWith(`${UPLOADS_PATH}/`)) return true
	return (
		req.method === 'POST' &&
		/^multipart\/form-data/i.test(req.headers['content-type'] ?? '') &&
		/^\/admin\/videos\/(?:new|\d{1,9}\/edit)$/.test(req.path)
	)
}

/** How long the rest of a refused body is read and thrown away before the connection is cut (nginx's lingering_time). */
const LINGER_MS = 30_000

/**
 * An answer sent before the video it refuses has arrived (too large, not
 * allowed): the rest of the body is read and thrown away, as nginx does, so
 * the client reads the answer and the connection stays usable; a client still
 * sending after half a minute is cut off.
 */
export function drainWhenAnsweredEarly(req: express.Request, res: express.Response) {
	res.once('finish', () => {
		if (req.complete) return
		// Whatever was reading the body (Remix's request stream) is gone: nothing more is kept of it.
		req.removeAllListeners('data')
		req.resume()
		const cut = setTimeout(() => req.socket.destroy(), LINGER_MS).unref()
		req.once('end', () => clearTimeout(cut))
	})
}

/**
 * A video sent in one request can take an hour on a slow line, longer than
 * Node's default limit for a whole request (5 minutes). The limit goes; a
 * connection that sends and receives nothing for two minutes is closed
 * instead (Socket.IO's connections ping every 25 seconds and are unaffected).
 */
export function allowLongUploads(server: http.Server) {
	server.requestTimeout = 0
	server.timeout = 120_000
}
