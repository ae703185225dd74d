import mongoose from 'mongoose'
import { ProgressModel, VideoModel, toVideoJSON, type Video, type VideoJSON } from '#models/index'
import { type VideoInput } from '~/lib/admin-schemas'
import { catalogueWriter } from './catalogue-writer.server'
import { type Actor } from './permissions.server'

/** Escapes text for use inside a RegExp: a search for "c++" finds "c++". */
export function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** All videos in library order (by id), optionally filtered by a case-insensitive search and a category. */
export async function listVideos({ search, category }: { search?: string; category?: string } = {}): Promise<VideoJSON[]> {
	const filter: Record<string, unknown> = {}
	if (category) filter.category = category
	if (search?.trim()) {
		const pattern = new RegExp(escapeRegExp(search.trim()), 'i')
		filter.$or = [{ title: mongoose.trusted({ $regex: pattern }) }, { description: mongoose.trusted({ $regex: pattern }) }]
	}
	const videos = await VideoModel.find(filter).sort({ id: 1 }).lean<Video[]>()
	return videos.map(toVideoJSON)
}

export async function getVideo(id: number): Promise<VideoJSON | null> {
	const video = await VideoModel.findOne({ id }).lean<Video>()
	return video ? toVideoJSON(video) : null
}

export async function listVideoCategories(): Promise<string[]> {
	const categories = await VideoModel.distinct('category')
	return categories.filter((category): category is string => typeof category === 'string' && category.length > 0).sort()
}

// Administration (SPEC §2 "Content"): deleting a video deletes everyone's progress on it.
const videoWriter = catalogueWriter({
	model: VideoModel,
	counter: 'videos',
	toJSON: toVideoJSON,
	notFoundMessage: 'Video not found',
	deleteDependents: (videoId) => ProgressModel.deleteMany({ videoId }),
})
export const createVideo = (actor: Actor, input: VideoInput) => videoWriter.create(actor, input)
export const updateVideo = (actor: Actor, id: number, changes: Partial<VideoInput>) => videoWriter.update(actor, id, changes)
export const deleteVideo = (actor: Actor, id: number) => videoWriter.remove(actor, id)
