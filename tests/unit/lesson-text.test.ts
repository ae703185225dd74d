import { describe, expect, it } from 'vitest'
import { DEMO_LESSONS, demoLessonCaptions, demoLessonChapters, demoLessonSlides } from '~/demo/catalogue.server'
import { ChaptersFormSchema } from '~/lib/caption-schemas'
import { parseChapterLines } from '~/lib/chapter-lines'
import { readCaptionsChoice } from '~/lib/captions'
import { NoteApiSchema, NoteFormSchema, NotePatchSchema } from '~/lib/note-schemas'
import {
	activeChapterIndex,
	activeCueIndex,
	lessonTimeHref,
	parsePlaybackTime,
	searchTranscript,
	startTimeParam,
	transcriptParagraphs,
	withStartFragment,
	type TranscriptCue,
} from '~/lib/transcripts'
import { ServiceError } from '~/lib/service-error'
import { parseWebVTT } from '~/services/catalogue/webvtt.server'

/**
 * Captions, transcripts, chapters and notes (issue 25, docs/decisions/170–174):
 * what WebVTT the parser takes and how it names a bad line, how the
 * transcript is drawn and searched, the times people write, and the demo's
 * captions.
 */

const GOOD = `WEBVTT - Feedback

NOTE written by the team

intro
00:00.000 --> 00:04.000
Hello, and <b>welcome</b> &amp; thanks.

00:04.000 --> 00:09.500 align:start line:90%
<v Maria Gonzalez>Feedback fails when it comes
too late.

00:12.000 --> 00:15.000
<v Maria Gonzalez>Say what you saw.
`

/** The message a refused file gets (the WebVTT field's). */
async function refusal(text: string): Promise<string> {
	const error = await parseWebVTT(text).then(
		() => null,
		(caught: unknown) => caught,
	)
	expect(error, 'the file is refused').toBeInstanceOf(ServiceError)
	expect((error as ServiceError).status).toBe(400)
	expect((error as ServiceError).field).toBe('vtt')
	return (error as ServiceError).message
}

