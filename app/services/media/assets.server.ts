import fs from 'node:fs/promises'
import mongoose from 'mongoose'
import { MediaAssetModel, UserModel, nextId, type MediaAsset } from '#models/index'
import { getConfig } from '~/config.server'
import { ServerToClient } from '~/lib/live-events'
import {
	UPLOAD_FIELD,
	formatBytes,
	isMediaKey,
	streamUrl,
	type MediaStatusJSON,
	type UploadSettings,
} from '~/lib/media'
import { ServiceError, notFound } from '~/lib/service-error'
import { runJobSoon } from '~/platform/jobs.server'
import { live } from '~/platform/live.server'
import { mediaStorageAt, type MediaStorage } from '~/platform/media-storage.server'
import { mediaToolsMissing, probeMedia, type ProbeResult } from '~/platform/media-tools.server'
import { CONTENT_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

/**
 * Uploaded videos (docs/decisions/175): who may upload, what is accepted
 * (a video ffprobe can read in an MP4, MOV, WebM or MKV file, checked by
 * content, never by name), what is kept of it (nothing, when it is refused),
 * and the record each accepted file gets (models/media-asset.ts) until the
 * processing job (processing.server.ts) has turned it into a stream.
 */

/** The job that transcodes uploads (processing.server.ts); named here so an accepted upload can wake it. */
export const MEDIA_JOB = 'media-processing'

export const NOT_A_VIDEO = 'This file is not a video we can use. Upload an MP4, MOV, WebM or MKV video.'
export const UPLOAD_NOT_FOUND = 'No uploaded video has this address. Upload the file again.'

/** The store at MEDIA_DIR (docs/decisions/178). */
export function mediaStorage(): MediaStorage {
	return mediaStorageAt(getConfig().media.dir)
}

/** What the video dialog says under its file field, and whether it may offer one. */
export function uploadSettings(): UploadSettings {
	return { maxBytes: getConfig().media.maxUploadBytes, unavailable: mediaToolsMissing() }
}

export function uploadTooLarge(maxBytes = getConfig().media.maxUploadBytes): ServiceError {
	return new ServiceError(
		`This file is larger than ${formatBytes(maxBytes)}, the largest video this server takes.`,
		413,
		UPLOAD_FIELD,
	)
}

/** Admins and content managers only (403), and only while ffmpeg is there to process what they send (503, saying so). */
export function assertMayUpload(actor: Actor): void {
	assertActorRole(actor, CONTENT_ADMIN_ROLES)
	const missing = mediaToolsMissing()
	if (missing) throw new ServiceError(missing, 503, UPLOAD_FIELD)
}

/** What an accepted file is, as the job needs it. */
interface VideoFacts {
	container: MediaAsset['container']
	sourceWidth: number
	sourceHeight: number
	hasAudio: boolean
	durationSeconds: number
}

/**
 * A video we can stream, from what ffprobe says: an MP4/MOV (the `mov`
 * demuxer) or WebM/MKV (`matroska`) container, with a moving picture (not a
 * cover image) of some size, lasting some time. Anything else is null.
 */
function videoFacts(probe: ProbeResult): VideoFacts | null {
	const formats = (probe.format.format_name ?? '').split(',')
	const container = formats.includes('mov') ? 'mov' : formats.includes('matroska') ? 'matroska' : null
	const picture = probe.streams.find(
		(stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
	)
	const durationSeconds = Number(probe.format.duration ?? picture?.duration)
	if (!container || !picture?.width || !picture.height || !(durationSeconds > 0) || !Number.isFinite(durationSeconds))
		return null
	const rotation = Math.abs(
		Number(picture.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? picture.tags?.rotate ?? 0),
	)
	const quarterTurn = rotation % 180 === 90
	return {
		container,
		sourceWidth: quarterTurn ? picture.height : picture.width,
		sourceHeight: quarterTurn ? picture.width : picture.height,
		hasAudio: probe.streams.some((stream) => stream.codec_type === 'audio'),
		durationSeconds,
	}
}

/** The uploaded file's name as the admin panel shows it: its last part, printable, at most 200 characters. */
function displayName(name: string | null | undefined): string {
	const base = (name ?? '').split(/[/\\]/).pop() ?? ''
	// eslint-disable-next-line no-control-regex -- the point is to drop them
	const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
	return printable.slice(0, 200) || 'video'
}

/**
 * Takes a file that has arrived in full (a tus upload, a form's file): checks
 * it with ffprobe, keeps it as the source of a new asset named `key`, and
 * wakes the processing job. A file that is not a video we can use is deleted
 * and refused (415), so nothing of it is kept. The caller has checked the
 * actor with `assertMayUpload` before taking the bytes; it is checked again
 * here, as every service does.
 */
export async function acceptUpload(
	actor: Actor,
	upload: { key: string; file: string; originalName: string | null | undefined },
): Promise<{ key: string; url: string }> {
	try {
		assertMayUpload(actor)
		if (!isMediaKey(upload.key)) throw new ServiceError('This upload has no valid name.', 400, UPLOAD_FIELD)
		const [stats, probe] = await Promise.all([fs.stat(upload.file), probeMedia(upload.file, getConfig().media)])
		const facts = probe && videoFacts(probe)
		if (!facts) throw new ServiceError(NOT_A_VIDEO, 415, UPLOAD_FIELD)
		await mediaStorage().keepSource(upload.key, upload.file)
		const now = new Date()
		await MediaAssetModel.create({
			id: await nextId('mediaAssets'),
			key: upload.key,
			videoId: null,
			state: 'uploaded',
			percent: 0,
			error: null,
			originalName: displayName(upload.originalName),
			size: stats.size,
			...facts,
			renditions: [],
			attempts: 0,
			holder: null,
			lockedUntil: new Date(0),
			createdBy: actor.id,
			createdAt: now,
			updatedAt: now,
			readyAt: null,
		})
	} catch (error) {
		// Refused or failed: nothing of the file stays (a kept source is the asset's from here on).
		await fs.rm(upload.file, { force: true })
		throw error
	}
	// Processing starts now, while the admin fills in the rest of the dialog.
	runJobSoon(MEDIA_JOB)
	return { key: upload.key, url: streamUrl(upload.key) }
}

/**
 * The asset a lesson url names for `actor` to attach to video `videoId`: one
 * they uploaded themselves that no lesson has yet, or the one this video
 * already has. Anything else is refused, so a url cannot borrow another
 * lesson's stream or guess an upload.
 */
export async function findAttachableAsset(actor: Actor, videoId: number | null, key: string): Promise<MediaAsset> {
	const asset = isMediaKey(key) ? await MediaAssetModel.findOne({ key }).lean<MediaAsset>() : null
	const attachable =
		asset && (asset.videoId === null ? asset.createdBy === actor.id : videoId !== null && asset.videoId === videoId)
	if (!asset || !attachable) throw new ServiceError(UPLOAD_NOT_FOUND, 400, 'url')
	return asset
}

/** Gives an unattached asset its lesson; answers the asset as it now stands (its state may have moved on meanwhile). */
export async function attachAsset(key: string, videoId: number): Promise<MediaAsset | null> {
	const attached = await MediaAssetModel.findOneAndUpdate(
		{ key, videoId: null },
		{ $set: { videoId, updatedAt: new Date() } },
		{ new: true },
	).lean<MediaAsset>()
	return attached ?? MediaAssetModel.findOne({ key, videoId }).lean<MediaAsset>()
}

export function statusOf(asset: MediaAsset): MediaStatusJSON {
	return {
		videoId: asset.videoId,
		state: asset.state,
		percent: asset.percent,
		error: asset.error,
		fileName: asset.originalName,
	}
}

/** Each video's latest upload, by video id: what the admin table shows beside it. */
export async function latestUploadsOf(videoIds: number[]): Promise<Map<number, MediaStatusJSON>> {
	if (videoIds.length === 0) return new Map()
	const assets = await MediaAssetModel.find({ videoId: mongoose.trusted({ $in: videoIds }) })
		.sort({ id: 1 })
		.lean<MediaAsset[]>()
	// Sorted oldest first, so the latest of each video is the one left in the map.
	return new Map(assets.map((asset) => [asset.videoId!, statusOf(asset)]))
}

/** The staff who may be looking at the admin table (admins and content managers). */
export async function staffIds(): Promise<number[]> {
	const staff = await UserModel.find({ role: mongoose.trusted({ $in: [...CONTENT_ADMIN_ROLES] }) })
		.select('id')
		.lean<Array<{ id: number }>>()
	return staff.map((member) => member.id)
}

/** Every change of a lesson's upload goes to the staff's open pages (`staff`: already looked up, for a run that sends many). */
export async function tellStaff(asset: MediaAsset, staff?: number[]): Promise<void> {
	if (asset.videoId === null) return
	for (const id of staff ?? (await staffIds())) live.emitToUser(id, ServerToClient.media_processing, statusOf(asset))
}

/**
 * Processes a lesson's failed upload again (the admin table's 'Retry'): from
 * the start, as if just uploaded. 404 for an unknown lesson, 409 when its
 * latest upload has not failed.
 */
export async function retryProcessing(actor: Actor, videoId: number): Promise<MediaStatusJSON> {
	assertMayUpload(actor)
	const latest = await MediaAssetModel.findOne({ videoId }).sort({ id: -1 }).lean<MediaAsset>()
	if (!latest) throw notFound('Video not found')
	const retried = await MediaAssetModel.findOneAndUpdate(
		{ id: latest.id, state: 'failed' },
		{
			$set: {
				state: 'uploaded',
				percent: 0,
				error: null,
				attempts: 0,
				holder: null,
				lockedUntil: new Date(0),
				updatedAt: new Date(),
			},
		},
		{ new: true },
	).lean<MediaAsset>()
	if (!retried) throw new ServiceError('Only a video whose processing failed can be processed again.', 409)
	await tellStaff(retried)
	runJobSoon(MEDIA_JOB)
	return statusOf(retried)
}

/** Deletes an asset's files and its record (a lesson deleted, a stream replaced, an upload never used). */
export async function removeAsset(asset: Pick<MediaAsset, 'id' | 'key'>): Promise<void> {
	const storage = mediaStorage()
	await Promise.all([storage.removeSource(asset.key), storage.removeStream(asset.key), storage.discardWork(asset.key)])
	await MediaAssetModel.deleteOne({ id: asset.id })
}

/** Every upload of a lesson, files and all (the lesson is being deleted). */
export async function removeAssetsOf(videoId: number): Promise<void> {
	const assets = await MediaAssetModel.find({ videoId }).select('id key').lean<MediaAsset[]>()
	for (const asset of assets) await removeAsset(asset)
}
