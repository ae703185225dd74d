import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntryModel, MediaAssetModel, VideoModel } from '#models/index'
import { streamUrl } from '~/lib/media'
import { deriveSigningKey, signPath } from '~/platform/signed-urls.server'
import { STREAM_SIGNING_PURPOSE } from '~/services/media/streams.server'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { useTestServer } from '../setup/seeded-server'
import { TEST_SESSION_SECRET } from '../setup/test-server'
import { until } from '../setup/until'
import {
	TEST_RENDITIONS,
	assetOf,
	damagedCopy,
	expectCompleteStream,
	filesUnder,
	makeClip,
	makePicture,
	makeSound,
	probeServedStream,
	sendChunk,
	sendChunkAndDrop,
	startUpload,
	temporaryFolder,
	uploadFile,
	uploadOffset,
	waitForState,
} from './media-helpers'

/**
 * Issue 25, "Upload and adaptive streaming" (docs/decisions/175–178): a
 * content manager uploads a video (tus, resumable; or one form without
 * JavaScript), ffprobe checks it, the media-processing job turns it into
 * HLS renditions with ffmpeg, and members play it through the same gate as
 * lesson media, segment by signed address. Real ffmpeg, on clips made here.
 */

const clips = temporaryFolder('clips')
const CLIP = { lesson: '', short: '', webm: '', damaged: '', silent: '' }
beforeAll(async () => {
	CLIP.lesson = await makeClip(path.join(clips, 'lesson.mp4'), { seconds: 9 })
	CLIP.short = await makeClip(path.join(clips, 'short.mp4'), { seconds: 2 })
	CLIP.webm = await makeClip(path.join(clips, 'talk.webm'), { seconds: 1, size: '160x90' })
	CLIP.silent = await makeClip(path.join(clips, 'silent.mov'), { seconds: 1, audio: false })
	CLIP.damaged = damagedCopy(CLIP.short, path.join(clips, 'damaged.mp4'))
	fs.writeFileSync(path.join(clips, 'notes.txt'), 'Not a video at all.\n'.repeat(50))
	fs.writeFileSync(path.join(clips, 'notes.mp4'), 'A text file with a video name.\n'.repeat(50))
	await makePicture(path.join(clips, 'picture.png'))
	fs.renameSync(path.join(clips, 'picture.png'), path.join(clips, 'picture.mp4'))
	await makeSound(path.join(clips, 'song.m4a'), 1)
	fs.writeFileSync(path.join(clips, 'big.mp4'), Buffer.alloc(3 * 1024 * 1024, 1))
})
afterAll(() => fs.rmSync(clips, { recursive: true, force: true }))

const MAX_UPLOAD_BYTES = 2 * 1024 * 1024
const mediaDir = temporaryFolder('media')
const server = useTestServer({
	seed: true,
	env: { MEDIA_DIR: mediaDir, MEDIA_RENDITIONS: TEST_RENDITIONS, MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) },
})
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }))

let manager: TestClient
let admin: TestClient
let free: TestClient
let premium: TestClient
let visitor: TestClient
beforeAll(async () => {
	manager = await logIn(server.url, 'manager')
	admin = await logIn(server.url, 'admin')
	free = await logIn(server.url, 'member')
	premium = await logIn(server.url, 'premium')
	visitor = new TestClient(server.url)
})

/** A lesson with an uploaded file, saved through the JSON API as the dialog saves it. */
async function lessonWith(url: string, title: string, as = manager) {
	const response = await as.json('POST', '/api/admin/videos', { title, url })
	expect(response.status, `saving "${title}"`).toBe(201)
	return (await response.json()) as { id: number; url: string; thumbnail: string | null; duration: number | null }
}

