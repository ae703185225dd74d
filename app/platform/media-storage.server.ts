import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { singleton } from '~/platform/singleton.server'

/**
 * Where uploaded videos and their streams are kept (docs/decisions/178): one
 * small interface, so that an S3-compatible object store can take the
 * directory's place when the app's processes run on several hosts. Every
 * process of the app must see the same store (`MEDIA_DIR`, a volume shared by
 * every replica).
 *
 * Names are an asset's key (32 hexadecimal characters) and a relative path
 * inside its stream ('720p/seg_00003.ts'); callers check both before asking.
 */
export interface MediaStorage {
	/**
	 * A local directory for files on their way in (tus uploads, a form's file),
	 * on the same disk as the store, so keeping one is a rename.
	 */
	readonly incomingDir: string
	/** A new file name in the incoming folder for a file a form is sending (not a tus upload's). */
	newIncomingFile(): Promise<string>
	/** Deletes forms' incoming files last changed before `before` (a request that died mid-way left them). */
	sweepIncoming(before: Date): Promise<void>
	/** Makes a checked upload the source of asset `key`: the local file is moved (or sent) into the store. */
	keepSource(key: string, localFile: string): Promise<void>
	/** Runs `use` with a local path of the source (for ffmpeg); an object store downloads it first and cleans up after. */
	withSource<T>(key: string, use: (localFile: string) => Promise<T>): Promise<T>
	removeSource(key: string): Promise<void>
	/** A fresh, empty local directory to encode asset `key` into; gone again after `publishStream` or `discardWork`. */
	newWorkDir(key: string): Promise<string>
	/** Removes every work directory of asset `key` (a run that died left its own). */
	discardWork(key: string): Promise<void>
	/** Makes a finished work directory the stream of asset `key`, replacing any earlier one whole. */
	publishStream(key: string, workDir: string): Promise<void>
	/** A text file of a stream (a playlist), or null. */
	readStreamText(key: string, file: string): Promise<string | null>
	/** How to answer a request for a stream's file: a local file to send, or null when there is none. */
	locateStreamFile(key: string, file: string): Promise<{ file: string } | null>
	removeStream(key: string): Promise<void>
}

/**
 * The store as a directory:
 *
 *     incoming/        tus uploads in progress ({id} and {id}.json)
 *     incoming/forms/  a form's file while it arrives and is checked
 *     sources/{key}    the uploaded file, until its stream is ready
 *     work/{key}.{run} an encoding in progress
 *     streams/{key}/   master playlist data lives in the database; here the
 *                      renditions ({name}/index.m3u8, {name}/seg_NNNNN.ts),
 *                      progressive.mp4 and poster.jpg
 */
export function directoryStorage(root: string): MediaStorage {
	const dirs = {
		incoming: path.join(root, 'incoming'),
		forms: path.join(root, 'incoming', 'forms'),
		sources: path.join(root, 'sources'),
		work: path.join(root, 'work'),
		streams: path.join(root, 'streams'),
	}
	const sourceOf = (key: string) => path.join(dirs.sources, key)
	const streamOf = (key: string) => path.join(dirs.streams, key)
	const inStream = (key: string, file: string) => {
		const full = path.join(streamOf(key), file)
		// Callers check names; this is the last word that nothing leaves the stream's folder.
		if (!full.startsWith(streamOf(key) + path.sep)) throw new Error(`Not a file of stream ${key}: ${file}`)
		return full
	}
	const ready = (async () => {
		for (const dir of Object.values(dirs)) await fs.mkdir(dir, { recursive: true })
	})()
	const remove = (target: string) => fs.rm(target, { recursive: true, force: true })

	return {
		incomingDir: dirs.incoming,
		async newIncomingFile() {
			await ready
			return path.join(dirs.forms, randomBytes(16).toString('hex'))
		},
		async sweepIncoming(before) {
			await ready
			for (const name of await fs.readdir(dirs.forms)) {
				const file = path.join(dirs.forms, name)
				const stats = await fs.stat(file).catch(() => null)
				if (stats && stats.mtime < before) await remove(file)
			}
		},
		async keepSource(key, localFile) {
			await ready
			await fs.rename(localFile, sourceOf(key))
		},
		async withSource(key, use) {
			await ready
			return use(sourceOf(key))
		},
		removeSource: (key) => remove(sourceOf(key)),
		async newWorkDir(key) {
			await ready
			const dir = path.join(dirs.work, `${key}.${randomBytes(6).toString('hex')}`)
			await fs.mkdir(dir)
			return dir
		},
		async discardWork(key) {
			await ready
			const leftovers = (await fs.readdir(dirs.work)).filter((name) => name.startsWith(`${key}.`))
			await Promise.all(leftovers.map((name) => remove(path.join(dirs.work, name))))
		},
		async publishStream(key, workDir) {
			await ready
			// The earlier stream (a run that published and then lost its claim) is moved aside first, then the new one takes its name.
			const previous = `${streamOf(key)}.old.${randomBytes(6).toString('hex')}`
			await fs.rename(streamOf(key), previous).catch((error: NodeJS.ErrnoException) => {
				if (error.code !== 'ENOENT') throw error
			})
			await fs.rename(workDir, streamOf(key))
			await remove(previous)
		},
		async readStreamText(key, file) {
			return fs.readFile(inStream(key, file), 'utf8').catch(() => null)
		},
		async locateStreamFile(key, file) {
			const full = inStream(key, file)
			const stats = await fs.stat(full).catch(() => null)
			return stats?.isFile() ? { file: full } : null
		},
		removeStream: (key) => remove(streamOf(key)),
	}
}

const stores = singleton('media-storage', () => new Map<string, MediaStorage>())

/** The store at `root`, one per process (both server bundles share it). */
export function mediaStorageAt(root: string): MediaStorage {
	let store = stores.get(root)
	if (!store) {
		store = directoryStorage(root)
		stores.set(root, store)
	}
	return store
}
