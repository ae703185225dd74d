import fs from 'node:fs/promises'
import path from 'node:path'
import mongoose from 'mongoose'
import { VideoModel, type UserJSON } from '#models/index'
import { ServiceError, notFound } from '~/lib/service-error'
import { isVideoLocked } from '~/lib/videos'

/**
 * Lesson media and resource files live outside public/ (docs/decisions/134),
 * in `private/media` and `private/resources`, and are served only through
 * these checks: a member who is logged in, and for lesson media the
 * free-video rule of the videos that play the file (product §6). A video's
 * stored url keeps naming the file as `/media/{file}`; external https
 * addresses are the admin's business and never pass through here.
 */
export const PRIVATE_FILES_DIR = path.resolve('private')
export const LESSON_MEDIA_DIR = path.join(PRIVATE_FILES_DIR, 'media')
export const RESOURCE_FILES_DIR = path.join(PRIVATE_FILES_DIR, 'resources')

export const LOG_IN_TO_DOWNLOAD = 'Log in to open this file.'
export const PREMIUM_MEDIA = 'This video is part of Premium. Subscribe to watch it.'
const FILE_NOT_FOUND = 'File not found'

/** A plain file name: no folder, no leading dot, nothing a path could be built from. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/

async function existingFile(dir: string, name: string): Promise<string> {
	if (!FILE_NAME.test(name)) throw notFound(FILE_NOT_FOUND)
	const file = path.join(dir, name)
	const stats = await fs.stat(file).catch(() => null)
	if (!stats?.isFile()) throw notFound(FILE_NOT_FOUND)
	return file
}

function requireMember(user: UserJSON | null): asserts user is UserJSON {
	if (!user) throw new ServiceError(LOG_IN_TO_DOWNLOAD, 401)
}

/**
 * Whether this member may play what a lesson url names (a file in
 * private/media, an uploaded video's stream): 401 without a session, 404 when
 * no published lesson plays it, 403 when every lesson that plays it is locked
 * for them. A file shared by a free and a Premium video is the same bytes
 * either way, so one video they may watch is enough.
 */
export async function assertMayPlay(user: UserJSON | null, url: string): Promise<void> {
	requireMember(user)
	const videos = await VideoModel.find({ url, awaitingStream: mongoose.trusted({ $ne: true }) })
		.select('id')
		.lean<Array<{ id: number }>>()
	if (videos.length === 0) throw notFound(FILE_NOT_FOUND)
	if (videos.every((video) => isVideoLocked(user, video.id))) throw new ServiceError(PREMIUM_MEDIA, 403)
}

/** The path of a lesson's media file for this member, as `assertMayPlay` decides; 404 for a name that is no plain file name. */
export async function lessonMediaFileFor(user: UserJSON | null, name: string): Promise<string> {
	requireMember(user)
	if (!FILE_NAME.test(name)) throw notFound(FILE_NOT_FOUND)
	await assertMayPlay(user, `/media/${name}`)
	return existingFile(LESSON_MEDIA_DIR, name)
}

/** A logged-in member (401 otherwise): pictures every member may see, such as an uploaded lesson's poster. */
export function assertMember(user: UserJSON | null): asserts user is UserJSON {
	requireMember(user)
}

/** The path of a downloadable resource file: for logged-in members (401 otherwise), 404 when there is none. */
export async function resourceFileFor(user: UserJSON | null, name: string): Promise<string> {
	requireMember(user)
	return existingFile(RESOURCE_FILES_DIR, name)
}