describe('uploading (tus)', () => {
	it('goes on where the server says it stopped when the connection drops in the middle of a piece', async () => {
		const bytes = fs.readFileSync(CLIP.lesson)
		const third = Math.floor(bytes.length / 3)
		const { response, location } = await startUpload(manager, bytes.length, 'Difficult conversations.mp4')
		expect(response.status).toBe(201)
		expect(location).toMatch(/^\/uploads\/[0-9a-f]{32}$/)

		const first = await sendChunk(manager, location!, 0, bytes.subarray(0, third))
		expect(first.status).toBe(204)
		expect(first.headers.get('Upload-Offset')).toBe(String(third))

		// The second piece is cut off after a few kilobytes.
		await sendChunkAndDrop(server.url, manager, location!, third, bytes.subarray(third, 2 * third), 4096)
		let resumeAt = 0
		await until(async () => {
			const head = await uploadOffset(manager, location!)
			resumeAt = head.offset
			return head.status === 200 && resumeAt >= third
		}, 'the server says how much arrived')
		expect(resumeAt).toBeLessThan(2 * third)

		const rest = await sendChunk(manager, location!, resumeAt, bytes.subarray(resumeAt))
		expect(rest.status).toBe(204)
		expect(rest.headers.get('Upload-Offset')).toBe(String(bytes.length))
		const key = location!.split('/').pop()!
		expect(rest.headers.get('Upload-Video-Url')).toBe(streamUrl(key))

		// What arrived is the file, byte for byte: it was kept as the upload's source (or is already a stream).
		const asset = await assetOf(key)
		expect(asset).toMatchObject({ size: bytes.length, originalName: 'Difficult conversations.mp4', videoId: null })
		expect(asset?.durationSeconds).toBeCloseTo(9, 0)
		await waitForState(key, 'ready')
	})

	it('refuses a file that is not a video, by its content, with a clear message, and keeps nothing of it', async () => {
		for (const name of ['notes.txt', 'notes.mp4', 'picture.mp4', 'song.m4a']) {
			const answer = await uploadFile(manager, path.join(clips, name))
			expect(answer.status, name).toBe(415)
			expect(answer.text, name).toBe('This file is not a video we can use. Upload an MP4, MOV, WebM or MKV video.')
			expect(answer.url, name).toBeNull()
			expect(await MediaAssetModel.exists({ key: answer.key }), name).toBeNull()
			expect(filesUnder(path.join(mediaDir, 'incoming')), name).toEqual([])
			expect(
				filesUnder(mediaDir).filter((file) => file.includes(answer.key!)),
				name,
			).toEqual([])
		}
	})

	it('takes MP4, MOV and WebM, sound or none', async () => {
		for (const file of [CLIP.short, CLIP.silent, CLIP.webm]) {
			const answer = await uploadFile(manager, file)
			expect(answer.status, path.basename(file)).toBe(204)
			await waitForState(answer.key!, 'ready')
		}
	})

	it('refuses a file over MAX_UPLOAD_BYTES before it is sent, and a piece that would pass it', async () => {
		const big = fs.readFileSync(path.join(clips, 'big.mp4'))
		const { response } = await startUpload(manager, big.length)
		expect(response.status).toBe(413)
		expect(await response.text()).toBe('This file is larger than 2 MB, the largest video this server takes.')

		// A client that declares a small upload and sends more is refused, and nothing more is kept.
		const { location } = await startUpload(manager, 1024)
		const over = await sendChunk(manager, location!, 0, big.subarray(0, 2048))
		expect(over.status).toBe(413)
		expect((await uploadOffset(manager, location!)).offset).toBe(0)
	})

	it("an upload is its uploader's alone: anyone else finds no such upload, and cannot give a lesson someone else's", async () => {
		const bytes = fs.readFileSync(CLIP.short)
		const { location } = await startUpload(manager, bytes.length)
		await sendChunk(manager, location!, 0, bytes.subarray(0, 1000))
		expect((await uploadOffset(admin, location!)).status).toBe(404)
		expect((await sendChunk(admin, location!, 1000, bytes.subarray(1000))).status).toBe(404)
		expect((await uploadOffset(manager, location!)).offset).toBe(1000)

		const finished = await uploadFile(manager, CLIP.short)
		const borrowed = await admin.json('POST', '/api/admin/videos', { title: 'Borrowed', url: finished.url })
		expect(borrowed.status).toBe(400)
		expect((await borrowed.json()).message).toBe('No uploaded video has this address. Upload the file again.')
		const guessed = await manager.json('POST', '/api/admin/videos', {
			title: 'Guessed',
			url: streamUrl('0'.repeat(32)),
		})
		expect(guessed.status).toBe(400)
	})
})

