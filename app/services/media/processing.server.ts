import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import mongoose from 'mongoose'
import { MediaAssetModel, type MediaAsset, type MediaRendition } from '#models/index'
import { getConfig, type RenditionSetting } from '~/config.server'
import { type Job } from '~/platform/jobs.server'
import { FfmpegError, mediaToolsMissing, probeMedia, runFfmpeg } from '~/platform/media-tools.server'
import { singleton } from '~/platform/singleton.server'
import { uploadStoreAt } from '~/platform/upload-store.server'
import { publishStream } from '~/services/catalogue/videos.server'
import { MEDIA_JOB, mediaStorage, removeAsset, staffIds, tellStaff } from '~/services/media/assets.server'

/**
 * The media-processing job (docs/decisions/176): turns each accepted upload
 * into an HLS stream with ffmpeg (a rendition per step of MEDIA_RENDITIONS
 * the video is large enough for, 4-second segments), a single-file fallback
 * (progressive.mp4) and a poster frame, measures what it made, and publishes
 * the lesson.
 *
 * Like every background job it runs under the job's lease; on top of that it
 * claims one asset at a time with a lease of the asset's own
 * (`holder`/`lockedUntil`, renewed every few seconds while ffmpeg works), so
 * however many processes run the job, each upload is encoded by one of them.
 * A process that stops mid-way (a restart releases its claim at once; a
 * crash lets it lapse) leaves the asset to the next run, which starts it
 * again from the source: partial output is in a work folder of its own and
 * is thrown away; only a finished stream is published, whole, under the
 * asset's name. One encoding per process at a time, at a lower CPU priority.
 */

/** How long a claim holds without being renewed: a crashed process's upload is taken up again after this. */
const CLAIM_MS = 20_000
const RENEW_EVERY_MS = 5_000
/** Claims an asset may use up (restarts, crashes) before it is marked failed rather than tried again. */
const MAX_ATTEMPTS = 3
/** An upload whose dialog was never saved is deleted after this. */
const UNUSED_UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000
const SEGMENT_SECONDS = 4
const AUDIO_KBPS = 96
/** The poster and the single-file fallback are drawn at most this large (the short side). */
const FALLBACK_HEIGHT = 720
/** A percent is written (and sent to the admin table) at most this often. */
const PERCENT_EVERY_MS = 1_000

