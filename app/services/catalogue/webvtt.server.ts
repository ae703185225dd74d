import { parseText, parseVTTTimestamp, tokenizeVTTCue, type VTTCue, type VTTNode } from 'media-captions'
import { type CaptionCue } from '#models/index'
import { MAX_CAPTIONS_BYTES, CAPTIONS_TOO_LARGE } from '~/lib/captions'
import { ServiceError } from '~/lib/service-error'
import { formatLessonTime } from '~/lib/transcripts'

/**
 * Reading a WebVTT file a content manager gives (docs/decisions/170). The
 * maintained parser, media-captions, reads it and reports what breaks its
 * syntax with the line (a bad header, timestamp or cue setting); this adds
 * the rules it lets through silently, each with its line too: a cue whose
 * end is not after its start (the parser drops it without a word), cues out
 * of time order, `-->` anywhere but a timing line (a cue run into the next
 * without the blank line between them), text that is not UTF-8, control
 * characters, and a file with no cue at all. The first problem found is the one reported, as
 * "Line {n}: ...", on the form's `vtt` field.
 */

export interface ParsedCaptions {
	/** The file as it is stored and served: without a byte-order mark, lines ending in \n. */
	vtt: string
	/** The cues with text, in file order (which the checks make time order), for the transcript. */
	cues: CaptionCue[]
}

const FIELD = 'vtt'
const refuse = (message: string) => new ServiceError(message, 400, FIELD)
const onLine = (line: number, message: string) => refuse(`Line ${line}: ${message}`)

/** Control characters a caption never holds (tab is allowed; line breaks end lines). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f]/
/** The signature line: WEBVTT alone, or followed by a space or tab and anything (WebVTT §4.1). */
const SIGNATURE = /^WEBVTT(?:[ \t].*)?$/

export async function parseWebVTT(text: string): Promise<ParsedCaptions> {
	if (Buffer.byteLength(text) > MAX_CAPTIONS_BYTES) throw new ServiceError(CAPTIONS_TOO_LARGE, 413, FIELD)
	// Editors on Windows save a byte-order mark and CRLF: both are allowed, and stored without.
	const vtt = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
	const lines = vtt.split('\n')
	lines.forEach((line, index) => {
		// A file in another encoding (Windows-1252 subtitles, or no text at all) decodes with replacement characters.
		if (line.includes('\uFFFD'))
			throw onLine(index + 1, 'this is not UTF-8 text. WebVTT files are UTF-8: save the file as UTF-8 and try again.')
		if (CONTROL_CHARACTER.test(line))
			throw onLine(index + 1, 'it holds a control character, which captions cannot show. Remove it and save again.')
	})
	if (!SIGNATURE.test(lines[0] ?? ''))
		throw onLine(1, 'a WebVTT file starts with the line “WEBVTT”. Is this a WebVTT (.vtt) file?')

	const parsed = await parseText(vtt, { errors: true, type: 'vtt' })
	const first = parsed.errors[0]
	if (first) throw onLine(first.line, describeParserError(first.message))

	checkTimingLines(lines)
	const cues = parsed.cues.flatMap(toCaptionCue)
	if (cues.length === 0) throw refuse('The captions have no cues: add at least one timed line after the WEBVTT header.')
	return { vtt, cues }
}

/** The parser's words ("cue start timestamp `00:0x.000` is invalid on line 6") without the line, which the message leads with. */
function describeParserError(message: string): string {
	const reason = message.replace(/ on line \d+/, '').replace(/`([^`]*)`/g, '“$1”')
	return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`
}

/**
 * The rules the parser does not report. A timing line is a line with
 * `-->` that follows a blank line, or a cue identifier that follows one;
 * `-->` anywhere else is text run into the next cue, or in a note, where
 * WebVTT forbids it.
 */
function checkTimingLines(lines: readonly string[]) {
	let previousStart = -Infinity
	lines.forEach((line, index) => {
		if (!line.includes('-->')) return
		const number = index + 1
		const above = lines[index - 1] ?? ''
		const twoAbove = lines[index - 2] ?? ''
		const followsBlock = above.trim() === '' || (twoAbove.trim() === '' && !above.includes('-->'))
		const [startText = '', rest = ''] = line.split('-->')
		const start = parseVTTTimestamp(startText.trim())
		const end = parseVTTTimestamp(rest.trim().split(/[ \t]/)[0] ?? '')
		if (!followsBlock || start === null || end === null)
			throw onLine(
				number,
				'“-->” belongs only in a cue’s timing line, which follows an empty line (or the cue’s name). Leave an empty line between cues.',
			)
		if (end <= start)
			throw onLine(number, `the cue ends (${formatCueTime(end)}) before it starts (${formatCueTime(start)}).`)
		if (start < previousStart)
			throw onLine(
				number,
				`this cue starts at ${formatCueTime(start)}, before the cue above it (${formatCueTime(previousStart)}). Cues must be in time order.`,
			)
		previousStart = start
	})
}

/** 1:05.250: a cue time as people read it, to the millisecond when it has one. */
function formatCueTime(seconds: number): string {
	const whole = formatLessonTime(seconds)
	const milliseconds = Math.round((seconds % 1) * 1000)
	return milliseconds ? `${whole}.${String(milliseconds).padStart(3, '0')}` : whole
}

/** A cue as the transcript keeps it: its times, its words without markup on one line, and who speaks. No words, no cue. */
function toCaptionCue(cue: VTTCue): CaptionCue[] {
	const nodes = tokenizeVTTCue(cue)
	const text = textOf(nodes).replace(/\s+/g, ' ').trim()
	if (!text) return []
	const voice = voiceOf(nodes)
	return [{ start: roundTime(cue.startTime), end: roundTime(cue.endTime), text, voice }]
}

function textOf(nodes: readonly VTTNode[]): string {
	return nodes.map((node) => (node.type === 'text' ? node.data : textOf(node.children))).join('')
}

function voiceOf(nodes: readonly VTTNode[]): string | null {
	for (const node of nodes) {
		if (node.type === 'text') continue
		if (node.type === 'v') return node.voice.trim() || null
		const inner = voiceOf(node.children)
		if (inner) return inner
	}
	return null
}

const roundTime = (seconds: number) => Math.round(seconds * 1000) / 1000
