import { useEffect, useState, type RefObject } from 'react'
import {
	CAPTIONS_OFF,
	captionsChoiceCookie,
	type CaptionLanguage,
	type CaptionTrackSource,
	type CaptionsChoice,
} from '~/lib/captions'

/**
 * The captions of the player (docs/decisions/171): which language shows,
 * or none. It starts from the member's remembered choice (the `captions`
 * cookie, which the server also read to mark that track `default` for the
 * browser's own controls), shows that track and hides the others, and
 * remembers a new choice for a year on this browser.
 */
export function useCaptions({
	media,
	tracks,
	remembered,
}: {
	media: RefObject<HTMLMediaElement>
	tracks: readonly CaptionTrackSource[]
	remembered: CaptionsChoice
}) {
	const [language, setLanguage] = useState<CaptionLanguage | null>(() => initialLanguage(tracks, remembered))

	useEffect(() => {
		const textTracks = media.current?.textTracks
		if (!textTracks) return
		for (const track of Array.from(textTracks)) {
			if (track.kind === 'captions') track.mode = track.language === language ? 'showing' : 'disabled'
		}
	}, [media, language])

	function chooseCaptions(next: CaptionLanguage | null) {
		setLanguage(next)
		document.cookie = captionsChoiceCookie(next ?? CAPTIONS_OFF)
	}

	return { captionsLanguage: language, chooseCaptions }
}

/** The remembered language when this lesson has it; off when the member chose off, never chose, or it has no such track. */
export function initialLanguage(
	tracks: readonly CaptionTrackSource[],
	remembered: CaptionsChoice,
): CaptionLanguage | null {
	return tracks.find((track) => track.language === remembered)?.language ?? null
}
