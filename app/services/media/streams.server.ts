import { MediaAssetModel, type MediaAsset, type UserJSON } from '#models/index'
import { getConfig } from '~/config.server'
import { STREAMS_PATH, isMediaKey, streamUrl } from '~/lib/media'
import { ServiceError, notFound } from '~/lib/service-error'
import { checkSignedPath, deriveSigningKey, signPath } from '~/platform/signed-urls.server'
import { assertMayPlay, assertMember } from '~/services/catalogue/member-files.server'
import { mediaStorage } from '~/services/media/assets.server'

/**
 * Playing an uploaded lesson (docs/decisions/177). The master playlist and
 * the single-file fallback pass the same gate as lesson media
 * (member-files.server.ts: logged in, and Premium for a Premium lesson). The
 * master playlist names each rendition's playlist by a short-lived signed
 * address, and each rendition's playlist its segments the same way, so a
 * proxy or CDN may keep those answers without the session cookie, and
 * nobody reaches a segment without having been let through the gate.
 */

const RENDITION = /^\d{2,4}p$/
const SEGMENT = /^seg_\d{5}\.ts$/
const PLAYLIST = 'index.m3u8'

export const STREAM_ADDRESS_INVALID = 'This address is not valid. Open the lesson again to watch it.'
export const STREAM_ADDRESS_EXPIRED = 'This address has expired. Open the lesson again to keep watching.'

/** Signed addresses last at least this long, and twice the video for a long one (a member who pauses still finishes it). */
const SIGNED_FOR_SECONDS = 2 * 60 * 60
/** Expiries are rounded up to this step, so everyone who starts a lesson within it is given the same addresses. */
const EXPIRY_STEP_SECONDS = 15 * 60

/** What stream addresses' key is derived for, from SESSION_SECRET: it signs nothing else. */
export const STREAM_SIGNING_PURPOSE = 'media-streams'

let signingKey: { secret: string; key: Buffer } | null = null
/** The key that signs stream addresses. */
function streamSigningKey(): Buffer {
	const secret = getConfig().sessionSecret
	if (signingKey?.secret !== secret) signingKey = { secret, key: deriveSigningKey(secret, STREAM_SIGNING_PURPOSE) }
	return signingKey.key
}

/** Until when (Unix seconds) addresses handed out now for a video of this length stay good. */
export function signedUntil(durationSeconds: number, now = Date.now()): number {
	const lasting = Math.max(SIGNED_FOR_SECONDS, Math.ceil(durationSeconds * 2))
	return Math.ceil((now / 1000 + lasting) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS
}

async function readyAsset(key: string): Promise<MediaAsset> {
	const asset = isMediaKey(key) ? await MediaAssetModel.findOne({ key, state: 'ready' }).lean<MediaAsset>() : null
	if (!asset) throw notFound('File not found')
	return asset
}

/**
 * The master playlist of lesson stream `key` for this member: every
 * rendition with its bandwidth, size and codecs (players pick one by the
 * bandwidth they measure), each named by a signed address.
 */
export async function masterPlaylistFor(user: UserJSON | null, key: string, now = Date.now()): Promise<string> {
	if (!isMediaKey(key)) throw notFound('File not found')
	await assertMayPlay(user, streamUrl(key))
	const asset = await readyAsset(key)
	const expires = signedUntil(asset.durationSeconds, now)
	const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS']
	for (const rendition of asset.renditions) {
		lines.push(
			`#EXT-X-STREAM-INF:BANDWIDTH=${rendition.bandwidth},AVERAGE-BANDWIDTH=${rendition.averageBandwidth},` +
				`RESOLUTION=${rendition.width}x${rendition.height},CODECS="${rendition.codecs}"`,
			signPath(`${STREAMS_PATH}/${key}/${rendition.name}/${PLAYLIST}`, expires, streamSigningKey()),
		)
	}
	return `${lines.join('\n')}\n`
}

/** The single file (`progressive.mp4`) of lesson stream `key`, for browsers without HLS or JavaScript: the same gate. */
export async function progressiveFileFor(user: UserJSON | null, key: string): Promise<string> {
	if (!isMediaKey(key)) throw notFound('File not found')
	await assertMayPlay(user, streamUrl(key))
	return streamFile(key, 'progressive.mp4')
}

/**
 * The frame taken from an uploaded video: any logged-in member, like a
 * thumbnail (the library shows a locked lesson's picture too).
 */
export async function posterFileFor(user: UserJSON | null, key: string): Promise<string> {
	assertMember(user)
	await readyAsset(key)
	return streamFile(key, 'poster.jpg')
}

async function streamFile(key: string, file: string): Promise<string> {
	const found = await mediaStorage().locateStreamFile(key, file)
	if (!found) throw notFound('File not found')
	return found.file
}

/** What a signed address answers: a rendition's playlist (its segments signed alike) or a segment's file. */
export type SignedStreamAnswer =
	{ kind: 'playlist'; body: string; maxAgeSeconds: number } | { kind: 'segment'; file: string; maxAgeSeconds: number }

/**
 * A rendition's playlist or segment by its signed address: no session
 * needed, the signature is the permission. A name that is no file of a
 * stream is 404; a signature that is not this path's, or has expired, 403.
 */
export async function signedStreamFile(
	key: string,
	rendition: string,
	file: string,
	query: { expires: unknown; signature: unknown },
	now = Date.now(),
): Promise<SignedStreamAnswer> {
	if (!isMediaKey(key) || !RENDITION.test(rendition) || !(file === PLAYLIST || SEGMENT.test(file)))
		throw notFound('File not found')
	const path = `${STREAMS_PATH}/${key}/${rendition}/${file}`
	const check = checkSignedPath(path, query.expires, query.signature, streamSigningKey(), now)
	if (check !== 'valid')
		throw new ServiceError(check === 'expired' ? STREAM_ADDRESS_EXPIRED : STREAM_ADDRESS_INVALID, 403)
	const expires = Number(query.expires)
	const maxAgeSeconds = Math.max(0, Math.floor(expires - now / 1000))
	if (file !== PLAYLIST) return { kind: 'segment', file: await streamFile(key, `${rendition}/${file}`), maxAgeSeconds }
	const playlist = await mediaStorage().readStreamText(key, `${rendition}/${PLAYLIST}`)
	if (playlist === null) throw notFound('File not found')
	// The segments keep the playlist's expiry: the playlist is the same for everyone who holds its address.
	const body = playlist
		.split('\n')
		.map((line) =>
			SEGMENT.test(line.trim())
				? signPath(`${STREAMS_PATH}/${key}/${rendition}/${line.trim()}`, expires, streamSigningKey())
				: line,
		)
		.join('\n')
	return { kind: 'playlist', body, maxAgeSeconds }
}