/** This process as a claimant. Random per start, so a restarted process never mistakes an old claim for its own. */
const holder = singleton('media-claim-holder', () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`)

export const mediaProcessingJob: Job = {
	name: MEDIA_JOB,
	everyMs: 10_000,
	// The job's lease only spaces the runs out: an encoding outlives it on purpose, so that meanwhile another
	// process can run the job and take another upload. What keeps two processes from one upload is its own claim.
	lockMs: CLAIM_MS,
	async run({ now, signal }) {
		if (mediaToolsMissing()) return
		await failWornOutClaims(now)
		for (;;) {
			if (signal.aborted) return
			const asset = await claimNextAsset()
			if (!asset) break
			await processAsset(asset, signal)
		}
		await sweepUnusedUploads(now)
	},
}

/** The next upload no process is working on, oldest first: one atomic update, so two processes never take the same. */
function claimNextAsset(): Promise<MediaAsset | null> {
	const now = new Date()
	return MediaAssetModel.findOneAndUpdate(
		{
			state: mongoose.trusted({ $in: ['uploaded', 'processing'] }),
			lockedUntil: mongoose.trusted({ $lte: now }),
			attempts: mongoose.trusted({ $lt: MAX_ATTEMPTS }),
		},
		{
			$set: { state: 'processing', percent: 0, error: null, holder, lockedUntil: new Date(now.getTime() + CLAIM_MS) },
			$inc: { attempts: 1 },
		},
		{ sort: { id: 1 }, new: true },
	).lean<MediaAsset>()
}

/** Uploads whose processing stopped MAX_ATTEMPTS times without finishing (a file that crashes the server, say): failed. */
async function failWornOutClaims(now: Date): Promise<void> {
	const filter = {
		state: 'processing',
		lockedUntil: mongoose.trusted({ $lte: now }),
		attempts: mongoose.trusted({ $gte: MAX_ATTEMPTS }),
	}
	for (const asset of await MediaAssetModel.find(filter).lean<MediaAsset[]>()) {
		await fail(asset, `Processing stopped ${asset.attempts} times before it finished. Retry, or upload the file again.`)
	}
}

/** Marks a claimed (or abandoned) asset failed, with the reason the admin table shows. */
async function fail(asset: MediaAsset, reason: string): Promise<void> {
	const failed = await MediaAssetModel.findOneAndUpdate(
		{ id: asset.id, state: 'processing' },
		{ $set: { state: 'failed', error: reason, holder: null, lockedUntil: new Date(0), updatedAt: new Date() } },
		{ new: true },
	).lean<MediaAsset>()
	await mediaStorage().discardWork(asset.key)
	if (failed) await tellStaff(failed)
}

/** A claim this process no longer holds (it lapsed, or the asset was deleted): its work is thrown away. */
class ClaimLost extends Error {}

/** An encoding that finished but made nothing playable: the file's fault, said in words. */
class UnplayableOutput extends Error {}

async function processAsset(claimed: MediaAsset, signal: AbortSignal): Promise<void> {
	const storage = mediaStorage()
	const work = new AbortController()
	const stop = () => work.abort(signal.reason)
	signal.addEventListener('abort', stop, { once: true })
	const staff = await staffIds()
	let percentWritten = 0
	let percentWrittenAt = 0

	/** Renews the claim (with a new percent); a claim that is gone stops the work. */
	async function renew(percent?: number) {
		const result = await MediaAssetModel.updateOne(
			{ id: claimed.id, holder },
			{
				$set: {
					lockedUntil: new Date(Date.now() + CLAIM_MS),
					...(percent === undefined ? {} : { percent, updatedAt: new Date() }),
				},
			},
		)
		if (result.matchedCount === 0) work.abort(new ClaimLost())
	}
	const heartbeat = setInterval(() => void renew().catch(() => {}), RENEW_EVERY_MS)
	function onPercent(percent: number) {
		if (percent <= percentWritten || Date.now() - percentWrittenAt < PERCENT_EVERY_MS) return
		percentWritten = percent
		percentWrittenAt = Date.now()
		void renew(percent)
			.then(() => tellStaff({ ...claimed, percent }, staff))
			.catch(() => {})
	}

	try {
		await tellStaff(claimed, staff)
		// What a run that died left behind is not this run's.
		await storage.discardWork(claimed.key)
		const workDir = await storage.newWorkDir(claimed.key)
		const renditions = await storage.withSource(claimed.key, (source) =>
			encode(claimed, source, workDir, { signal: work.signal, onPercent }),
		)
		if (work.signal.aborted) throw work.signal.reason
		await storage.publishStream(claimed.key, workDir)
		const ready = await MediaAssetModel.findOneAndUpdate(
			{ id: claimed.id, holder },
			{
				$set: {
					state: 'ready',
					percent: 100,
					renditions,
					holder: null,
					lockedUntil: new Date(0),
					readyAt: new Date(),
					updatedAt: new Date(),
				},
			},
			{ new: true },
		).lean<MediaAsset>()
		if (!ready) return
		await storage.removeSource(claimed.key)
		// A lesson that waits for it plays it now; an upload whose dialog is not saved yet is published when it is.
		await publishStream(ready)
	} catch (error) {
		if (signal.aborted) {
			// Stopping (a restart): the claim is handed back at once, and does not count as an attempt.
			await MediaAssetModel.updateOne(
				{ id: claimed.id, holder },
				{ $set: { holder: null, lockedUntil: new Date(0), percent: 0 }, $inc: { attempts: -1 } },
			)
			await storage.discardWork(claimed.key)
		} else if (work.signal.reason instanceof ClaimLost) {
			await storage.discardWork(claimed.key)
		} else if (error instanceof FfmpegError || error instanceof UnplayableOutput) {
			await fail(claimed, failureReason(error))
		} else {
			console.error(`Media processing: upload ${claimed.key} failed:`, error)
			await fail(claimed, 'Processing failed on the server. Retry, or upload the file again.')
		}
	} finally {
		clearInterval(heartbeat)
		signal.removeEventListener('abort', stop)
	}
}

function failureReason(error: FfmpegError | UnplayableOutput): string {
	if (error instanceof UnplayableOutput) return error.message
	// The last line that says what went wrong, not ffmpeg's closing summary.
	const said = [...error.lastLines].reverse().find((line) => !/^Conversion failed!?$/i.test(line)) ?? error.message
	return `The video could not be converted: the file may be damaged or use a format we cannot read (ffmpeg: ${said.slice(0, 200)}).`
}

/** One rendition to make: its folder name, picture size and bitrate. */
interface Step {
	name: string
	width: number
	height: number
	videoKbps: number
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2)

/**
 * The renditions this video gets: each step of the ladder its short side
 * reaches (a 720p upload is not blown up to 1080p), or one step at its own
 * size when it is smaller than the smallest. Portrait videos are measured by
 * their short side too.
 */
export function ladderFor(
	video: Pick<MediaAsset, 'sourceWidth' | 'sourceHeight'>,
	settings: RenditionSetting[],
): Step[] {
	const short = Math.min(video.sourceWidth, video.sourceHeight)
	const long = Math.max(video.sourceWidth, video.sourceHeight)
	const landscape = video.sourceWidth >= video.sourceHeight
	const fitting = settings.filter((step) => step.height <= short)
	const steps = fitting.length > 0 ? fitting : [{ height: even(short), videoKbps: settings[0]!.videoKbps }]
	return steps.map(({ height, videoKbps }) => {
		const across = even((long * height) / short)
		return {
			name: `${height}p`,
			width: landscape ? across : height,
			height: landscape ? height : across,
			videoKbps,
		}
	})
}

/**
 * Encodes every rendition in one ffmpeg run (the source is decoded once),
 * then takes the poster and remuxes the fallback file; answers what the
 * master playlist needs of each rendition. The source is read as the
 * container ffprobe found and nothing else, from this file only.
 */
async function encode(
	asset: MediaAsset,
	source: string,
	workDir: string,
	{ signal, onPercent }: { signal: AbortSignal; onPercent: (percent: number) => void },
): Promise<MediaRendition[]> {
	const { media } = getConfig()
	const steps = ladderFor(asset, media.renditions)
	const input = [
		'-protocol_whitelist',
		'file',
		...(media.encodeAtPlaybackSpeed ? ['-readrate', '1'] : []),
		'-f',
		asset.container,
		'-i',
		source,
	]
	const split = `[0:v:0]split=${steps.length}${steps.map((_, index) => `[in${index}]`).join('')}`
	const scaled = steps.map(
		(step, index) => `[in${index}]scale=${step.width}:${step.height},setsar=1,format=yuv420p[out${index}]`,
	)
	const outputs = steps.flatMap((step, index) => {
		const folder = path.join(workDir, step.name)
		return [
			'-map',
			`[out${index}]`,
			'-map',
			'0:a:0?',
			'-c:v',
			'libx264',
			'-preset',
			'veryfast',
			'-profile:v',
			'main',
			'-b:v',
			`${step.videoKbps}k`,
			'-maxrate',
			`${Math.round(step.videoKbps * 1.1)}k`,
			'-bufsize',
			`${step.videoKbps * 2}k`,
			// A key frame every segment, whatever the frame rate: every rendition's segments start at the same times.
			'-force_key_frames',
			`expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
			'-sc_threshold',
			'0',
			'-c:a',
			'aac',
			'-b:a',
			`${AUDIO_KBPS}k`,
			'-ac',
			'2',
			'-f',
			'hls',
			'-hls_time',
			String(SEGMENT_SECONDS),
			'-hls_playlist_type',
			'vod',
			'-hls_segment_filename',
			path.join(folder, 'seg_%05d.ts'),
			path.join(folder, 'index.m3u8'),
		]
	})
	for (const step of steps) await fs.mkdir(path.join(workDir, step.name))
	const paths = { ffmpegPath: media.ffmpegPath, ffprobePath: media.ffprobePath }
	await runFfmpeg([...input, '-filter_complex', [split, ...scaled].join(';'), ...outputs], {
		paths,
		signal,
		onProgress: (seconds) => onPercent(Math.min(95, Math.floor((seconds / asset.durationSeconds) * 95))),
	})

	const renditions: MediaRendition[] = []
	for (const step of steps) renditions.push(await measure(step, path.join(workDir, step.name), asset.hasAudio, paths))

	// The fallback and the poster: the largest rendition up to 720p.
	const fallback = steps.filter((step) => Math.min(step.width, step.height) <= FALLBACK_HEIGHT).at(-1) ?? steps[0]!
	await runFfmpeg(
		[
			'-protocol_whitelist',
			'file',
			'-f',
			'hls',
			'-i',
			path.join(workDir, fallback.name, 'index.m3u8'),
			'-c',
			'copy',
			'-movflags',
			'+faststart',
			path.join(workDir, 'progressive.mp4'),
		],
		{ paths, signal },
	)
	onPercent(97)
	await runFfmpeg(
		[
			'-protocol_whitelist',
			'file',
			'-ss',
			String(Math.min(5, asset.durationSeconds / 4)),
			'-f',
			asset.container,
			'-i',
			source,
			'-frames:v',
			'1',
			'-vf',
			`scale=${fallback.width}:${fallback.height},setsar=1`,
			'-q:v',
			'3',
			path.join(workDir, 'poster.jpg'),
		],
		{ paths, signal },
	)
	return renditions
}

