import mongoose from 'mongoose'
import { VideoModel, toVideoJSON, type Video, type VideoJSON } from '#models/index'

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
