import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { MediaAssetModel, UserModel, VideoModel } from '#models/index'
import { DEMO_LESSONS, demoLessonMedia } from '~/demo/catalogue.server'
import { mediaToolsMissing } from '~/platform/media-tools.server'
import { claimOnce } from '~/platform/once-claims.server'
import { LESSON_MEDIA_DIR } from '~/services/catalogue/member-files.server'
import { updateVideo } from '~/services/catalogue/videos.server'
import { acceptUpload, mediaStorage } from '~/services/media/assets.server'

/**
 * The demo's uploaded lesson (docs/decisions/179). A free lesson, so every
 * demo account can watch it stream; not the first, which Lighthouse audits
 * as the player page of a lesson given by an address.
 */
export const DEMO_UPLOADED_LESSON = DEMO_LESSONS[1]!

/**
 * In demo mode, at start: the content manager uploads the demo lesson's own
 * clip as its video, through what the video dialog uses (ffprobe's check, a
 * media asset, the lesson's new url), so the processing job turns it into a
 * stream and the Content tab shows it processing, then Ready. The lesson
 * stays published meanwhile, playing its clip, as any published lesson
 * given a new upload does.
 *
 * Once per database: nothing happens when the lesson no longer plays its
 * demo clip, when its upload exists, or when another process of a demo
 * cluster claimed it first. The key comes from the lesson, so each run of a
 * demo on a fresh in-memory database writes the same stream folder rather
 * than leaving another behind. Answers the lesson's title when it uploaded.
 */
export async function uploadDemoLesson(): Promise<string | null> {
	if (mediaToolsMissing()) return null
	const lesson = DEMO_UPLOADED_LESSON
	const key = createHash('md5').update(`demo-upload:${lesson.slug}`).digest('hex')
	const [video, manager] = await Promise.all([
		VideoModel.findOne({ title: lesson.title, url: demoLessonMedia(lesson) })
			.select('id')
			.lean<{ id: number }>(),
		UserModel.findOne({ usernameKey: 'manager', role: 'content_manager' })
			.select('id role')
			.lean<{ id: number; role: 'content_manager' }>(),
	])
	if (!video || !manager || (await MediaAssetModel.exists({ key }))) return null
	if (!(await claimOnce(`demo-upload:${key}`))) return null
	const file = await mediaStorage().newIncomingFile()
	await fs.copyFile(path.join(LESSON_MEDIA_DIR, `${lesson.slug}.mp4`), file)
	const { url } = await acceptUpload(manager, { key, file, originalName: `${lesson.slug}.mp4` })
	await updateVideo(manager, video.id, { url })
	return lesson.title
}
