import mongoose from 'mongoose'
import {
	CaptionTrackModel,
	EventModel,
	LessonChaptersModel,
	MediaAssetModel,
	NoteModel,
	ProgressModel,
	UserModel,
	VideoModel,
	type MediaAsset,
	type UserJSON,
	type Video,
	type VideoJSON,
} from '#models/index'
import { FREE_VIDEO_LIMIT, PREMIUM_STATUSES } from '~/lib/subscription'
import { type VideoInput } from '~/lib/admin-schemas'
import { type PageWindow } from '~/lib/paging'
import { SEARCH_TITLE_WEIGHT } from '~/lib/search'
import { anyFieldContains } from '~/platform/contains-filter.server'
import { OLDEST_FIRST, placeInList } from '~/platform/list-place.server'
import { sharedInRequest } from '~/platform/request-context.server'
import { RELATED_VIDEO_LIMIT, isVideoLocked } from '~/lib/videos'
import { catalogueSearch, catalogueWriter } from '~/services/catalogue/writer.server'
import { notFound } from '~/lib/service-error'
import { runJobSoon, type Job } from '~/platform/jobs.server'
import { notify } from '~/services/notifications/notifications.server'
import { recordAudit } from '~/services/admin/audit.server'
import { type Actor } from '~/services/permissions.server'
import { videoJSON } from '~/platform/public-pictures.server'
import { posterUrl, streamKeyOf, streamUrl, type AdminVideoJSON } from '~/lib/media'
import {
	attachAsset,
	findAttachableAsset,
	latestUploadsOf,
	removeAsset,
	removeAssetsOf,
	tellStaff,
} from '~/services/media/assets.server'

interface VideoFilters {
	search?: string
	category?: string
	/** Members' lists: only lessons whose uploaded video is ready (docs/decisions/176). */
	published?: boolean
}

/** A lesson members may see: one not waiting for its uploaded video to be prepared. */
export const PUBLISHED_LESSON = { awaitingStream: mongoose.trusted({ $ne: true }) }

function videoFilter({ search, category, published }: VideoFilters): Record<string, unknown> {
	const filter: Record<string, unknown> = anyFieldContains(search, ['title', 'description'])
	if (category) filter.category = category
	if (published) Object.assign(filter, PUBLISHED_LESSON)
	return filter
}

/** Library order: by id, so the first FREE_VIDEO_LIMIT lessons are the free ones. */
const LIBRARY_ORDER = OLDEST_FIRST

/** Videos in library order (by id), optionally filtered by a case-insensitive search and a category; a page of them with `window`. */
export async function listVideos(filters: VideoFilters = {}, window?: PageWindow): Promise<VideoJSON[]> {
	const videos = await VideoModel.find(videoFilter(filters))
		.sort(LIBRARY_ORDER)
		.skip(window?.skip ?? 0)
		.limit(window?.limit ?? 0)
		.lean<Video[]>()
	return videos.map(videoJSON)
}

/** Where a lesson is in the admin table's list (docs/decisions/249): how many come before it, or null when the search leaves it out. */
export function placeOfVideo({ id }: VideoJSON, filters: VideoFilters): Promise<number | null> {
	return placeInList(VideoModel, videoFilter(filters), LIBRARY_ORDER, { id })
}

/** How many lessons a member's search finds (the "N results" line; only searches are counted). */
export function countVideos(filters: VideoFilters): Promise<number> {
	return VideoModel.countDocuments(videoFilter({ ...filters, published: true }))
}

export async function getVideo(id: number): Promise<VideoJSON | null> {
	const video = await VideoModel.findOne({ id }).lean<Video>()
	return video ? videoJSON(video) : null
}

/**
 * A lesson members may see and play, or null (unknown, or still waiting for
 * its uploaded video). Read once per page: the lesson page asks for it for
 * the lesson and again for the member's notes on it (decision 250). The
 * answer is shared, so callers copy it rather than change it.
 */
export function getPublishedVideo(id: number): Promise<VideoJSON | null> {
	return sharedInRequest(`published-video:${id}`, async () => {
		const video = await VideoModel.findOne({ id, ...PUBLISHED_LESSON }).lean<Video>()
		return video ? videoJSON(video) : null
	})
}

