import { formatPlaybackTime } from '~/lib/videos'

/**
 * A lesson's timed text, shared by the server (the lesson page's loader, the
 * transcript search, the demo's captions) and the player: caption cues,
 * chapters, the transcript drawn from the cues, and the times in addresses
 * (`/content-library/{id}?t={seconds}`). Pure: no parsing of WebVTT here
 * (that is services/catalogue/webvtt.server.ts, with a maintained parser).
 */

/** One caption cue as the transcript needs it: its times in seconds and its text without markup. */
export interface TranscriptCue {
	start: number
	end: number
	text: string
	/** The speaker, from a `<v Name>` span, when the captions say who speaks. */
	voice?: string | null
}

/** A chapter of a lesson: where it starts (whole seconds) and its title. */
export interface Chapter {
	start: number
	title: string
}

/** A paragraph of the transcript: consecutive cues, from the index of its first cue. */
export interface TranscriptParagraph {
	start: number
	/** The speaker, when it changes at this paragraph. */
	voice: string | null
	cues: Array<TranscriptCue & { index: number }>
}

/** A paragraph ends after this many cues, at a pause of this many seconds, at a chapter and when the speaker changes. */
const PARAGRAPH_CUES = 6
const PARAGRAPH_PAUSE_SECONDS = 2

/** The transcript as paragraphs with their times (product §2 "Video page"): the cues in order, grouped for reading. */
export function transcriptParagraphs(
	cues: readonly TranscriptCue[],
	chapters: readonly Chapter[],
): TranscriptParagraph[] {
	const paragraphs: TranscriptParagraph[] = []
	let current: TranscriptParagraph | null = null
	let previous: TranscriptCue | null = null
	cues.forEach((cue, index) => {
		const voice = cue.voice ?? null
		const startsChapter =
			previous !== null && chapters.some((chapter) => chapter.start > previous!.start && chapter.start <= cue.start)
		const breaks =
			current === null ||
			startsChapter ||
			current.cues.length >= PARAGRAPH_CUES ||
			cue.start - (previous?.end ?? cue.start) >= PARAGRAPH_PAUSE_SECONDS ||
			voice !== (previous?.voice ?? null)
		if (breaks) {
			current = {
				start: cue.start,
				voice: voice !== null && voice !== (previous?.voice ?? null) ? voice : null,
				cues: [],
			}
			paragraphs.push(current)
		}
		current!.cues.push({ ...cue, index })
		previous = cue
	})
	return paragraphs
}

/** The index of the cue being spoken at `seconds`, or -1 between cues. Cues are in start order (the parser keeps them so). */
export function activeCueIndex(cues: readonly Pick<TranscriptCue, 'start' | 'end'>[], seconds: number): number {
	let low = 0
	let high = cues.length - 1
	let found = -1
	// The last cue that has started...
	while (low <= high) {
		const middle = (low + high) >> 1
		if (cues[middle]!.start <= seconds) {
			found = middle
			low = middle + 1
		} else high = middle - 1
	}
	// ...counts while it lasts; overlapping cues keep the one that started last.
	return found >= 0 && seconds < cues[found]!.end ? found : -1
}

/** The chapter playing at `seconds`: the last that has started, or -1 before the first. */
export function activeChapterIndex(chapters: readonly Chapter[], seconds: number): number {
	let found = -1
	chapters.forEach((chapter, index) => {
		if (chapter.start <= seconds) found = index
	})
	return found
}

// ---------------------------------------------------------------------------
// Searching the transcript (product §2 "Video page": the lesson's search box)
// ---------------------------------------------------------------------------

/** A line of the transcript where the phrase begins. */
export interface TranscriptMatch {
	index: number
	start: number
	text: string
}

/** Lines a search lists at most. */
export const TRANSCRIPT_MATCH_LIMIT = 50

/** Text as a search compares it: lower case, accents dropped, every run of punctuation and space one space. */
function searchable(text: string): string {
	return text
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()
}

/**
 * The lines where `phrase` begins, in time order: case, accents and
 * punctuation aside, and across the end of a line (a phrase the captions
 * break over two cues is found at the first). Plain text, never a pattern.
 */
export function searchTranscript(cues: readonly TranscriptCue[], phrase: string): TranscriptMatch[] {
	const wanted = searchable(phrase)
	if (!wanted) return []
	// The cues' words joined by single spaces, and where each cue's words begin in that text.
	let text = ''
	const starts: number[] = []
	for (const cue of cues) {
		starts.push(text.length)
		const words = searchable(cue.text)
		text += words ? `${words} ` : ''
	}
	const matches: TranscriptMatch[] = []
	let lastIndex = -1
	for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + 1)) {
		// A match starts at a word's start only: 'lead' finds 'lead' and 'leaders', not 'misleading'.
		if (at > 0 && text[at - 1] !== ' ') continue
		const index = lastStartAtOrBefore(starts, at)
		if (index === lastIndex) continue
		lastIndex = index
		const cue = cues[index]!
		matches.push({ index, start: cue.start, text: cue.text })
		if (matches.length >= TRANSCRIPT_MATCH_LIMIT) break
	}
	return matches
}

function lastStartAtOrBefore(starts: readonly number[], offset: number): number {
	let found = 0
	for (let index = 0; index < starts.length && starts[index]! <= offset; index += 1) found = index
	return found
}

// ---------------------------------------------------------------------------
// Times written by people and in addresses
// ---------------------------------------------------------------------------

/** The longest lesson time anything here accepts: a day. */
export const MAX_LESSON_SECONDS = 24 * 60 * 60

const PLAYBACK_TIME = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$|^(\d{1,5})$/

/**
 * A time as people write it ('1:05', '12:30', '1:02:03', or plain seconds
 * '65') in whole seconds, or null when it is none of those (or past a day).
 */
export function parsePlaybackTime(text: string): number | null {
	const match = PLAYBACK_TIME.exec(text.trim())
	if (!match) return null
	const [, hours, minutes, seconds, plain] = match
	if (plain !== undefined) return Number(plain) <= MAX_LESSON_SECONDS ? Number(plain) : null
	if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return null
	const total = Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds)
	return total <= MAX_LESSON_SECONDS ? total : null
}

/** '1:05', or '1:02:03' from an hour: the player's own way of writing a time. */
export const formatLessonTime = formatPlaybackTime

/** `?t=` of a lesson's address: whole seconds where the video starts (a media fragment), or null when absent or not a time. */
export function startTimeParam(value: string | null): number | null {
	if (value === null || !/^\d{1,5}$/.test(value)) return null
	const seconds = Number(value)
	return seconds <= MAX_LESSON_SECONDS ? seconds : null
}

/** The address that opens a lesson at a time, scrolled to the player (works without JavaScript). */
export function lessonTimeHref(videoId: number, seconds: number, params?: URLSearchParams): string {
	const search = new URLSearchParams(params)
	search.set('t', String(Math.floor(seconds)))
	return `/content-library/${videoId}?${search}#player`
}

/** A media address that starts at `seconds` (a W3C media fragment: `#t=90`), or the address itself at 0 or none. */
export function withStartFragment(src: string, seconds: number | null): string {
	return seconds ? `${src.replace(/#.*$/, '')}#t=${seconds}` : src
}
