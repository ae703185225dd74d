import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * An uploaded video file and what became of it (docs/decisions/175–176):
 * checked with ffprobe when it arrived, then transcoded into HLS renditions
 * by the media-processing job, which claims one asset at a time with a lease
 * of its own (`holder`, `lockedUntil`), so two processes never encode the
 * same file and a process that died lets another start again.
 *
 * Its `key` (random, the upload's id) names its files in the media storage
 * and its addresses (`/media/streams/{key}/…`); the lesson that plays it
 * stores `/media/streams/{key}/master.m3u8` as its url once it is ready.
 */
export const MEDIA_ASSET_STATES = ['uploaded', 'processing', 'ready', 'failed'] as const
export type MediaAssetState = (typeof MEDIA_ASSET_STATES)[number]

/** One HLS rendition as encoded: its folder name, picture size and what the master playlist says of it. */
export interface MediaRendition {
	/** '720p': its folder, and its line in the master playlist. */
	name: string
	width: number
	height: number
	/** Peak bits per second over any segment (the playlist's BANDWIDTH). */
	bandwidth: number
	/** Average bits per second (AVERAGE-BANDWIDTH). */
	averageBandwidth: number
	/** RFC 6381 codecs, e.g. `avc1.4d401e,mp4a.40.2`. */
	codecs: string
}

export interface MediaAsset {
	id: number
	key: string
	/** The lesson it was uploaded for; null until the dialog that uploaded it is saved. */
	videoId: number | null
	state: MediaAssetState
	percent: number
	error: string | null
	/** The file's name on the uploader's computer, shown in the admin panel. */
	originalName: string
	size: number
	/** The demuxer ffprobe found ('mov' or 'matroska'): transcoding reads the file as that and nothing else. */
	container: 'mov' | 'matroska'
	/** The picture as displayed (rotation applied). */
	sourceWidth: number
	sourceHeight: number
	hasAudio: boolean
	durationSeconds: number
	renditions: MediaRendition[]
	/** How many times processing was claimed since the upload (or the last retry). */
	attempts: number
	holder: string | null
	lockedUntil: Date
	createdBy: number
	createdAt: Date
	updatedAt: Date
	readyAt: Date | null
}

const renditionSchema = new Schema<MediaRendition>(
	{
		name: { type: String, required: true },
		width: { type: Number, required: true },
		height: { type: Number, required: true },
		bandwidth: { type: Number, required: true },
		averageBandwidth: { type: Number, required: true },
		codecs: { type: String, required: true },
	},
	{ _id: false },
)

const mediaAssetSchema = new Schema<MediaAsset>(
	{
		id: { type: Number, required: true, unique: true },
		key: { type: String, required: true, unique: true },
		videoId: { type: Number, default: null },
		state: { type: String, enum: MEDIA_ASSET_STATES, required: true },
		percent: { type: Number, default: 0 },
		error: { type: String, default: null },
		originalName: { type: String, required: true },
		size: { type: Number, required: true },
		container: { type: String, enum: ['mov', 'matroska'], required: true },
		sourceWidth: { type: Number, required: true },
		sourceHeight: { type: Number, required: true },
		hasAudio: { type: Boolean, required: true },
		durationSeconds: { type: Number, required: true },
		renditions: { type: [renditionSchema], default: [] },
		attempts: { type: Number, default: 0 },
		holder: { type: String, default: null },
		lockedUntil: { type: Date, required: true, default: () => new Date(0) },
		createdBy: { type: Number, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
		updatedAt: { type: Date, required: true, default: () => new Date() },
		readyAt: { type: Date, default: null },
	},
	{ versionKey: false },
)

// The lesson's uploads (the admin table, publishing); the job's next claim; the orphans' sweep.
mediaAssetSchema.index({ videoId: 1, id: -1 })
mediaAssetSchema.index({ state: 1, lockedUntil: 1 })

export const MediaAssetModel = defineModel<MediaAsset>('MediaAsset', mediaAssetSchema)
