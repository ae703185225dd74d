import { useEffect, useRef, type RefObject } from 'react'
import { HLS_TYPE } from '~/lib/media'

/** Fresh master playlists a failing stream may ask for before the player gives up on it. */
const RELOADS = 3

/**
 * Plays an uploaded lesson's HLS stream (docs/decisions/177) where the
 * browser cannot by itself: a browser that plays HLS (Safari) takes the
 * element's <source> as it is; elsewhere hls.js, loaded only on lessons that
 * stream, feeds the element through Media Source Extensions and picks the
 * rendition by the bandwidth it measures (never larger than the player).
 * Without either, the single-file <source> plays. A stream that fails for
 * the network (a signed address that expired during a long pause) asks the
 * gate for a fresh master playlist and goes on from where it was.
 */
export function useAdaptiveStream(
	video: RefObject<HTMLVideoElement>,
	master: string | null,
	/** Seconds where the page opened the lesson (`?t=`), or null from the start. */
	openedAt: number | null,
	onFailure: () => void,
) {
	const failed = useRef(onFailure)
	failed.current = onFailure
	useEffect(() => {
		const element = video.current
		if (!master || !element || element.canPlayType(HLS_TYPE)) return
		let stopped = false
		let destroy = () => {}
		void import('hls.js/light').then(({ default: Hls }) => {
			if (stopped || !Hls.isSupported()) return
			// The single file may have started (its native controls, before hydration): the stream goes on from there.
			const startAt = element.currentTime || openedAt
			const wasPlaying = !element.paused
			// Transmuxing on the page rather than in a worker: the CSP allows no blob: workers.
			const hls = new Hls({ enableWorker: false, capLevelToPlayerSize: true, startPosition: startAt || -1 })
			let reloads = 0
			hls.on(Hls.Events.ERROR, (_event, data) => {
				if (!data.fatal) return
				if (data.type === Hls.ErrorTypes.NETWORK_ERROR && reloads < RELOADS) {
					reloads += 1
					const at = element.currentTime
					hls.loadSource(master)
					hls.startLoad(at)
				} else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && reloads < RELOADS) {
					reloads += 1
					hls.recoverMediaError()
				} else {
					hls.destroy()
					failed.current()
				}
			})
			if (wasPlaying) hls.once(Hls.Events.MANIFEST_PARSED, () => void element.play().catch(() => {}))
			hls.loadSource(master)
			hls.attachMedia(element)
			destroy = () => hls.destroy()
		})
		return () => {
			stopped = true
			destroy()
		}
	}, [video, master, openedAt])
}