describe('reading WebVTT (media-captions, and the rules it lets through)', () => {
	it('keeps a good file as it came and gives each cue its times, its words without markup, and its speaker', async () => {
		const { vtt, cues } = await parseWebVTT(GOOD)
		expect(vtt).toBe(GOOD)
		expect(cues).toEqual([
			{ start: 0, end: 4, text: 'Hello, and welcome & thanks.', voice: null },
			{ start: 4, end: 9.5, text: 'Feedback fails when it comes too late.', voice: 'Maria Gonzalez' },
			{ start: 12, end: 15, text: 'Say what you saw.', voice: 'Maria Gonzalez' },
		])
	})

	it("takes a Windows editor's byte-order mark and CRLF line ends, and stores the file without them", async () => {
		const { vtt, cues } = await parseWebVTT(`\uFEFF${GOOD.replace(/\n/g, '\r\n')}`)
		expect(vtt).toBe(GOOD)
		expect(cues).toHaveLength(3)
	})

	it('names the line of each kind of mistake', async () => {
		const cases: Array<[string, string, RegExp]> = [
			['not WebVTT at all', 'Hello there', /^Line 1: a WebVTT file starts with the line “WEBVTT”/],
			['a header run into a word', 'WEBVTTX\n\n00:01.000 --> 00:02.000\nHi', /^Line 1: /],
			[
				'SubRip commas',
				'WEBVTT\n\n1\n00:00:01,000 --> 00:00:02,000\nHi',
				/^Line 4: Cue start timestamp “00:00:01,000” is invalid\.$/,
			],
			[
				'a letter in a time',
				'WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n\n00:0x.000 --> 00:05.000\nTwo',
				/^Line 6: Cue start timestamp/,
			],
			[
				'an unknown cue setting',
				'WEBVTT\n\n00:01.000 --> 00:02.000 colour:red\nHi',
				/^Line 3: Unknown cue setting “colour”/,
			],
			[
				'a bad setting value',
				'WEBVTT\n\n00:01.000 --> 00:02.000 line:abc\nHi',
				/^Line 3: Invalid value for cue setting “line”/,
			],
			[
				'an end before the start',
				'WEBVTT\n\n00:10.000 --> 00:09.000\nBackwards',
				/^Line 3: the cue ends \(0:09\) before it starts \(0:10\)\.$/,
			],
			[
				'an end equal to the start',
				'WEBVTT\n\n00:01.500 --> 00:01.500\nNo time',
				/^Line 3: the cue ends \(0:01\.500\) before it starts/,
			],
			[
				'cues out of order',
				'WEBVTT\n\n00:05.000 --> 00:06.000\nLater\n\n00:01.000 --> 00:02.000\nEarlier',
				/^Line 6: this cue starts at 0:01, before the cue above it \(0:05\)\. Cues must be in time order\.$/,
			],
			[
				'a cue run into the next',
				'WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n00:03.000 --> 00:04.000\nTwo',
				/^Line 5: “-->” belongs only in a cue’s timing line/,
			],
			[
				'an arrow in a note',
				'WEBVTT\n\nNOTE this --> that\n\n00:01.000 --> 00:02.000\nHi',
				/^Line 3: “-->” belongs only/,
			],
			[
				'Windows-1252 text, decoded as UTF-8',
				'WEBVTT\n\n00:01.000 --> 00:02.000\nCaf\uFFFD',
				/^Line 4: this is not UTF-8 text\./,
			],
			[
				'a control character',
				'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\u0000there',
				/^Line 4: it holds a control character/,
			],
		]
		for (const [what, text, message] of cases) expect(await refusal(text), what).toMatch(message)
	})

	it('refuses a file with no cue, and an empty one', async () => {
		expect(await refusal('WEBVTT\n\nNOTE only a note\n')).toBe(
			'The captions have no cues: add at least one timed line after the WEBVTT header.',
		)
		expect(await refusal('')).toMatch(/^Line 1: a WebVTT file starts/)
	})

	it('refuses more than 200 KB with 413', async () => {
		const huge = `WEBVTT\n\n${'00:00.000 --> 00:01.000\nWords words words\n\n'.repeat(6000)}`
		const error = await parseWebVTT(huge).catch((caught: ServiceError) => caught)
		expect(error).toBeInstanceOf(ServiceError)
		expect((error as ServiceError).status).toBe(413)
	})
})

const CUES: TranscriptCue[] = [
	{ start: 0, end: 4, text: 'Welcome to Difficult Conversations.' },
	{ start: 4, end: 8, text: 'Eighteen minutes, in four parts.' },
	{ start: 20, end: 28, text: 'Part 1: Prepare the facts.' },
	{ start: 28, end: 40, text: 'Separate what happened from your story' },
	{ start: 40, end: 44, text: 'about it. Leaders misleading nobody.' },
	{ start: 44, end: 50, text: 'Café conversations, résumé reviews.' },
]

