import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect } from 'vitest'
import { MediaAssetModel, type MediaAsset } from '#models/index'
import { type TestClient } from '../setup/http-client'
import { until } from '../setup/until'

/**
 * Uploaded lessons in tests (docs/decisions/175–177): tiny clips made with
 * ffmpeg's generated sources, the tus protocol spoken by hand (so a test can
 * cut a request off mid-way), and the media folder of a test server.
 */

const run = promisify(execFile)

/** A folder of its own for a test file's clips, or its server's MEDIA_DIR. */
export function temporaryFolder(name: string): string {
	return fs.mkdtempSync(path.join(os.tmpdir(), `leaderforge-${name}-`))
}

/** The renditions of the test servers: two tiny steps, so the master playlist has a choice and encoding is quick. */
export const TEST_RENDITIONS = '90:150,180:300'

/**
 * A clip made by ffmpeg from its test pattern and a tone: `seconds` long,
 * 320×180 unless said otherwise; the container follows the file's extension.
 */
export async function makeClip(
	file: string,
	{ seconds, size = '320x180', audio = true }: { seconds: number; size?: string; audio?: boolean },
): Promise<string> {
	const video = file.endsWith('.webm') ? ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'] : []
	await run('ffmpeg', [
		'-v',
		'error',
		'-y',
		'-f',
		'lavfi',
		'-i',
		`testsrc=size=${size}:rate=25:duration=${seconds}`,
		...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
		...video,
		...(file.endsWith('.webm') ? [] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']),
		...(audio ? ['-shortest'] : []),
		file,
	])
	return file
}

/** A still picture (PNG), which ffprobe reads as an image, not a video. */
export async function makePicture(file: string): Promise<string> {
	await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=64x64', '-frames:v', '1', file])
	return file
}

/** Sound alone, in an MP4 container (an .m4a): no picture. */
export async function makeSound(file: string, seconds: number): Promise<string> {
	await run('ffmpeg', [
		'-v',
		'error',
		'-y',
		'-f',
		'lavfi',
		'-i',
		`sine=frequency=440:duration=${seconds}`,
		'-c:a',
		'aac',
		file,
	])
	return file
}

/** A copy of an MP4 whose pictures are zeros: ffprobe reads it as a video, but there is nothing to decode. */
export function damagedCopy(mp4: string, file: string): string {
	const bytes = fs.readFileSync(mp4)
	for (let offset = 0; offset < bytes.length;) {
		const size = bytes.readUInt32BE(offset)
		if (bytes.toString('latin1', offset + 4, offset + 8) === 'mdat') bytes.fill(0, offset + 8, offset + size)
		offset += size
	}
	fs.writeFileSync(file, bytes)
	return file
}

/** What ffprobe says of a stream the server plays, fetched with a member's session cookie: duration and pictures. */
export async function probeServedStream(url: string, sessionCookie: string) {
	const { stdout } = await run('ffprobe', [
		'-v',
		'error',
		'-headers',
		`Cookie: ${sessionCookie}\r\n`,
		'-show_entries',
		'format=duration:stream=codec_type,width,height',
		'-of',
		'json',
		url,
	])
	return JSON.parse(stdout) as {
		format: { duration: string }
		streams: Array<{ codec_type: string; width?: number; height?: number }>
	}
}

const TUS = { 'Tus-Resumable': '1.0.0' }

/** Starts a tus upload of `size` bytes named `fileName`: the answer, and the upload's address. */
export async function startUpload(client: TestClient, size: number, fileName = 'lesson.mp4') {
	const response = await client.request('/uploads', {
		method: 'POST',
		headers: {
			...TUS,
			'Upload-Length': String(size),
			'Upload-Metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
		},
	})
	return { response, location: response.headers.get('Location') }
}

/** Sends `bytes` at `offset` to an upload (one tus PATCH). */
export function sendChunk(client: TestClient, location: string, offset: number, bytes: Uint8Array) {
	return client.request(location, {
		method: 'PATCH',
		headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
		body: Uint8Array.from(bytes),
	})
}

/** How far the server has an upload (tus HEAD): its Upload-Offset, or the refusal's status. */
export async function uploadOffset(client: TestClient, location: string) {
	const response = await client.request(location, { method: 'HEAD', headers: TUS })
	return { status: response.status, offset: Number(response.headers.get('Upload-Offset')) }
}

/** A whole file by tus, in one PATCH: the last answer (its status, the lesson url the server gives back, its words). */
export async function uploadFile(client: TestClient, file: string, fileName = path.basename(file)) {
	const bytes = fs.readFileSync(file)
	const { response: created, location } = await startUpload(client, bytes.length, fileName)
	if (!location) return { status: created.status, url: null, key: null, text: await created.text() }
	const sent = await sendChunk(client, location, 0, bytes)
	return {
		status: sent.status,
		url: sent.headers.get('Upload-Video-Url'),
		key: location.split('/').pop()!,
		text: await sent.text(),
	}
}

/**
 * A PATCH whose connection is cut after `sent` of its `bytes`, as when a
 * train goes into a tunnel: the request says it carries all of them, sends
 * part, and the socket is destroyed.
 */
export async function sendChunkAndDrop(
	baseUrl: string,
	client: TestClient,
	location: string,
	offset: number,
	bytes: Uint8Array,
	sent: number,
): Promise<void> {
	const url = new URL(location, baseUrl)
	await new Promise<void>((resolve) => {
		const request = http.request(url, {
			method: 'PATCH',
			headers: {
				...TUS,
				Origin: new URL(baseUrl).origin,
				Cookie: `__session=${client.cookie('__session')}`,
				'Upload-Offset': String(offset),
				'Content-Type': 'application/offset+octet-stream',
				'Content-Length': String(bytes.length),
			},
		})
		request.on('error', () => resolve())
		request.on('close', () => resolve())
		request.write(bytes.subarray(0, sent), () => {
			// Give the server a moment to write what arrived, then the line goes dead.
			setTimeout(() => request.destroy(), 200)
		})
	})
}

/** The asset of an upload, as it is now. */
export const assetOf = (key: string) => MediaAssetModel.findOne({ key }).lean<MediaAsset>()

/** Waits until the upload `key` is in `state` (processing runs in the server's job, beside the requests). */
export async function waitForState(
	key: string,
	state: MediaAsset['state'] | ((asset: MediaAsset) => boolean),
	limitMs = 60_000,
) {
	const matches = (asset: MediaAsset | null) =>
		asset !== null && (typeof state === 'function' ? state(asset) : asset.state === state)
	await until(
		async () => matches(await assetOf(key)),
		`upload ${key} is ${typeof state === 'string' ? state : 'as expected'}`,
		limitMs,
	)
	return (await assetOf(key))!
}

/**
 * Waits until the lesson of stream `url` plays for `client`: processing marks
 * the upload ready a moment before it publishes the lesson waiting for it, so
 * `waitForState(key, 'ready')` alone can return while the lesson still 404s.
 */
export async function waitUntilPlayable(client: TestClient, url: string, limitMs = 60_000) {
	await until(
		async () => {
			const answer = await client.get(url)
			await answer.arrayBuffer()
			return answer.status === 200
		},
		`${url} plays`,
		limitMs,
	)
}

/** Every file under a folder, as paths relative to it, sorted. */
export function filesUnder(folder: string): string[] {
	if (!fs.existsSync(folder)) return []
	return (fs.readdirSync(folder, { recursive: true }) as string[])
		.filter((name) => fs.statSync(path.join(folder, name)).isFile())
		.sort()
}

/** The files a finished stream has: each rendition's playlist and the segments it lists, the fallback and the poster. */
export function expectCompleteStream(mediaDir: string, key: string, renditions: string[]) {
	const folder = path.join(mediaDir, 'streams', key)
	const expected = ['poster.jpg', 'progressive.mp4']
	for (const name of renditions) {
		const playlist = fs.readFileSync(path.join(folder, name, 'index.m3u8'), 'utf8')
		expected.push(
			`${name}/index.m3u8`,
			...playlist
				.split('\n')
				.filter((line) => /^seg_\d{5}\.ts$/.test(line))
				.map((segment) => `${name}/${segment}`),
		)
	}
	expect(filesUnder(folder)).toEqual(expected.sort())
}
