import mongoose from 'mongoose'
import {
	CaptionTrackModel,
	EventModel,
	LessonChaptersModel,
	NoteModel,
	ProgressModel,
	UserModel,
	VideoModel,
	type UserJSON,
	type Video,
	type VideoJSON,
} from '#models/index'
import { FREE_VIDEO_LIMIT, PREMIUM_STATUSES } from '~/lib/subscription'
import { type VideoInput } from '~/lib/admin-schemas'
import { type PageWindow } from '~/lib/paging'
import { SEARCH_TITLE_WEIGHT } from '~/lib/search'
import { anyFieldContains } from '~/platform/contains-filter.server'
import { RELATED_VIDEO_LIMIT, isVideoLocked } from '~/lib/videos'
import { catalogueSearch, catalogueWriter } from '~/services/catalogue/writer.server'
import { notFound } from '~/lib/service-error'
import { runJobSoon, type Job } from '~/platform/jobs.server'
import { notify } from '~/services/notifications/notifications.server'
import { type Actor } from '~/services/permissions.server'
import { videoJSON } from '~/platform/public-pictures.server'

interface VideoFilters {
	search?: string
	category?: string
}

function videoFilter({ search, category }: VideoFilters): Record<string, unknown> {
	const filter: Record<string, unknown> = anyFieldContains(search, ['title', 'description'])
	if (category) filter.category = category
	return filter
}

/** Videos in library order (by id), optionally filtered by a case-insensitive search and a category; a page of them with `window`. */
export async function listVideos(filters: VideoFilters = {}, window?: PageWindow): Promise<VideoJSON[]> {
	const videos = await VideoModel.find(videoFilter(filters))
		.sort({ id: 1 })
		.skip(window?.skip ?? 0)
		.limit(window?.limit ?? 0)
		.lean<Video[]>()
	return videos.map(videoJSON)
}

/** How many videos a search finds (the "N results" line; only searches are counted). */
export function countVideos(filters: VideoFilters): Promise<number> {
	return VideoModel.countDocuments(videoFilter(filters))
}

export async function getVideo(id: number): Promise<VideoJSON | null> {
	const video = await VideoModel.findOne({ id }).lean<Video>()
	return video ? videoJSON(video) : null
}

/** These videos (those that exist), by id. */
export async function getVideos(ids: number[]): Promise<VideoJSON[]> {
	const videos = await VideoModel.find({ id: mongoose.trusted({ $in: ids }) }).lean<Video[]>()
	return videos.map(videoJSON)
}

/**
 * A video as one member may see it: `locked` says the free-video rule keeps
 * them out, and then the media `url` is null: the server never hands a
 * locked video's media address to that member (product §6).
 */
export type MemberVideoJSON = Omit<VideoJSON, 'url'> & { url: string | null; locked: boolean }

export function toMemberVideo(user: Pick<UserJSON, 'subscriptionStatus'>, video: VideoJSON): MemberVideoJSON {
	const locked = isVideoLocked(user, video.id)
	return { ...video, url: locked ? null : video.url, locked }
}

export async function listVideosForMember(
	user: Pick<UserJSON, 'subscriptionStatus'>,
	filters: VideoFilters = {},
	window?: PageWindow,
): Promise<MemberVideoJSON[]> {
	return (await listVideos(filters, window)).map((video) => toMemberVideo(user, video))
}

export async function getVideoForMember(
	user: Pick<UserJSON, 'subscriptionStatus'>,
	id: number,
): Promise<MemberVideoJSON> {
	const video = await getVideo(id)
	if (!video) throw notFound('Video not found')
	return toMemberVideo(user, video)
}

/** Up to 3 other videos of the same category (none for an uncategorized video). */
export async function listRelatedVideos(
	user: Pick<UserJSON, 'subscriptionStatus'>,
	video: VideoJSON | MemberVideoJSON,
): Promise<MemberVideoJSON[]> {
	if (!video.category) return []
	const related = await VideoModel.find({ category: video.category, id: mongoose.trusted({ $ne: video.id }) })
		.sort({ id: 1 })
		.limit(RELATED_VIDEO_LIMIT)
		.lean<Video[]>()
	return related.map((other) => toMemberVideo(user, videoJSON(other)))
}

export async function listVideoCategories(): Promise<string[]> {
	const categories = await VideoModel.distinct('category')
	return categories.filter((category): category is string => typeof category === 'string' && category.length > 0).sort()
}