describe('the transcript', () => {
	it('groups the cues into paragraphs at pauses and chapters, keeping each cue for its link', () => {
		const paragraphs = transcriptParagraphs(CUES, [
			{ start: 0, title: 'Introduction' },
			{ start: 40, title: 'Leaders' },
		])
		expect(paragraphs.map((paragraph) => [paragraph.start, paragraph.cues.map((cue) => cue.index)])).toEqual([
			[0, [0, 1]],
			// A pause of 12 seconds starts a paragraph.
			[20, [2, 3]],
			// So does a chapter.
			[40, [4, 5]],
		])
	})

	it('starts a paragraph when the speaker changes, naming them once', () => {
		const paragraphs = transcriptParagraphs(
			[
				{ start: 0, end: 1, text: 'Hi.', voice: 'Ann' },
				{ start: 1, end: 2, text: 'Still me.', voice: 'Ann' },
				{ start: 2, end: 3, text: 'Hello.', voice: 'Ben' },
			],
			[],
		)
		expect(paragraphs.map((paragraph) => [paragraph.voice, paragraph.cues.length])).toEqual([
			['Ann', 2],
			['Ben', 1],
		])
	})

	it('knows the line being spoken, and none between lines', () => {
		expect(activeCueIndex(CUES, 0)).toBe(0)
		expect(activeCueIndex(CUES, 3.99)).toBe(0)
		expect(activeCueIndex(CUES, 4)).toBe(1)
		expect(activeCueIndex(CUES, 12)).toBe(-1)
		expect(activeCueIndex(CUES, 49)).toBe(5)
		expect(activeCueIndex(CUES, 50)).toBe(-1)
		expect(activeCueIndex([], 3)).toBe(-1)
		expect(
			activeChapterIndex(
				[
					{ start: 5, title: 'A' },
					{ start: 30, title: 'B' },
				],
				4,
			),
		).toBe(-1)
		expect(
			activeChapterIndex(
				[
					{ start: 5, title: 'A' },
					{ start: 30, title: 'B' },
				],
				31,
			),
		).toBe(1)
	})

	it('finds a phrase whatever its case, accents and punctuation, across two lines, from the start of a word', () => {
		expect(searchTranscript(CUES, 'difficult conversations').map((match) => match.index)).toEqual([0])
		expect(searchTranscript(CUES, 'YOUR STORY ABOUT IT').map((match) => match.start)).toEqual([28])
		expect(searchTranscript(CUES, 'cafe conversations').map((match) => match.index)).toEqual([5])
		expect(searchTranscript(CUES, 'résumé').map((match) => match.index)).toEqual([5])
		expect(searchTranscript(CUES, 'conversations').map((match) => match.index)).toEqual([0, 5])
		// 'leading' is inside 'misleading', not at a word's start.
		expect(searchTranscript(CUES, 'leading')).toEqual([])
		expect(searchTranscript(CUES, 'leaders').map((match) => match.index)).toEqual([4])
	})

	it('searches for the text itself, never a pattern', () => {
		for (const hostile of ['.*', '^', '(a|b)', '\\', '$where', '{"$gt":""}', '   ', '%00'])
			expect(searchTranscript(CUES, hostile), hostile).toEqual([])
	})
})

describe('times people write and addresses carry', () => {
	it('reads m:ss, h:mm:ss and plain seconds, and nothing else', () => {
		expect(parsePlaybackTime('0:00')).toBe(0)
		expect(parsePlaybackTime('1:05')).toBe(65)
		expect(parsePlaybackTime('12:30')).toBe(750)
		expect(parsePlaybackTime('90:00')).toBe(5400)
		expect(parsePlaybackTime('1:02:03')).toBe(3723)
		expect(parsePlaybackTime(' 65 ')).toBe(65)
		for (const bad of ['', '1:5', '1:60', '1:60:00', 'abc', '-5', '1.5', '25:00:00', '99999', '1:02:03:04'])
			expect(parsePlaybackTime(bad), bad).toBeNull()
	})

	it('starts a lesson at ?t= whole seconds within a day, and ignores anything else', () => {
		expect(startTimeParam('90')).toBe(90)
		for (const bad of [null, '', 'abc', '-1', '1.5', '1e3', '86401', '99999999']) expect(startTimeParam(bad)).toBeNull()
		expect(lessonTimeHref(8, 61.7)).toBe('/content-library/8?t=61#player')
		expect(withStartFragment('/media/a.mp4', 90)).toBe('/media/a.mp4#t=90')
		expect(withStartFragment('/media/a.mp4#t=5', 90)).toBe('/media/a.mp4#t=90')
		expect(withStartFragment('/media/a.mp4', null)).toBe('/media/a.mp4')
	})

	it('reads chapters one a line, and names the first wrong line', () => {
		expect(parseChapterLines('0:00 Introduction\n\n2:30 - The first idea\r\n1:02:03 Late')).toEqual({
			chapters: [
				{ start: 0, title: 'Introduction' },
				{ start: 150, title: 'The first idea' },
				{ start: 3723, title: 'Late' },
			],
		})
		expect(parseChapterLines('')).toEqual({ chapters: [] })
		expect(parseChapterLines('0:00 A\nIntro at the start')).toEqual({
			error: 'Line 2: “Intro at the start” must start with a time such as 0:00, 1:05 or 1:02:03.',
		})
		expect(parseChapterLines('0:00 A\n1:00')).toEqual({
			error: 'Line 2: the chapter at 1:00 needs a title after the time.',
		})
		expect(parseChapterLines('0:00 A\n5:00 B\n3:00 C')).toEqual({
			error: 'Line 3: 3:00 is not after the chapter above it (5:00). List chapters in time order.',
		})
		expect(parseChapterLines(`0:00 ${'x'.repeat(101)}`)).toEqual({
			error: 'Line 1: a chapter title must be at most 100 characters long.',
		})
		expect(
			ChaptersFormSchema.safeParse({ chapters: Array.from({ length: 101 }, (_, n) => `${n}:00 C`).join('\n') }).error
				?.issues[0]?.message,
		).toBe('A lesson has at most 100 chapters.')
	})
})

