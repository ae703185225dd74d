import mongoose from 'mongoose'
import {
	ProgressModel,
	VideoModel,
	nextId,
	toProgressJSON,
	type Progress,
	type ProgressJSON,
	type UserJSON,
	type Video,
} from '#models/index'
import { COMPLETED_THRESHOLD, isVideoLocked } from '~/lib/videos'
import { ServiceError, isDuplicateKeyError, notFound } from '~/lib/service-error'
import { noteActivity } from '~/services/account/activity.server'
import { getPublishedVideo } from '~/services/catalogue/videos.server'
import { lessonCompleted } from '~/services/learning/program-progress.server'
import { publicAssetUrl } from '~/platform/public-pictures.server'
import { currentStamps, heldRead } from '~/platform/held-reads.server'
import { sharedInRequest } from '~/platform/request-context.server'

/**
 * Video progress (product §3, §4): one record per user and video, a whole
 * percent within 0–100 that never goes back down, completed from 95 % on
 * (docs/decisions/012-progress-records.md).
 */

export const CONTINUE_LEARNING_LIMIT = 3
export const PREMIUM_VIDEO_MESSAGE = 'This video is part of Premium. Subscribe to watch it and track your progress.'

type Member = Pick<UserJSON, 'id' | 'subscriptionStatus'>

export async function listProgress(userId: number): Promise<ProgressJSON[]> {
	const records = await ProgressModel.find({ userId }).sort({ videoId: 1 }).lean<Progress[]>()
	return records.map(toProgressJSON)
}

/** The member's progress on the given videos only (a page of the library). */
export async function listProgressOf(userId: number, videoIds: number[]): Promise<ProgressJSON[]> {
	if (videoIds.length === 0) return []
	const records = await ProgressModel.find({ userId, videoId: mongoose.trusted({ $in: videoIds }) }).lean<Progress[]>()
	return records.map(toProgressJSON)
}

/** Clamps a reported percent to a whole number within 0–100. */
export function normalizeProgress(progress: number): number {
	if (!Number.isFinite(progress)) return 0
	return Math.max(0, Math.min(100, Math.floor(progress)))
}

/**
 * Records how far `user` got in a video. Always for the acting user (never
 * a user id from the request); refused for a video the free-video rule
 * locks. Watching again from the start does not lower the saved progress.
 */
export async function recordProgress(
	user: Member,
	{ videoId, progress }: { videoId: number; progress: number },
): Promise<ProgressJSON> {
	const video = await getPublishedVideo(videoId)
	if (!video) throw notFound('Video not found')
	if (isVideoLocked(user, videoId)) throw new ServiceError(PREMIUM_VIDEO_MESSAGE, 403)
	const percent = normalizeProgress(progress)
	const filter = { userId: user.id, videoId }
	noteActivity(user.id)

	let record = await ProgressModel.findOneAndUpdate(
		filter,
		{ $max: { progress: percent }, $set: { updatedAt: new Date() } },
		{ new: true, lean: true },
	)
	if (!record) {
		try {
			record = await ProgressModel.findOneAndUpdate(
				filter,
				{
					$max: { progress: percent },
					$set: { updatedAt: new Date() },
					$setOnInsert: { id: await nextId('progress'), completed: false },
				},
				{ new: true, lean: true, upsert: true },
			)
		} catch (error) {
			// A parallel first report created the record: the unique index caught it, so update that one.
			if (!isDuplicateKeyError(error)) throw error
			record = await ProgressModel.findOneAndUpdate(
				filter,
				{ $max: { progress: percent }, $set: { updatedAt: new Date() } },
				{ new: true, lean: true },
			)
		}
	}
	const completed = record!.progress >= COMPLETED_THRESHOLD
	if (record!.completed !== completed) {
		await ProgressModel.updateOne({ _id: record!._id }, { $set: { completed } })
		record!.completed = completed
		if (completed) await afterLessonCompleted(user.id, videoId)
	}
	return toProgressJSON(record as Progress)
}