describe('uploading without JavaScript (one form)', () => {
	async function postDialog(client: TestClient, fields: Record<string, string>, file?: string) {
		const csrf = (await client.csrfToken('/admin/videos/new?tab=content'))!
		const form = new FormData()
		for (const [name, value] of Object.entries({ csrf, intent: 'save-video', ...fields })) form.set(name, value)
		form.set('file', file ? new Blob([fs.readFileSync(file)]) : new Blob([]), file ? path.basename(file) : '')
		return client.request('/admin/videos/new?tab=content', { method: 'POST', body: form })
	}

	it('saves the lesson with the file sent in the form, and the admin table shows it ready once processed', async () => {
		const response = await postDialog(manager, { title: 'Sent in one form', url: '' }, CLIP.short)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/admin?tab=content')
		const video = await VideoModel.findOne({ title: 'Sent in one form' }).lean()
		expect(video?.url).toMatch(/^\/media\/streams\/[0-9a-f]{32}\/master\.m3u8$/)
		const key = video!.url.split('/')[3]!
		await waitForState(key, 'ready')
		await until(
			async () => !(await VideoModel.exists({ id: video!.id, awaitingStream: true })),
			'the lesson is published',
		)
		const table = await (await manager.get('/admin?tab=content&q=Sent+in+one+form')).text()
		expect(table).toContain('Ready')
	})

	it('a form whose other fields are wrong keeps the file: it comes back in the URL field', async () => {
		const response = await postDialog(manager, { title: '', url: '' }, CLIP.short)
		expect(response.status).toBe(400)
		const page = await response.text()
		expect(page).toContain('Title is required')
		const kept = /value="(\/media\/streams\/[0-9a-f]{32}\/master\.m3u8)"/.exec(page)?.[1]
		expect(kept).toBeDefined()
		const saved = await lessonWith(kept!, 'Saved on the second try')
		expect(saved.url).toBe(kept)
	})

	it('refuses a file that is not a video on the form itself, and keeps nothing of it', async () => {
		const before = await MediaAssetModel.countDocuments()
		const waiting = filesUnder(path.join(mediaDir, 'incoming'))
		const response = await postDialog(manager, { title: 'Not a video', url: '' }, path.join(clips, 'notes.mp4'))
		expect(response.status).toBe(415)
		expect(await response.text()).toContain(
			'This file is not a video we can use. Upload an MP4, MOV, WebM or MKV video.',
		)
		expect(await MediaAssetModel.countDocuments()).toBe(before)
		expect(await VideoModel.exists({ title: 'Not a video' })).toBeNull()
		// Only the unfinished tus uploads of the tests above wait there (a day, to be resumed).
		expect(filesUnder(path.join(mediaDir, 'incoming'))).toEqual(waiting)
	})

	it('stops a file over MAX_UPLOAD_BYTES as it arrives, and keeps none of it', async () => {
		const waiting = filesUnder(path.join(mediaDir, 'incoming'))
		const response = await postDialog(manager, { title: 'Too big', url: '' }, path.join(clips, 'big.mp4'))
		expect(response.status).toBe(413)
		expect(await response.text()).toContain('This file is larger than 2 MB')
		expect(await VideoModel.exists({ title: 'Too big' })).toBeNull()
		expect(filesUnder(path.join(mediaDir, 'incoming'))).toEqual(waiting)
	})
})

