import { type VideoJSON } from '#models/video'

/**
 * Uploaded lessons and their streams (docs/decisions/175–178), the part the
 * server and the browser share: where uploads go, how a stream's addresses
 * are spelled, and the words for a lesson's processing state.
 *
 * An uploaded video is named by a random key (32 hexadecimal characters,
 * the upload's id). Its lesson's stored url is the stream's master
 * playlist, `/media/streams/{key}/master.m3u8`; the other addresses follow
 * from it.
 */

/** The tus endpoint: `POST /uploads` starts an upload, `PATCH /uploads/{key}` sends its bytes. */
export const UPLOADS_PATH = '/uploads'

/** The field of the video dialog's form that carries the file without JavaScript. */
export const UPLOAD_FIELD = 'file'

/** What the file picker offers (the server checks the content with ffprobe, never the name). */
export const UPLOAD_ACCEPT = 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.m4v,.mov,.webm,.mkv'

/** The bytes of one upload request (a tus chunk): small enough for a proxy, large enough to be quick. */
export const UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024

export const STREAMS_PATH = '/media/streams'

const KEY = /^[0-9a-f]{32}$/
const MASTER_URL = /^\/media\/streams\/([0-9a-f]{32})\/master\.m3u8$/

export function isMediaKey(value: string): boolean {
	return KEY.test(value)
}

/** The lesson url of an uploaded video: its master playlist. */
export function streamUrl(key: string): string {
	return `${STREAMS_PATH}/${key}/master.m3u8`
}

/** The key of an uploaded video's lesson url, or null for any other url (a file in private/media, another site's). */
export function streamKeyOf(url: string | null | undefined): string | null {
	return (url && MASTER_URL.exec(url)?.[1]) ?? null
}

/** One file for browsers that play neither HLS nor hls.js (and for JavaScript off): the stream's middle rendition. */
export function progressiveUrl(key: string): string {
	return `${STREAMS_PATH}/${key}/progressive.mp4`
}

/** The frame taken from the video: the lesson's thumbnail unless one was given. */
export function posterUrl(key: string): string {
	return `${STREAMS_PATH}/${key}/poster.jpg`
}

export const HLS_TYPE = 'application/vnd.apple.mpegurl'

export const MEDIA_STATES = ['uploaded', 'processing', 'ready', 'failed'] as const
export type MediaState = (typeof MEDIA_STATES)[number]

/** Where a lesson's latest upload is, as the admin panel shows it. */
export interface MediaStatusJSON {
	videoId: number | null
	state: MediaState
	/** 0–100 while processing. */
	percent: number
	/** Why processing failed, in words. */
	error: string | null
	/** The uploaded file's name. */
	fileName: string
}

/** A lesson in the admin panel: with where its latest upload is, when it has one. */
export type AdminVideoJSON = VideoJSON & { media?: MediaStatusJSON | null }

/** 'Uploaded', 'Processing 40%', 'Ready', 'Failed': the state in a word or two. */
export function mediaStateLabel(status: Pick<MediaStatusJSON, 'state' | 'percent'>): string {
	switch (status.state) {
		case 'uploaded':
			return 'Uploaded'
		case 'processing':
			return `Processing ${status.percent}%`
		case 'ready':
			return 'Ready'
		case 'failed':
			return 'Failed'
	}
}

/** '5 GB', '700 MB', '12 KB': a size in the units people use (powers of 1024). */
export function formatBytes(bytes: number): string {
	const units = ['bytes', 'KB', 'MB', 'GB', 'TB']
	let value = bytes
	let unit = 0
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024
		unit += 1
	}
	const shown = unit === 0 || value >= 10 || Number.isInteger(value) ? Math.round(value) : Math.round(value * 10) / 10
	return `${shown} ${units[unit]}`
}

/** The upload limit in the words the dialog and the refusals use. */
export function uploadLimitText(maxBytes: number): string {
	return `MP4, MOV, WebM or MKV, up to ${formatBytes(maxBytes)}`
}

/** What the dialog needs to offer an upload: the limit, or why uploads are off on this server. */
export interface UploadSettings {
	maxBytes: number
	/** The refusal every upload gets while ffmpeg is missing; null when uploads work. */
	unavailable: string | null
}