async function withUploads(videos: VideoJSON[]): Promise<AdminVideoJSON[]> {
	const uploads = await latestUploadsOf(videos.map((video) => video.id))
	return videos.map((video) => ({ ...video, media: uploads.get(video.id) ?? null }))
}

/** The admin panel's Content tab: every lesson, published or not, with its upload's state. */
export async function listVideosForAdmin(filters: VideoFilters = {}, window?: PageWindow): Promise<AdminVideoJSON[]> {
	return withUploads(await listVideos(filters, window))
}

export async function getVideoForAdmin(id: number): Promise<AdminVideoJSON | null> {
	const video = await getVideo(id)
	return video ? (await withUploads([video]))[0]! : null
}

/** These lessons as members may see them (those that exist and are not waiting for their uploaded video), by id. */
export async function getPublishedVideos(ids: number[]): Promise<VideoJSON[]> {
	const videos = await VideoModel.find({ id: mongoose.trusted({ $in: ids }), ...PUBLISHED_LESSON }).lean<Video[]>()
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
	return (await listVideos({ ...filters, published: true }, window)).map((video) => toMemberVideo(user, video))
}

export async function getVideoForMember(
	user: Pick<UserJSON, 'subscriptionStatus'>,
	id: number,
): Promise<MemberVideoJSON> {
	const video = await getPublishedVideo(id)
	if (!video) throw notFound('Video not found')
	return toMemberVideo(user, video)
}

/** Up to 3 other videos of the same category (none for an uncategorized video). */
export async function listRelatedVideos(
	user: Pick<UserJSON, 'subscriptionStatus'>,
	video: VideoJSON | MemberVideoJSON,
): Promise<MemberVideoJSON[]> {
	if (!video.category) return []
	const related = await VideoModel.find({
		category: video.category,
		id: mongoose.trusted({ $ne: video.id }),
		...PUBLISHED_LESSON,
	})
		.sort({ id: 1 })
		.limit(RELATED_VIDEO_LIMIT)
		.lean<Video[]>()
	return related.map((other) => toMemberVideo(user, videoJSON(other)))
}

export async function listVideoCategories(): Promise<string[]> {
	const categories = await VideoModel.distinct('category', PUBLISHED_LESSON)
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

// Administration (product §2 "Content"): deleting a video deletes everyone's progress and notes on it, its captions and chapters, and its uploads.
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
		// Its uploaded videos and their streams.
		await removeAssetsOf(videoId)
	},
	createdWith: { announcementPending: true },
	audit: { type: 'video', label: (video) => video.title },
	search: { kind: 'lesson', read: lessonSearch.read },
})

/**
 * Publishes a video; the members who can play it are told by
 * newVideoAnnouncementsJob, outside this request. A url naming an upload
 * (`/media/streams/{key}/master.m3u8`, which the dialog's upload fills in)
 * gives the lesson that upload: it is published once its stream is ready
 * (docs/decisions/176).
 */
export async function createVideo(actor: Actor, input: VideoInput): Promise<VideoJSON> {
	const key = streamKeyOf(input.url)
	// Checked before the one write that stores the lesson: a url that names no upload of this admin stores nothing.
	const upload = key ? await findAttachableAsset(actor, null, key) : null
	const video = await videoWriter.create(
		actor,
		input,
		upload && upload.state !== 'ready' ? { awaitingStream: true } : undefined,
	)
	if (upload) await startStreaming(upload.key, video.id)
	runJobSoon(NEW_VIDEO_JOB)
	return upload ? ((await getVideo(video.id)) ?? video) : video
}

/**
 * Changes a video. A url naming a new upload replaces its video: a lesson
 * members already see keeps playing the old one until the new stream is
 * ready; one that was never published takes it at once. Any other new url
 * drops the lesson's uploads.
 */