describe('processing', () => {
	it('makes a playable HLS stream of the right length, a poster, the duration and a single-file fallback', async () => {
		const upload = await uploadFile(manager, CLIP.lesson)
		const lesson = await lessonWith(upload.url!, 'Difficult conversations')
		const asset = await waitForState(upload.key!, 'ready')
		expect(asset.renditions.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
			{ name: '90p', width: 160, height: 90 },
			{ name: '180p', width: 320, height: 180 },
		])
		expectCompleteStream(mediaDir, upload.key!, ['90p', '180p'])
		expect(filesUnder(path.join(mediaDir, 'work'))).toEqual([])

		// The lesson takes the stream's duration and picture as it is published, just after the upload is ready.
		await until(async () => !(await VideoModel.exists({ id: lesson.id, thumbnail: null })), 'the lesson is published')
		const saved = await VideoModel.findOne({ id: lesson.id }).lean()
		expect(saved).toMatchObject({ url: upload.url, duration: 1, thumbnail: `/media/streams/${upload.key}/poster.jpg` })

		const master = await premium.get(upload.url!)
		expect(master.status).toBe(200)
		expect(master.headers.get('Content-Type')).toMatch(/^application\/vnd\.apple\.mpegurl/)
		expect(master.headers.get('Cache-Control')).toBe('private, no-store')
		const text = await master.text()
		expect(text).toMatch(
			/#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=160x90,CODECS="avc1\.4d40[0-9a-f]{2},mp4a\.40\.2"/,
		)
		expect(text).toContain('RESOLUTION=320x180')

		// A player: ffprobe plays the whole stream through the gate and the signed addresses.
		const played = await probeServedStream(
			new URL(upload.url!, server.url).href,
			`__session=${premium.cookie('__session')}`,
		)
		expect(Number(played.format.duration)).toBeCloseTo(9, 0)
		expect(played.streams.filter((stream) => stream.codec_type === 'video').map((stream) => stream.height)).toEqual([
			90, 180,
		])

		const variant = await premium.get(text.split('\n').find((line) => line.includes('/180p/index.m3u8'))!)
		const playlist = await variant.text()
		const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0)
		expect(seconds).toBeCloseTo(9, 1)
		expect(playlist.match(/seg_\d{5}\.ts\?expires=\d+&signature=/g)).toHaveLength(3)

		const fallback = await premium.request(`/media/streams/${upload.key}/progressive.mp4`, {
			headers: { Range: 'bytes=0-99' },
		})
		expect(fallback.status).toBe(206)
		expect(fallback.headers.get('Content-Type')).toBe('video/mp4')
		const poster = await free.get(`/media/streams/${upload.key}/poster.jpg`)
		expect(poster.status).toBe(200)
		expect(poster.headers.get('Content-Type')).toBe('image/jpeg')
		expect((await visitor.get(`/media/streams/${upload.key}/poster.jpg`)).status).toBe(401)
	})

	it('marks a damaged file failed with the reason, and Retry processes it again', async () => {
		const upload = await uploadFile(manager, CLIP.damaged)
		expect(upload.status).toBe(204)
		const lesson = await lessonWith(upload.url!, 'Damaged on the way')
		const failed = await waitForState(upload.key!, 'failed')
		expect(failed.error).toMatch(/^The video could not be converted/)
		expect(await VideoModel.exists({ id: lesson.id, awaitingStream: true })).not.toBeNull()
		expect((await free.get(`/api/videos/${lesson.id}`)).status).toBe(404)
		// Nor do its notes or captions exist for members yet.
		expect((await premium.get(`/api/videos/${lesson.id}/notes`)).status).toBe(404)
		expect((await premium.json('POST', `/api/videos/${lesson.id}/notes`, { atSeconds: 1, text: 'Hi' })).status).toBe(
			404,
		)
		expect((await premium.get(`/content-library/${lesson.id}/captions/en.vtt`)).status).toBe(404)

		const table = await (await manager.get('/admin?tab=content&q=Damaged')).text()
		expect(table).toContain('Failed')
		expect(table).toContain('The video could not be converted')
		expect(table).toContain(`action="/admin/videos/${lesson.id}/retry?q=Damaged"`)

		// The cause is put right (here: the file is replaced by a good one), and the admin presses Retry.
		fs.copyFileSync(CLIP.short, path.join(mediaDir, 'sources', upload.key!))
		const retried = await manager.submitForm('/admin?tab=content', {}, `/admin/videos/${lesson.id}/retry?tab=content`)
		expect(retried.status).toBe(302)
		expect(retried.headers.get('Location')).toBe('/admin?tab=content')
		await waitForState(upload.key!, 'ready')
		await until(async () => (await free.get(`/api/videos/${lesson.id}`)).status === 200, 'the lesson is published')

		// Nothing to retry once it is ready: the table says so.
		const again = await manager.submitForm('/admin?tab=content', {}, `/admin/videos/${lesson.id}/retry?tab=content`)
		expect(again.status).toBe(302)
		const notice = await (await manager.get(again.headers.get('Location')!)).text()
		expect(notice).toContain('Could not retry')
		expect(notice).toContain('Only a video whose processing failed can be processed again.')
	})

	it('a new upload replaces a lesson’s video once it is ready, and the old upload goes', async () => {
		const first = await uploadFile(manager, CLIP.short)
		const lesson = await lessonWith(first.url!, 'Replaced later')
		await until(async () => (await premium.get(`/api/videos/${lesson.id}`)).status === 200, 'the lesson is published')
		await waitForState(first.key!, 'ready')

		const second = await uploadFile(manager, CLIP.silent)
		const saved = await manager.json('PATCH', `/api/admin/videos/${lesson.id}`, { url: second.url })
		expect(saved.status).toBe(200)
		const audited = await AuditEntryModel.findOne({ targetId: lesson.id, kind: 'video.updated' }).lean()
		expect(audited?.summary).toBe(
			'Uploaded a new video for "Replaced later" (it replaces the current one once it is ready)',
		)
		await waitForState(second.key!, 'ready')
		await until(
			async () => (await VideoModel.findOne({ id: lesson.id }).lean())?.url === second.url,
			'the lesson plays the new upload',
		)
		// Then the old upload goes, files and all.
		await until(async () => (await assetOf(first.key!)) === null, 'the old upload is deleted')
		expect(filesUnder(mediaDir).filter((file) => file.includes(first.key!))).toEqual([])
	})

	it('deleting a lesson deletes its uploads and their files', async () => {
		const upload = await uploadFile(manager, CLIP.short)
		const lesson = await lessonWith(upload.url!, 'Deleted soon')
		await waitForState(upload.key!, 'ready')
		expect((await manager.json('DELETE', `/api/admin/videos/${lesson.id}`)).status).toBe(200)
		expect(await assetOf(upload.key!)).toBeNull()
		expect(filesUnder(mediaDir).filter((file) => file.includes(upload.key!))).toEqual([])
	})
})