describe('notes and the captions choice', () => {
	it('takes a note of 1 to 2,000 characters at a time in the lesson', () => {
		expect(NoteApiSchema.parse({ atSeconds: 65.9, text: '  Ask first.  ' })).toEqual({
			atSeconds: 65,
			text: 'Ask first.',
		})
		for (const bad of [
			{ atSeconds: 1, text: '   ' },
			{ atSeconds: 1, text: 'x'.repeat(2001) },
			{ atSeconds: -1, text: 'x' },
			{ atSeconds: 86_401, text: 'x' },
			{ atSeconds: '5', text: 'x' },
			{ atSeconds: 1, text: 'a\u0000b' },
		])
			expect(NoteApiSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 40)).toBe(false)
		expect(NoteApiSchema.parse({ atSeconds: 0, text: 'Line one\nLine two\tindented' }).text).toBe(
			'Line one\nLine two\tindented',
		)
		expect(NotePatchSchema.safeParse({}).success).toBe(false)
		expect(NotePatchSchema.parse({ text: 'Only the text' })).toEqual({ text: 'Only the text' })
		expect(NoteFormSchema.parse({ time: '1:05', text: 'Here' })).toEqual({ time: 65, text: 'Here' })
		expect(NoteFormSchema.parse({ text: 'At the start' })).toEqual({ time: 0, text: 'At the start' })
		expect(NoteFormSchema.safeParse({ time: 'soon', text: 'x' }).error?.issues[0]?.message).toBe(
			'Time must be a time in the lesson, such as 1:05',
		)
	})

	it('remembers a language or off, and nothing else', () => {
		expect(readCaptionsChoice('tz=UTC; captions=es')).toBe('es')
		expect(readCaptionsChoice('captions=off')).toBe('off')
		for (const header of [null, '', 'captions=xx', 'captions=', 'captions=en%00', 'mycaptions=en'])
			expect(readCaptionsChoice(header), String(header)).toBeNull()
	})
})

describe("the demo's captions and chapters (docs/decisions/174)", () => {
	it('are good WebVTT for every lesson, each slide captioned from the time it shows until the next', async () => {
		for (const [index, lesson] of DEMO_LESSONS.entries()) {
			const slides = demoLessonSlides(lesson, index)
			const { cues } = await parseWebVTT(demoLessonCaptions(lesson, index))
			expect(cues[0]!.start, lesson.title).toBe(0)
			expect(cues.at(-1)!.end, lesson.title).toBe(lesson.minutes * 60)
			for (const slide of slides) {
				const atSlide = cues.filter((cue) => cue.start >= slide.start && cue.end <= slide.end)
				expect(atSlide.length, `${lesson.title} at ${slide.start}`).toBeGreaterThan(0)
				expect(atSlide[0]!.start).toBe(slide.start)
				if (slide.part !== null) expect(atSlide.map((cue) => cue.text).join(' ')).toContain(slide.heading)
			}
			expect(demoLessonChapters(lesson, index).map((chapter) => chapter.start)).toEqual(
				slides.map((slide) => slide.start),
			)
		}
	})
})
