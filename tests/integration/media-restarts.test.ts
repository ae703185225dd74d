import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MediaAssetModel, NotificationModel, VideoModel } from '#models/index'
import { seedDemoData } from '~/demo/data.server'
import { DEMO_UPLOADED_LESSON } from '~/demo/uploads.server'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { useTestDatabase } from '../setup/test-database'
import { DEMO_SERVER_ENV, startTestServer, type TestServer } from '../setup/test-server'
import { until } from '../setup/until'
import {
	TEST_RENDITIONS,
	assetOf,
	expectCompleteStream,
	filesUnder,
	makeClip,
	startUpload,
	temporaryFolder,
	uploadFile,
	waitForState,
} from './media-helpers'

/**
 * Issue 25: "a restart resumes or restarts processing without duplicates",
 * and "a server without ffmpeg starts, says so in one line, and refuses
 * uploads with that message" (docs/decisions/175, 176). The servers here
 * encode no faster than the video plays (MEDIA_ENCODE_AT_PLAYBACK_SPEED), so
 * a six-second clip is still being processed when the server is stopped.
 */

const database = useTestDatabase()
const clips = temporaryFolder('restart-clips')
const mediaDir = temporaryFolder('restart-media')
let clip = ''
let server: TestServer | null = null

beforeAll(async () => {
	await seedDemoData()
	clip = await makeClip(path.join(clips, 'six-seconds.mp4'), { seconds: 6 })
})
afterAll(async () => {
	await server?.stop()
	fs.rmSync(clips, { recursive: true, force: true })
	fs.rmSync(mediaDir, { recursive: true, force: true })
})

const start = () =>
	startTestServer({
		mongodbUri: database.uri(),
		env: { MEDIA_DIR: mediaDir, MEDIA_RENDITIONS: TEST_RENDITIONS, MEDIA_ENCODE_AT_PLAYBACK_SPEED: 'true' },
	})

const processingAgain = (attempts: number) => (asset: { state: string; percent: number; attempts: number }) =>
	asset.state === 'processing' && asset.percent > 0 && asset.attempts === attempts

describe('a restart during processing', () => {
	it(
		'processes the upload again from the start, once, and publishes the lesson once',
		{ timeout: 180_000 },
		async () => {
			server = await start()
			let manager = await logIn(server.url, 'manager')
			const upload = await uploadFile(manager, clip)
			expect(upload.status).toBe(204)
			const created = await manager.json('POST', '/api/admin/videos', {
				title: 'Through two restarts',
				url: upload.url,
			})
			expect(created.status).toBe(201)
			const lessonId = ((await created.json()) as { id: number }).id

			// Members do not see the lesson while it is processed.
			let member = await logIn(server.url, 'premium')
			await waitForState(upload.key!, processingAgain(1))
			expect((await member.get(`/api/videos/${lessonId}`)).status).toBe(404)
			expect((await member.get(`/content-library/${lessonId}`)).status).toBe(404)
			expect(await (await member.get('/api/videos?q=Through+two+restarts')).text()).toBe('[]')
			expect((await member.get(upload.url!)).status).toBe(404)

			// A rolling restart (SIGTERM): the claim is handed back at once and does not count as an attempt.
			await server.stop()
			expect(await assetOf(upload.key!)).toMatchObject({ state: 'processing', holder: null, attempts: 0 })
			server = await start()
			await waitForState(upload.key!, processingAgain(1))

			// A crash (SIGKILL): the claim lapses, and another run takes the upload up again from the start.
			await server.crash()
			const abandoned = await assetOf(upload.key!)
			expect(abandoned).toMatchObject({ state: 'processing', attempts: 1 })
			expect(abandoned?.holder).not.toBeNull()
			server = await start()
			const ready = await waitForState(upload.key!, 'ready', 120_000)
			expect(ready.attempts).toBe(2)

			// One upload, one stream with nothing extra in it, nothing left over.
			expect(await MediaAssetModel.countDocuments({ videoId: lessonId })).toBe(1)
			expectCompleteStream(mediaDir, upload.key!, ['90p', '180p'])
			expect(filesUnder(path.join(mediaDir, 'work'))).toEqual([])
			expect(filesUnder(path.join(mediaDir, 'sources'))).toEqual([])

			// Published once: members play it, and each is told about it once.
			manager = await logIn(server.url, 'manager')
			member = await logIn(server.url, 'premium')
			await until(async () => (await member.get(`/api/videos/${lessonId}`)).status === 200, 'the lesson is published')
			expect((await member.get(upload.url!)).status).toBe(200)
			await until(
				async () => (await NotificationModel.countDocuments({ onceKey: `new_video:${lessonId}` })) > 0,
				'members are told about the new lesson',
			)
			const told = await NotificationModel.find({ onceKey: `new_video:${lessonId}` }).lean()
			expect(new Set(told.map((notification) => notification.recipientId)).size).toBe(told.length)
		},
	)
})

