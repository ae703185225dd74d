import { useRef } from 'react'
import type { ProgressReport } from '~/lib/member-schemas'
import { COMPLETED_THRESHOLD, PROGRESS_REPORT_INTERVAL_MS, percentWatched } from '~/lib/videos'

/**
 * Saves how far the member has watched to POST /api/progress (product §7,
 * docs/decisions/012-progress-records.md): every 10 s while the video plays,
 * and once more when it pauses or ends, so a clip watched to the end is not
 * left at its last 10-second mark.
 *
 * The player calls these from its media element's events. The 10-second
 * rhythm rides on `timeupdate`, which the element fires several times a
 * second while playing: no timer to start, stop or clean up, and a stalled
 * or paused video sends nothing.
 */
export function useProgressReporting({
	videoId,
	onReport,
}: {
	videoId: number
	onReport?: (progress: number) => void
}) {
	const lastReportedPercent = useRef<number | null>(null)
	const lastReportAt = useRef(0)

	function report(video: HTMLMediaElement) {
		lastReportAt.current = performance.now()
		if (!video.duration) return
		const progress = percentWatched(video.currentTime, video.duration)
		// An unchanged percent is not sent again: the end of a video fires both pause and ended, and a stalled video stays put.
		if (progress === lastReportedPercent.current) return
		lastReportedPercent.current = progress
		onReport?.(progress)
		void saveProgress({ videoId, progress, completed: progress >= COMPLETED_THRESHOLD })
	}

	return {
		/** The video started or resumed: the next report is due 10 s from now. */
		playbackStarted() {
			lastReportAt.current = performance.now()
		},
		/** The playback position moved (the element's `timeupdate`). */
		positionChanged(video: HTMLMediaElement) {
			if (!video.paused && performance.now() - lastReportAt.current >= PROGRESS_REPORT_INTERVAL_MS) report(video)
		},
		/** The video paused or reached its end. */
		playbackStopped(video: HTMLMediaElement) {
			report(video)
		},
	}
}

/**
 * No `userId`: the server records progress for the signed-in member whatever
 * the body says (decision 012). `completed` is sent as product §7 describes
 * it; the server checks it but derives its own from the saved percent.
 */
async function saveProgress(report: Omit<ProgressReport, 'userId'>) {
	try {
		const response = await fetch('/api/progress', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(report),
		})
		if (!response.ok) console.error(`Saving progress failed: ${response.status}`)
	} catch (error) {
		// Product §8: progress save failures are only logged; the member keeps watching.
		console.error('Saving progress failed', error)
	}
}