/**
 * Lessons as the global search holds them (docs/decisions/166): the title,
 * description and category every member sees in the library, free members
 * included (a locked lesson is listed too). The words spoken are another
 * part of the lesson's entry, the captions' (captions.server.ts).
 */
export const lessonSearch = catalogueSearch(VideoModel, (video) => [
	{ text: video.title, weight: SEARCH_TITLE_WEIGHT },
	{ text: video.description ?? '', weight: 1 },
	{ text: video.category ?? '', weight: 1 },
])

// Administration (product §2 "Content"): deleting a video deletes everyone's progress and notes on it, and its captions and chapters.
const videoWriter = catalogueWriter({
	model: VideoModel,
	counter: 'videos',
	toJSON: videoJSON,
	notFoundMessage: 'Video not found',
	deleteDependents: async (videoId) => {
		await ProgressModel.deleteMany({ videoId })
		await NoteModel.deleteMany({ videoId })
		await CaptionTrackModel.deleteMany({ videoId })
		await LessonChaptersModel.deleteMany({ videoId })
		// An event whose replay this was has no replay any more.
		await EventModel.updateMany({ replayVideoId: videoId }, { $set: { replayVideoId: null } })
	},
	createdWith: { announcementPending: true },
	audit: { type: 'video', label: (video) => video.title },
	search: { kind: 'lesson', read: lessonSearch.read },
})

/** Publishes a video; the members who can play it are told by newVideoAnnouncementsJob, outside this request. */
export async function createVideo(actor: Actor, input: VideoInput): Promise<VideoJSON> {
	const video = await videoWriter.create(actor, input)
	runJobSoon(NEW_VIDEO_JOB)
	return video
}
export const updateVideo = (actor: Actor, id: number, changes: Partial<VideoInput>) =>
	videoWriter.update(actor, id, changes)
export const deleteVideo = (actor: Actor, id: number) => videoWriter.remove(actor, id)

const NEW_VIDEO_JOB = 'new-video-announcements'
/** Members told per step; the video's cursor is saved after each step. */
const ANNOUNCE_BATCH = 500
/** A run stops after this long and the next run goes on from the cursor, so no run outlives its lease. */
const ANNOUNCE_RUN_MS = 45_000

/**
 * Tells every member who can play a newly published video about it (product
 * §2 "Notifications"): premium members for any video, free members for the
 * videos they can play. That can be 100,000 members, so it is not done in
 * the admin's request: the video is stored with `announcementPending`, and
 * this job walks the members in id order, a batch at a time, saving its
 * cursor on the video after each batch. A crash or a restart resumes from
 * the cursor, and the once-key makes a batch that is sent again harmless
 * (docs/decisions/104).
 */
export const newVideoAnnouncementsJob: Job = {
	name: NEW_VIDEO_JOB,
	everyMs: 60_000,
	lockMs: 2 * 60_000,
	async run({ signal }) {
		const stopAt = Date.now() + ANNOUNCE_RUN_MS
		const pending = await VideoModel.find({ announcementPending: true }).sort({ id: 1 }).lean<Video[]>()
		for (const video of pending) {
			let cursor = video.announcedThroughUserId ?? 0
			const audience =
				video.id <= FREE_VIDEO_LIMIT ? {} : { subscriptionStatus: mongoose.trusted({ $in: [...PREMIUM_STATUSES] }) }
			for (;;) {
				if (signal.aborted || Date.now() > stopAt) return
				const batch = await UserModel.find({ ...audience, id: mongoose.trusted({ $gt: cursor }) })
					.sort({ id: 1 })
					.limit(ANNOUNCE_BATCH)
					.select('id')
					.lean<Array<{ id: number }>>()
				if (batch.length === 0) break
				await notify(
					batch.map((member) => member.id).filter((id) => id !== video.createdBy),
					{
						kind: 'new_video',
						title: `New lesson: ${video.title}`,
						text:
							video.description ??
							(video.category
								? `A new ${video.category} lesson is in the library.`
								: 'A new lesson is in the library.'),
						link: `/content-library/${video.id}`,
						onceKey: `new_video:${video.id}`,
					},
				)
				cursor = batch[batch.length - 1]!.id
				await VideoModel.updateOne({ id: video.id }, { $set: { announcedThroughUserId: cursor } })
			}
			await VideoModel.updateOne({ id: video.id }, { $unset: { announcementPending: 1, announcedThroughUserId: 1 } })
		}
	},
}
