import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {
	toCommunityJSON,
	toPublicUserJSON,
	toUserJSON,
	toVideoJSON,
	type Community,
	type CommunityJSON,
	type PublicUserJSON,
	type User,
	type UserJSON,
	type Video,
	type VideoJSON,
} from '#models/index'
import { FINGERPRINT_PARAM } from '~/lib/public-asset-url'
import { DEFAULT_THUMBNAIL } from '~/lib/videos'

/**
 * Pictures under public/ (thumbnails, avatars, the default thumbnail) as pages
 * and JSON name them: with a fingerprint of the file's content, so the browser
 * may keep them for a year (docs/decisions/088). Every service that hands out
 * a picture's address passes it through here, and server/app.ts asks
 * `isCurrentFingerprint` before it answers with the year-long cache.
 */

const PUBLIC_DIR = path.resolve('public')
/** 96 bits of SHA-256, base64url: 16 characters. */
const HASH_LENGTH = 16

/**
 * The file under public/ a local path names, or null: not a path on this
 * site, not decodable, a dot segment or dotfile (`..` never climbs out), or
 * under /build (Remix fingerprints its own output).
 */
function publicFileOf(urlPath: string): string | null {
	if (!urlPath.startsWith('/') || urlPath.startsWith('//')) return null
	let decoded: string
	try {
		decoded = decodeURIComponent(urlPath)
	} catch {
		return null
	}
	if (decoded.includes('\\') || decoded.includes('\0')) return null
	const segments = decoded.split('/').slice(1)
	if (segments[0] === 'build' || segments.some((segment) => segment === '' || segment.startsWith('.'))) return null
	const file = path.join(PUBLIC_DIR, ...segments)
	return file.startsWith(PUBLIC_DIR + path.sep) ? file : null
}

/**
 * How long a file's fingerprint is used before the file is looked at again.
 * Files in public/ change with a deploy, not while the app runs (it has no
 * uploads), and a page names up to a hundred pictures: one `stat` per
 * picture per page was about 3% of a page's CPU (docs/decisions/195).
 */
export const FINGERPRINT_RECHECK_MS = 5_000

/** Hashes remembered per file with its size and time, looked at again after FINGERPRINT_RECHECK_MS (decision 144: bounded by the files in public/). */
const hashes = new Map<string, { mtimeMs: number; size: number; hash: string; checkedAt: number }>()

function currentHash(file: string): string | null {
	const known = hashes.get(file)
	const now = Date.now()
	if (known && now - known.checkedAt < FINGERPRINT_RECHECK_MS) return known.hash
	try {
		const stat = fs.statSync(file, { throwIfNoEntry: false })
		if (!stat?.isFile()) {
			hashes.delete(file)
			return null
		}
		if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) {
			known.checkedAt = now
			return known.hash
		}
		const hash = createHash('sha256').update(fs.readFileSync(file)).digest('base64url').slice(0, HASH_LENGTH)
		hashes.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, hash, checkedAt: now })
		return hash
	} catch {
		// A path through a file (/favicon.svg/x), a name too long: no such picture.
		return null
	}
}

/**
 * `/images/avatars/maria.svg` -> `/images/avatars/maria.svg?v=<hash>` when
 * public/ holds that file. Any other address is returned as it is: another
 * site's (an admin's https://… thumbnail), a path with a query already, a
 * path with no such file (or outside public/).
 */
export function publicAssetUrl(url: string): string
export function publicAssetUrl(url: string | null | undefined): string | null
export function publicAssetUrl(url: string | null | undefined): string | null {
	if (!url) return url ?? null
	if (/[?#]/.test(url)) return url
	const file = publicFileOf(url)
	const hash = file && currentHash(file)
	return hash ? `${url}?${FINGERPRINT_PARAM}=${hash}` : url
}

/** Whether `v` (a request's query value, of any shape) is the current fingerprint of the file at `urlPath`. */
export function isCurrentFingerprint(urlPath: string, v: unknown): boolean {
	if (typeof v !== 'string' || v.length !== HASH_LENGTH) return false
	const file = publicFileOf(urlPath)
	return file !== null && currentHash(file) === v
}

/** A copy of `record` whose picture field (`avatar`, `thumbnail`, `icon`) is named with its fingerprint. */
export function withPublicPicture<T extends object, K extends keyof T>(record: T, key: K): T {
	const value = record[key]
	return typeof value === 'string' ? { ...record, [key]: publicAssetUrl(value) } : record
}

// The models' public shapes, with their pictures fingerprinted: what services hand out.
export const userJSON = (user: Omit<User, 'passwordHash' | 'usernameKey'>): UserJSON =>
	withPublicPicture(toUserJSON(user), 'avatar')
export const publicUserJSON = (
	user: Pick<User, 'id' | 'username' | 'name' | 'avatar' | 'bio' | 'role'>,
): PublicUserJSON => withPublicPicture(toPublicUserJSON(user), 'avatar')
/**
 * The default thumbnail's fingerprinted address, which the root loader hands to every page. Named here, not
 * in root.tsx: an import the browser build drops with the loader still leaves its chunk among the page's
 * scripts (decision 239), and `~/lib/videos` is not otherwise needed by most island pages.
 */
export const defaultThumbnailUrl = (): string => publicAssetUrl(DEFAULT_THUMBNAIL)
export const videoJSON = (video: Video): VideoJSON => withPublicPicture(toVideoJSON(video), 'thumbnail')
export const communityJSON = (community: Community): CommunityJSON =>
	withPublicPicture(toCommunityJSON(community), 'icon')
