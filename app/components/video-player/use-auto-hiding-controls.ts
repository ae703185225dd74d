import { useEffect, useRef, useState, type RefObject } from 'react'
import { CONTROLS_HIDE_DELAY_MS } from '~/lib/videos'

/**
 * Controls that get out of the picture's way: while `media` plays they hide
 * 3 s after the last mouse move over `container`, and any move brings them
 * back. They never hide from under the keyboard's focus (WCAG 2.4.7: a
 * focused control must stay visible), so focus moving in or out of the
 * controls restarts the count too. The player also calls `revealControls`
 * when playback starts (to start the count) and stops (to keep them shown).
 */
export function useAutoHidingControls({
	container,
	media,
}: {
	container: RefObject<HTMLElement>
	media: RefObject<HTMLMediaElement>
}) {
	const [controlsHidden, setControlsHidden] = useState(false)
	const hideTimer = useRef<ReturnType<typeof setTimeout>>()

	function revealControls() {
		setControlsHidden(false)
		clearTimeout(hideTimer.current)
		if (media.current && !media.current.paused) {
			hideTimer.current = setTimeout(() => {
				if (!container.current?.querySelector(':focus-visible')) setControlsHidden(true)
			}, CONTROLS_HIDE_DELAY_MS)
		}
	}

	// A pending hide must not outlive the player.
	useEffect(() => () => clearTimeout(hideTimer.current), [])

	return {
		controlsHidden,
		revealControls,
		/** Spread on the container: the moves and focus changes that bring the controls back. */
		containerHandlers: { onMouseMove: revealControls, onFocusCapture: revealControls, onBlurCapture: revealControls },
	}
}