describe('playing', () => {
	let key = ''
	let lessonId = 0
	let master = ''
	beforeAll(async () => {
		const upload = await uploadFile(manager, CLIP.lesson)
		key = upload.key!
		// The seeded library has 16 lessons: a new one is past the free ten, so it is Premium (decision 011).
		lessonId = (await lessonWith(upload.url!, 'A Premium lesson')).id
		await waitForState(key, 'ready')
		await until(async () => (await premium.get(upload.url!)).status === 200, 'the lesson plays')
		master = await (await premium.get(upload.url!)).text()
	})

	/** Every address a player of this lesson fetches: the renditions' playlists and every segment, signed. */
	async function everySignedAddress() {
		const addresses: string[] = []
		for (const playlist of master.split('\n').filter((line) => line.startsWith('/media/'))) {
			addresses.push(playlist)
			const text = await (await premium.get(playlist)).text()
			addresses.push(...text.split('\n').filter((line) => line.startsWith('/media/')))
		}
		return addresses
	}

	it('a free member is refused the lesson, and every playlist and segment of it', async () => {
		expect(lessonId).toBeGreaterThan(10)
		const refusedMaster = await free.get(streamUrl(key))
		expect(refusedMaster.status).toBe(403)
		expect(await refusedMaster.text()).toContain('This video is part of Premium. Subscribe to watch it.')
		expect((await free.get(`/media/streams/${key}/progressive.mp4`)).status).toBe(403)
		expect((await visitor.get(streamUrl(key))).status).toBe(401)

		const addresses = await everySignedAddress()
		expect(addresses.length).toBe(2 + 3 + 3)
		for (const address of addresses) {
			const bare = address.split('?')[0]!
			const forged = `${bare}?expires=${Math.floor(Date.now() / 1000) + 3600}&signature=${'A'.repeat(43)}`
			for (const attempt of [bare, forged]) {
				const response = await free.get(attempt)
				expect(response.status, attempt).toBe(403)
				expect(await response.text(), attempt).not.toContain('#EXTM3U')
			}
		}
	})

	it('signed addresses need no session (a CDN can keep them), and are the same for everyone in the same quarter hour', async () => {
		const [playlist] = master.split('\n').filter((line) => line.startsWith('/media/'))
		const answer = await visitor.get(playlist!)
		expect(answer.status).toBe(200)
		expect(answer.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+, immutable$/)
		const segment = (await answer.text()).split('\n').find((line) => line.startsWith('/media/'))!
		const bytes = await visitor.get(segment)
		expect(bytes.status).toBe(200)
		expect(bytes.headers.get('Content-Type')).toBe('video/mp2t')
		expect(bytes.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+, immutable$/)

		// Two members a moment apart get the same addresses (unless a quarter hour turned in between: then asked again).
		const masters = async () => [
			await (await premium.get(streamUrl(key))).text(),
			await (await admin.get(streamUrl(key))).text(),
		]
		let [mine, theirs] = await masters()
		if (mine !== theirs) [mine, theirs] = await masters()
		expect(theirs).toBe(mine)
	})

	it('refuses an expired address and a tampered one', async () => {
		const segment = `/media/streams/${key}/180p/seg_00000.ts`
		const signingKey = deriveSigningKey(TEST_SESSION_SECRET, STREAM_SIGNING_PURPOSE)
		const good = signPath(segment, Math.floor(Date.now() / 1000) + 600, signingKey)
		expect((await visitor.get(good)).status).toBe(200)

		const expired = await visitor.get(signPath(segment, Math.floor(Date.now() / 1000) - 1, signingKey))
		expect(expired.status).toBe(403)
		expect(await expired.text()).toContain('This address has expired. Open the lesson again to keep watching.')

		const later = good.replace(/expires=(\d+)/, (_match, expires: string) => `expires=${Number(expires) + 3600}`)
		const otherSegment = good.replace('seg_00000', 'seg_00001')
		const otherLesson = good.replace(key, 'f'.repeat(32))
		// A signature with its first character changed (to another one: it may begin with 'x' already).
		const otherSignature = good.replace(
			/signature=(.)/,
			(_match, first: string) => `signature=${first === 'x' ? 'y' : 'x'}`,
		)
		for (const tampered of [later, otherSegment, otherLesson, otherSignature]) {
			const response = await visitor.get(tampered)
			expect([403, 404], tampered).toContain(response.status)
			expect(await response.text()).not.toContain('#EXTM3U')
		}
	})

	it('a premium member sees the lesson as today: the player gets the master playlist, with the single file beside it', async () => {
		const page = await (await premium.get(`/content-library/${lessonId}`)).text()
		expect(page).toContain(`<source src="${streamUrl(key)}" type="application/vnd.apple.mpegurl"/>`)
		expect(page).toContain(`<source src="/media/streams/${key}/progressive.mp4" type="video/mp4"/>`)
		const locked = await (await free.get(`/content-library/${lessonId}`)).text()
		expect(locked).not.toContain(key + '/master')
	})
})