describe('a server without ffmpeg', () => {
	let bare: TestServer | null = null
	afterAll(() => bare?.stop())

	const MISSING =
		'Video uploads cannot be processed: ffmpeg (/nowhere/ffmpeg) and ffprobe (/nowhere/ffprobe) not found. Install ffmpeg (see the README) and restart.'

	it('starts, says in one line that uploads cannot be processed, and refuses uploads with that message', async () => {
		bare = await startTestServer({
			mongodbUri: database.uri(),
			env: {
				MEDIA_DIR: temporaryFolder('no-ffmpeg'),
				FFMPEG_PATH: '/nowhere/ffmpeg',
				FFPROBE_PATH: '/nowhere/ffprobe',
			},
		})
		expect(
			bare
				.output()
				.split('\n')
				.filter((line) => line.includes('Video uploads')),
		).toEqual([MISSING])
		const manager = await logIn(bare.url, 'manager')
		const { response } = await startUpload(manager, 1000)
		expect(response.status).toBe(503)
		expect(await response.text()).toBe(MISSING)

		// Without JavaScript: the dialog says it, and a form that carries a file is refused with it.
		const dialog = await (await manager.get('/admin/videos/new')).text()
		expect(dialog).toContain(MISSING)
		const form = new FormData()
		form.set('csrf', (await manager.csrfToken('/admin/videos/new'))!)
		form.set('title', 'No ffmpeg here')
		form.set('file', new Blob([fs.readFileSync(clip)]), 'lesson.mp4')
		const refused = await manager.request('/admin/videos/new', { method: 'POST', body: form })
		expect(refused.status).toBe(503)
		expect(await refused.text()).toContain(MISSING)

		// The rest works: a lesson given by its address is added as before; a visitor still gets 401.
		const byUrl = await manager.json('POST', '/api/admin/videos', { title: 'By address', url: '/media/x.mp4' })
		expect(byUrl.status).toBe(201)
		expect((await new TestClient(bare.url).request('/uploads', { method: 'POST' })).status).toBe(401)
	})
})

describe('the demo (npm run demo)', () => {
	const demoServers: TestServer[] = []
	afterAll(() => Promise.all(demoServers.map((demo) => demo.stop())))

	const startDemo = async () => {
		const demo = await startTestServer({
			mongodbUri: database.uri(),
			env: {
				...DEMO_SERVER_ENV,
				MEDIA_DIR: mediaDir,
				MEDIA_RENDITIONS: TEST_RENDITIONS,
			},
		})
		demoServers.push(demo)
		return demo
	}

	it(
		'uploads one lesson’s clip as its video once, which plays on meanwhile and then streams',
		{ timeout: 120_000 },
		async () => {
			// The restart test's server (encoding at playback speed) would take the demo's upload too: it is gone first.
			await server?.stop()
			const title = DEMO_UPLOADED_LESSON.title
			const lesson = (await VideoModel.findOne({ title }).lean())!
			expect(lesson.url).toBe(`/media/${DEMO_UPLOADED_LESSON.slug}.mp4`)

			// Two processes of a demo cluster start together on one database: one of them uploads it.
			const [first, second] = await Promise.all([startDemo(), startDemo()])
			const said = [first, second].filter((demo) => demo.output().includes(`Demo: "${title}" uploaded as a video file`))
			expect(said).toHaveLength(1)
			const assets = await MediaAssetModel.find({ videoId: lesson.id }).lean()
			expect(assets).toHaveLength(1)
			const key = assets[0]!.key

			// The free member watches it all along: its clip until the stream is ready, then the stream.
			const member = await logIn(first.url, 'member')
			expect((await member.get(`/api/videos/${lesson.id}`)).status).toBe(200)
			await waitForState(key, 'ready')
			await until(
				async () => (await VideoModel.findOne({ id: lesson.id }).lean())?.url === `/media/streams/${key}/master.m3u8`,
				'the lesson plays its stream',
			)
			const played = (await (await member.get(`/api/videos/${lesson.id}`)).json()) as { url: string }
			expect(played.url).toBe(`/media/streams/${key}/master.m3u8`)
			const master = await member.get(played.url)
			expect(master.status).toBe(200)
			expect(await master.text()).toContain('/90p/index.m3u8')
			expectCompleteStream(mediaDir, key, ['90p', '180p'])

			// The Content tab shows the upload, ready.
			const manager = await logIn(first.url, 'manager')
			const table = await (await manager.get(`/admin?tab=content&q=${encodeURIComponent(title)}`)).text()
			expect(table).toContain(`${DEMO_UPLOADED_LESSON.slug}.mp4`)
			expect(table).toContain('Ready')

			// Started again on the same database: nothing more is uploaded.
			await first.stop()
			const again = await startDemo()
			expect(again.output()).not.toContain('uploaded as a video file')
			expect(await MediaAssetModel.countDocuments({ videoId: lesson.id })).toBe(1)
		},
	)
})