export async function updateVideo(actor: Actor, id: number, changes: Partial<VideoInput>): Promise<VideoJSON> {
	const current = changes.url === undefined ? null : await VideoModel.findOne({ id }).lean<Video>()
	const newUrl = current && changes.url !== current.url ? changes.url! : null
	const key = streamKeyOf(newUrl)
	const upload = key ? await findAttachableAsset(actor, id, key) : null
	const replacing = upload !== null && !current!.awaitingStream
	const video = await videoWriter.update(actor, id, replacing ? withoutUrl(changes) : changes)
	if (replacing) {
		// The url changes later, when the job publishes the stream; the admin's act is recorded now.
		await recordAudit(actor, {
			kind: 'video.updated',
			target: { type: 'video', id, label: video.title },
			summary: `Uploaded a new video for "${video.title}" (it replaces the current one once it is ready)`,
			before: { url: current!.url },
			after: { url: changes.url },
		})
	}
	if (upload) await startStreaming(upload.key, id)
	else if (newUrl !== null) await removeAssetsOf(id)
	return upload ? ((await getVideo(id)) ?? video) : video
}

function withoutUrl(changes: Partial<VideoInput>): Partial<VideoInput> {
	const rest = { ...changes }
	delete rest.url
	return rest
}

export const deleteVideo = (actor: Actor, id: number) => videoWriter.remove(actor, id)

/** Gives lesson `videoId` its upload: the table shows the upload's state, and a stream already ready is published now. */
async function startStreaming(key: string, videoId: number): Promise<void> {
	const asset = await attachAsset(key, videoId)
	if (!asset) return
	await removeOlderUploads(asset, { keepPlaying: true })
	if (asset.state === 'ready') await publishStream(asset)
	else await tellStaff(asset)
}

/**
 * The lesson's uploads older than `asset`: once `asset` is its video, they
 * are not needed. `keepPlaying` keeps the one members are watching now
 * (a replacement on its way does not take it away).
 */
async function removeOlderUploads(asset: MediaAsset, { keepPlaying }: { keepPlaying: boolean }): Promise<void> {
	const video = await VideoModel.findOne({ id: asset.videoId }).select('url').lean<Pick<Video, 'url'>>()
	const playing = keepPlaying ? streamKeyOf(video?.url) : null
	const older = await MediaAssetModel.find({ videoId: asset.videoId, id: mongoose.trusted({ $lt: asset.id }) })
		.select('id key')
		.lean<MediaAsset[]>()
	for (const old of older) if (old.key !== playing) await removeAsset(old)
}

/**
 * A lesson's upload is ready (the processing job, or a lesson saved with an
 * upload that was ready already): the lesson now plays its stream, its
 * duration is the video's (whole minutes, decision 005), its thumbnail the
 * video's frame unless one was given, and it is published; the uploads it
 * replaces go. Safe to run twice, from either side of a race.
 */
export async function publishStream(asset: MediaAsset): Promise<void> {
	if (asset.videoId === null) return
	const video = await VideoModel.findOne({ id: asset.videoId }).lean<Video>()
	if (!video) return
	const playingKey = streamKeyOf(video.url)
	if (playingKey && playingKey !== asset.key) {
		// A newer upload already plays: this one is out of date.
		const playing = await MediaAssetModel.findOne({ key: playingKey }).select('id').lean<{ id: number }>()
		if (playing && playing.id > asset.id) return
	}
	const givenThumbnail = video.thumbnail && !(playingKey && video.thumbnail === posterUrl(playingKey))
	await VideoModel.updateOne(
		{ id: video.id },
		{
			$set: {
				url: streamUrl(asset.key),
				duration: Math.max(1, Math.round(asset.durationSeconds / 60)),
				...(givenThumbnail ? {} : { thumbnail: posterUrl(asset.key) }),
			},
			$unset: { awaitingStream: 1 },
		},
	)
	await removeOlderUploads(asset, { keepPlaying: false })
	// A new lesson's announcement has waited for this (newVideoAnnouncementsJob skips lessons not yet published).
	if (video.awaitingStream) runJobSoon(NEW_VIDEO_JOB)
	await tellStaff(asset)
}

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
		// A lesson waiting for its uploaded video is announced once it is published.
		const pending = await VideoModel.find({ announcementPending: true, ...PUBLISHED_LESSON })
			.sort({ id: 1 })
			.lean<Video[]>()
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
