import { FREE_VIDEO_LIMIT, isPremium } from '~/lib/subscription'

/**
 * Video rules shared by the server and the player: the free-video rule,
 * progress states (product §4) and how times and durations are written.
 */

/** product §9: 95 % or more is completed. */
export const COMPLETED_THRESHOLD = 95
/** product §9: the player reports progress every 10 seconds. */
export const PROGRESS_REPORT_INTERVAL_MS = 10_000
export const SEEK_STEP_SECONDS = 10
export const CONTROLS_HIDE_DELAY_MS = 3_000
export const RELATED_VIDEO_LIMIT = 3
export const DEFAULT_THUMBNAIL = '/images/default-thumbnail.svg'

/**
 * The free-video rule (product §6, docs/decisions/011-free-video-rule.md): a
 * member without Premium may watch the videos with ids up to 10, the first
 * ten of the library. Lists, the player, the media URL and progress all ask
 * this one function.
 */
export function isVideoLocked(
	user: { subscriptionStatus?: string | null } | null | undefined,
	videoId: number,
): boolean {
	return !isPremium(user) && videoId > FREE_VIDEO_LIMIT
}

export type ProgressState = 'not-started' | 'in-progress' | 'completed'

export function progressState(progress: number | null | undefined): ProgressState {
	const value = progress ?? 0
	if (value >= COMPLETED_THRESHOLD) return 'completed'
	return value > 0 ? 'in-progress' : 'not-started'
}

export function progressText(progress: number | null | undefined): string {
	const state = progressState(progress)
	if (state === 'completed') return 'Completed'
	if (state === 'not-started') return 'Not started'
	return `${progress}% complete`
}

/** Whole percent watched: floor(currentTime / duration × 100), within 0–100. */
export function percentWatched(currentTime: number, duration: number): number {
	if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(currentTime)) return 0
	return Math.max(0, Math.min(100, Math.floor((currentTime / duration) * 100)))
}

/** Minutes left of a video whose duration is stored in minutes (decision 005). */
export function minutesRemaining(durationMinutes: number | null | undefined, progress: number): number | null {
	if (!durationMinutes || durationMinutes <= 0) return null
	return Math.max(1, Math.ceil((durationMinutes * (100 - progress)) / 100))
}

/** Player time: h:mm:ss from an hour up, m:ss below. */
export function formatPlaybackTime(totalSeconds: number): string {
	const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0
	const h = Math.floor(seconds / 3600)
	const m = Math.floor((seconds % 3600) / 60)
	const s = String(seconds % 60).padStart(2, '0')
	return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The duration badge: '12 min'. */
export function formatMinutes(durationMinutes: number | null | undefined): string | null {
	return durationMinutes && durationMinutes > 0 ? `${durationMinutes} min` : null
}

/** What a video card shows. No media address: cards never need it. */
export interface VideoCardData {
	id: number
	title: string
	description: string | null
	thumbnail: string | null
	duration: number | null
	category: string | null
	locked: boolean
	progress: number
}

export function toVideoCards(
	videos: Array<Omit<VideoCardData, 'progress'>>,
	progress: Array<{ videoId: number; progress: number }>,
): VideoCardData[] {
	const byVideo = new Map(progress.map((record) => [record.videoId, record.progress]))
	return videos.map(({ id, title, description, thumbnail, duration, category, locked }) => ({
		id,
		title,
		description,
		thumbnail,
		duration,
		category,
		locked,
		progress: byVideo.get(id) ?? 0,
	}))
}