/**
 * What the master playlist says of a rendition, measured on what was made:
 * its segments' peak and average bitrate, and its codecs as the first
 * segment has them. A rendition without a segment, or without any time,
 * is no video.
 */
async function measure(
	step: Step,
	folder: string,
	hasAudio: boolean,
	paths: { ffmpegPath: string; ffprobePath: string },
): Promise<MediaRendition> {
	const playlist = await fs.readFile(path.join(folder, 'index.m3u8'), 'utf8').catch(() => '')
	const lines = playlist.split('\n').map((line) => line.trim())
	const segments: Array<{ file: string; seconds: number }> = []
	lines.forEach((line, index) => {
		const seconds = /^#EXTINF:([\d.]+)/.exec(line)?.[1]
		const file = lines[index + 1]
		if (seconds && file && !file.startsWith('#')) segments.push({ file, seconds: Number(seconds) })
	})
	const totalSeconds = segments.reduce((sum, segment) => sum + segment.seconds, 0)
	if (segments.length === 0 || !(totalSeconds > 0))
		throw new UnplayableOutput(
			'The video could not be converted: no picture could be read from the file. It may be damaged; upload it again.',
		)
	let peak = 0
	let totalBits = 0
	for (const segment of segments) {
		const bits = (await fs.stat(path.join(folder, segment.file))).size * 8
		totalBits += bits
		if (segment.seconds > 0) peak = Math.max(peak, bits / segment.seconds)
	}
	const probe = await probeMedia(path.join(folder, segments[0]!.file), paths)
	const level = probe?.streams.find((stream) => stream.codec_type === 'video')?.level ?? 30
	const audio = hasAudio && probe?.streams.some((stream) => stream.codec_type === 'audio')
	return {
		name: step.name,
		width: step.width,
		height: step.height,
		bandwidth: Math.ceil(peak),
		averageBandwidth: Math.ceil(totalBits / totalSeconds),
		// H.264 Main (profile 0x4d, constraint flags 0x40) at the level x264 chose; AAC-LC.
		codecs: `avc1.4d40${level.toString(16).padStart(2, '0')}${audio ? ',mp4a.40.2' : ''}`,
	}
}

/**
 * Uploads nobody saved a lesson with (the dialog was closed) and tus uploads
 * left unfinished: deleted after a day, with their files.
 */
async function sweepUnusedUploads(now: Date): Promise<void> {
	const before = new Date(now.getTime() - UNUSED_UPLOAD_KEPT_MS)
	const unused = await MediaAssetModel.find({
		videoId: null,
		createdAt: mongoose.trusted({ $lt: before }),
		state: mongoose.trusted({ $in: ['uploaded', 'ready', 'failed'] }),
	})
		.select('id key')
		.lean<MediaAsset[]>()
	for (const asset of unused) await removeAsset(asset)
	const storage = mediaStorage()
	await uploadStoreAt(storage.incomingDir)
		.deleteExpired()
		.catch((error: unknown) => console.error('Media processing: removing unfinished uploads failed:', error))
	await storage.sweepIncoming(before)
}
