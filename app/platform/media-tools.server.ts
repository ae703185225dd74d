import { spawn } from 'node:child_process'
import os from 'node:os'
import readline from 'node:readline'
import { singleton } from '~/platform/singleton.server'

/**
 * ffmpeg and ffprobe, the programs that read and transcode uploaded videos
 * (docs/decisions/175, 176). They are a real dependency: the Docker image
 * installs them, and a server without them starts, says so once, and refuses
 * uploads with that message. Nothing here knows about lessons.
 */

export interface MediaToolPaths {
	ffmpegPath: string
	ffprobePath: string
}

/** Whether the tools answered at start-up: `missing` is the one line the server printed. */
type ToolsStatus = { available: true; version: string } | { available: false; missing: string }

const status = singleton('media-tools-status', () => ({ current: null as ToolsStatus | null }))

/** Runs a program to its end: its exit code and output (at most `maxOutput` bytes kept of each stream). */
function run(
	program: string,
	args: string[],
	{ timeoutMs, maxOutput = 4 * 1024 * 1024 }: { timeoutMs: number; maxOutput?: number },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
	return new Promise((resolve) => {
		const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] })
		const out: Buffer[] = []
		const err: Buffer[] = []
		let outSize = 0
		let errSize = 0
		child.stdout.on('data', (chunk: Buffer) => {
			outSize += chunk.length
			if (outSize <= maxOutput) out.push(chunk)
			else child.kill('SIGKILL')
		})
		child.stderr.on('data', (chunk: Buffer) => {
			errSize += chunk.length
			if (errSize <= maxOutput) err.push(chunk)
		})
		const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
		const finish = (code: number | null) => {
			clearTimeout(timer)
			resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') })
		}
		// A program that is not there: ENOENT arrives as an error, and no exit follows.
		child.once('error', () => finish(null))
		child.once('close', finish)
	})
}

/**
 * Asks both programs for their version, once at start-up; what they said is
 * kept for `mediaToolsMissing`. Answers the line the server prints.
 */
export async function checkMediaTools(paths: MediaToolPaths): Promise<string> {
	const [ffmpeg, ffprobe] = await Promise.all([
		run(paths.ffmpegPath, ['-hide_banner', '-version'], { timeoutMs: 10_000 }),
		run(paths.ffprobePath, ['-hide_banner', '-version'], { timeoutMs: 10_000 }),
	])
	const missing = [
		...(ffmpeg.code === 0 ? [] : [`ffmpeg (${paths.ffmpegPath})`]),
		...(ffprobe.code === 0 ? [] : [`ffprobe (${paths.ffprobePath})`]),
	]
	if (missing.length > 0) {
		status.current = {
			available: false,
			missing: `Video uploads cannot be processed: ${missing.join(' and ')} not found. Install ffmpeg (see the README) and restart.`,
		}
		return status.current.missing
	}
	const version = /version (\S+)/.exec(ffmpeg.stdout)?.[1] ?? 'unknown version'
	status.current = { available: true, version }
	return `Video uploads: ffmpeg ${version}`
}

/** Why uploads cannot be processed in this process, or null when ffmpeg and ffprobe answered (or were never asked). */
export function mediaToolsMissing(): string | null {
	const current = status.current
	return current && !current.available ? current.missing : null
}

/** What ffprobe says of a file (the parts read here); null when it is no media file it can read at all. */
export interface ProbeResult {
	format: { format_name?: string; duration?: string; size?: string }
	streams: Array<{
		index: number
		codec_type?: string
		codec_name?: string
		profile?: string
		level?: number
		width?: number
		height?: number
		duration?: string
		disposition?: { attached_pic?: number }
		tags?: { rotate?: string }
		side_data_list?: Array<{ rotation?: number }>
	}>
}

/**
 * ffprobe on a local file, reading nothing but that file (no network, no
 * other file a crafted playlist could name), within a minute.
 */
export async function probeMedia(file: string, paths: MediaToolPaths): Promise<ProbeResult | null> {
	const { code, stdout } = await run(
		paths.ffprobePath,
		['-v', 'error', '-protocol_whitelist', 'file', '-show_format', '-show_streams', '-of', 'json', '-i', file],
		{ timeoutMs: 60_000 },
	)
	if (code !== 0) return null
	try {
		const parsed = JSON.parse(stdout) as Partial<ProbeResult>
		return parsed.format && Array.isArray(parsed.streams) ? (parsed as ProbeResult) : null
	} catch {
		return null
	}
}

/** ffmpeg stopped with an error: the last lines it wrote say why. */
export class FfmpegError extends Error {
	constructor(readonly lastLines: string[]) {
		super(lastLines.at(-1) ?? 'ffmpeg failed')
		this.name = 'FfmpegError'
	}
}

/** How many of ffmpeg's last lines of complaint are kept (a damaged file can print one per frame). */
const KEPT_LINES = 20

/**
 * Runs ffmpeg with `args` (the `-progress` output is added here): calls
 * `onProgress` with the seconds of output written so far, lowers its CPU
 * priority so pages stay quick while it works, and kills it when `signal`
 * aborts. Resolves when it exits cleanly; rejects with FfmpegError (its last
 * lines) otherwise, or with the signal's reason when aborted.
 */
export function runFfmpeg(
	args: string[],
	{
		paths,
		signal,
		onProgress,
	}: { paths: MediaToolPaths; signal: AbortSignal; onProgress?: (outputSeconds: number) => void },
): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal.aborted) return reject(signal.reason)
		const child = spawn(
			paths.ffmpegPath,
			['-hide_banner', '-nostdin', '-y', '-v', 'error', '-nostats', '-progress', 'pipe:1', ...args],
			{ stdio: ['ignore', 'pipe', 'pipe'] },
		)
		try {
			if (child.pid) os.setPriority(child.pid, 10)
		} catch {
			// Not allowed to change it (some containers): it runs at the normal priority.
		}
		const lastLines: string[] = []
		readline.createInterface({ input: child.stderr }).on('line', (line) => {
			if (!line.trim()) return
			lastLines.push(line.trim())
			if (lastLines.length > KEPT_LINES) lastLines.shift()
		})
		readline.createInterface({ input: child.stdout }).on('line', (line) => {
			const match = /^out_time_us=(\d+)/.exec(line)
			if (match) onProgress?.(Number(match[1]) / 1_000_000)
		})
		const abort = () => child.kill('SIGKILL')
		signal.addEventListener('abort', abort, { once: true })
		child.once('error', (error) => {
			signal.removeEventListener('abort', abort)
			reject(new FfmpegError([error.message]))
		})
		child.once('close', (code) => {
			signal.removeEventListener('abort', abort)
			if (signal.aborted) reject(signal.reason)
			else if (code === 0) resolve()
			else reject(new FfmpegError(lastLines))
		})
	})
}