/**
 * A completed lesson moves on the programs the member started that have it
 * (a module may open, a program may be complete). The progress is already
 * stored: a failure there is logged, never reported as a failed save.
 */
async function afterLessonCompleted(userId: number, videoId: number) {
	try {
		await lessonCompleted(userId, videoId)
	} catch (error) {
		console.error(`Programs: lesson ${videoId} completed by member ${userId} could not move their programs on`, error)
	}
}

/** product §4 'Videos watched': records above 0 % (of videos that still exist) against all videos. */
export async function getWatchStats(userId: number): Promise<{ watched: number; total: number }> {
	// The member's own records, against the library's ids as this process holds them (decision 225).
	const [started, library] = await Promise.all([startedVideos(userId), libraryCards()])
	const watchedIds = new Set(started.map((record) => record.videoId))
	return { watched: [...watchedIds].filter((id) => library.has(id)).length, total: library.size }
}

type StartedVideo = Pick<Progress, 'videoId' | 'progress' | 'completed' | 'updatedAt'>

/**
 * The member's records of the videos they started (progress above 0), read
 * once per page: the dashboard's "Videos watched", "Continue Learning" and
 * its programs' watched lessons are all worked out from them (decisions
 * 227, 230). Shared: never changed by a caller.
 */
function startedVideos(userId: number): Promise<readonly StartedVideo[]> {
	return sharedInRequest(`started-videos:${userId}`, () =>
		ProgressModel.find({ userId, progress: mongoose.trusted({ $gt: 0 }) })
			.select({ _id: 0, videoId: 1, progress: 1, completed: 1, updatedAt: 1 })
			.lean<StartedVideo[]>()
			.exec(),
	)
}

/**
 * The videos the member completed, from the same records: a record is
 * completed only at 95 % or more (`recordProgress`), so every completed one
 * is among the started.
 */
export async function completedVideoIds(userId: number): Promise<ReadonlySet<number>> {
	return new Set((await startedVideos(userId)).filter((record) => record.completed).map((record) => record.videoId))
}

/** What Continue Learning shows of a video. */
export type ContinueLearningVideo = Pick<Video, 'id' | 'title' | 'category' | 'thumbnail'>

/**
 * Every video of the library, as much of it as the dashboard shows (its id,
 * and the title, category and picture Continue Learning draws), held between
 * visits under the `catalogue` stamp, which any write to a video renews: read
 * again after the library changed, and at most once a minute per process
 * like every held read (decisions 225, 235). A library of ten thousand
 * lessons is a few megabytes here.
 */
async function libraryCards(): Promise<ReadonlyMap<number, ContinueLearningVideo>> {
	return heldRead('library-cards', await currentStamps(['catalogue']), async () => {
		const videos = await VideoModel.find()
			.select({ _id: 0, id: 1, title: 1, category: 1, thumbnail: 1 })
			.lean<ContinueLearningVideo[]>()
		return new Map(videos.map((video) => [video.id, video]))
	})
}

/** product §4 'Continue Learning': progress above 0 and below 95, most recently watched first, at most 3. */
export async function getContinueLearning(
	userId: number,
): Promise<Array<{ video: ContinueLearningVideo; progress: number }>> {
	const [started, library] = await Promise.all([startedVideos(userId), libraryCards()])
	return started
		.filter((record) => record.progress < COMPLETED_THRESHOLD && library.has(record.videoId))
		.sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime())
		.slice(0, CONTINUE_LEARNING_LIMIT)
		.map((record) => {
			const card = library.get(record.videoId)!
			// A copy: the held card is every visit's. Its picture's fingerprint is worked out now, not when the library
			// was read (decision 195).
			return { video: { ...card, thumbnail: publicAssetUrl(card.thumbnail) }, progress: record.progress }
		})
}
