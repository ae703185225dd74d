import mongoose from 'mongoose'
import { ProgressModel, VideoModel, toVideoJSON, type UserJSON, type Video, type VideoJSON } from '#models/index'
import { type VideoInput } from '~/lib/admin-schemas'
import { anyFieldContains } from '~/lib/search.server'
import { RELATED_VIDEO_LIMIT, isVideoLocked } from '~/lib/videos'
import { catalogueWriter } from './catalogue-writer.server'
import { notFound } from '~/lib/service-error'
import { type Actor } from './permissions.server'

/** All videos in library order (by id), optionally filtered by a case-insensitive search and a category. */
export async function listVideos({ search, category }: { search?: string; category?: string } = {}): Promise<VideoJSON[]> {
	const filter: Record<string, unknown> = anyFieldContains(search, ['title', 'description'])
	if (category) filter.category = category
	const videos = await VideoModel.find(filter).sort({ id: 1 }).lean<Video[]>()
	return videos.map(toVideoJSON)
}

export async function getVideo(id: number): Promise<VideoJSON | null> {
	const video = await VideoModel.findOne({ id }).lean<Video>()
	return video ? toVideoJSON(video) : null
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
	filters: { search?: string; category?: string } = {},
): Promise<MemberVideoJSON[]> {
	return (await listVideos(filters)).map((video) => toMemberVideo(user, video))
}

export async function getVideoForMember(user: Pick<UserJSON, 'subscriptionStatus'>, id: number): Promise<MemberVideoJSON> {
	const video = await getVideo(id)
	if (!video) throw notFound('Video not found')
	return toMemberVideo(user, video)
}

/** Up to 3 other videos of the same category (none for an uncategorized video). */
export async function listRelatedVideos(user: Pick<UserJSON, 'subscriptionStatus'>, video: VideoJSON | MemberVideoJSON): Promise<MemberVideoJSON[]> {
	if (!video.category) return []
	const related = await VideoModel.find({ category: video.category, id: mongoose.trusted({ $ne: video.id }) })
		.sort({ id: 1 })
		.limit(RELATED_VIDEO_LIMIT)
		.lean<Video[]>()
	return related.map((other) => toMemberVideo(user, toVideoJSON(other)))
}

export async function listVideoCategories(): Promise<string[]> {
	const categories = await VideoModel.distinct('category')
	return categories.filter((category): category is string => typeof category === 'string' && category.length > 0).sort()
}

// Administration (product §2 "Content"): deleting a video deletes everyone's progress on it.
const videoWriter = catalogueWriter({
	model: VideoModel,
	counter: 'videos',
	toJSON: toVideoJSON,
	notFoundMessage: 'Video not found',
	deleteDependents: (videoId) => ProgressModel.deleteMany({ videoId }),
	audit: { type: 'video', label: (video) => video.title },
})
export const createVideo = (actor: Actor, input: VideoInput) => videoWriter.create(actor, input)
export const updateVideo = (actor: Actor, id: number, changes: Partial<VideoInput>) => videoWriter.update(actor, id, changes)
export const deleteVideo = (actor: Actor, id: number) => videoWriter.remove(actor, id)
