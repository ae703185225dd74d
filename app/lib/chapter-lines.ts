import { hasControlCharacter } from '~/lib/characters'
import { formatLessonTime, parsePlaybackTime, type Chapter } from '~/lib/transcripts'

/**
 * Chapters as the admin's captions dialog writes them: one a line, '1:05 Title'.
 * Apart from ~/lib/transcripts, which the lesson page loads: only the dialog, its
 * schema and the captions service read or write these lines (decision 239).
 */
export const MAX_CHAPTERS = 100
export const CHAPTER_TITLE_MAX_LENGTH = 100

const CHAPTER_LINE = /^(\S+)(?:\s+[-–—]\s+|\s+)(.*)$/

/** The chapters of the dialog's text, or the first line that is wrong, with its number and what is wrong with it. */
export function parseChapterLines(text: string): { chapters: Chapter[] } | { error: string } {
	const chapters: Chapter[] = []
	const lines = text.split(/\r\n|\r|\n/)
	for (const [index, raw] of lines.entries()) {
		const line = raw.trim()
		if (!line) continue
		const number = index + 1
		const match = CHAPTER_LINE.exec(line)
		const start = parsePlaybackTime(match?.[1] ?? line)
		if (start === null)
			return { error: `Line ${number}: “${shorten(line)}” must start with a time such as 0:00, 1:05 or 1:02:03.` }
		const title = match?.[2]?.trim() ?? ''
		if (!title)
			return { error: `Line ${number}: the chapter at ${formatLessonTime(start)} needs a title after the time.` }
		if (hasControlCharacter(title))
			return { error: `Line ${number}: the title has a control character; type it again without it.` }
		if (title.length > CHAPTER_TITLE_MAX_LENGTH)
			return { error: `Line ${number}: a chapter title must be at most ${CHAPTER_TITLE_MAX_LENGTH} characters long.` }
		const before = chapters.at(-1)
		if (before && start <= before.start)
			return {
				error: `Line ${number}: ${formatLessonTime(start)} is not after the chapter above it (${formatLessonTime(before.start)}). List chapters in time order.`,
			}
		chapters.push({ start, title })
		if (chapters.length > MAX_CHAPTERS) return { error: `A lesson has at most ${MAX_CHAPTERS} chapters.` }
	}
	return { chapters }
}

/** The dialog's text for stored chapters: the same lines it reads. */
export function chapterLines(chapters: readonly Chapter[]): string {
	return chapters.map((chapter) => `${formatLessonTime(chapter.start)} ${chapter.title}`).join('\n')
}

function shorten(text: string): string {
	return text.length > 40 ? `${text.slice(0, 40)}…` : text
}
