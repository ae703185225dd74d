import { Schema } from 'mongoose'
import { defineModel, toIso } from '#models/model'
import { renewStampOnEveryWrite } from '#models/version-stamp'

export interface Video {
	id: number
	title: string
	description?: string | null
	url: string
	thumbnail?: string | null
	/** Minutes, as entered in the admin panel (docs/decisions/005-video-duration-unit.md). */
	duration?: number | null
	category?: string | null
	createdAt: Date
	createdBy: number
	/**
	 * Set when the video is published through the admin panel or API: the
	 * new-video notification still has to go out. The announcing job clears it
	 * when every member who can play the video has been told; until then
	 * `announcedThroughUserId` is how far it got (docs/decisions/104).
	 */
	announcementPending?: boolean
	announcedThroughUserId?: number
	/**
	 * Set while the lesson's uploaded video is still being prepared for
	 * streaming: members neither see nor play it until then, and the new-lesson
	 * announcement waits (docs/decisions/176).
	 */
	awaitingStream?: boolean
}

export interface VideoJSON {
	id: number
	title: string
	description: string | null
	url: string
	thumbnail: string | null
	duration: number | null
	category: string | null
	createdAt: string
	createdBy: number
}

export function toVideoJSON(video: Video): VideoJSON {
	return {
		id: video.id,
		title: video.title,
		description: video.description ?? null,
		url: video.url,
		thumbnail: video.thumbnail ?? null,
		duration: video.duration ?? null,
		category: video.category ?? null,
		createdAt: toIso(video.createdAt)!,
		createdBy: video.createdBy,
	}
}

const videoSchema = new Schema<Video>(
	{
		id: { type: Number, required: true, unique: true },
		title: { type: String, required: true, trim: true },
		description: { type: String, default: null },
		url: { type: String, required: true, trim: true },
		thumbnail: { type: String, default: null },
		duration: { type: Number, default: null },
		category: { type: String, default: null, index: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
		createdBy: { type: Number, required: true },
		announcementPending: { type: Boolean },
		announcedThroughUserId: { type: Number },
		awaitingStream: { type: Boolean },
	},
	{ id: false, versionKey: false, toJSON: { transform: (_doc, ret) => toVideoJSON(ret as unknown as Video) } },
)

videoSchema.index({ announcementPending: 1 }, { sparse: true })
// Who may play a file or a stream: the lessons whose url names it (services/catalogue/member-files.server.ts).
videoSchema.index({ url: 1 })

// What a process holds of the library (the dashboard's count of videos, its programs' lessons) is read again after
// any write (decisions 225, 231) but one that only moves the new-lesson announcement's progress, which its job writes
// after every batch of members: each would have every process read the catalogue again.
renewStampOnEveryWrite(videoSchema, 'catalogue', { ignoring: ['announcementPending', 'announcedThroughUserId'] })

export const VideoModel = defineModel<Video>('Video', videoSchema)
