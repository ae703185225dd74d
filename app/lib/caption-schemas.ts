import { z } from 'zod'
import {
	CAPTIONS_MISSING,
	CAPTIONS_TOO_LARGE,
	CAPTIONS_TWICE,
	LANGUAGE_CODES,
	MAX_CAPTIONS_BYTES,
} from '~/lib/captions'
import { parseChapterLines } from '~/lib/chapter-lines'

/** The admin captions dialog's forms (/admin/videos/{id}/captions, docs/decisions/170, 173). */

const LANGUAGE_MESSAGE = 'Choose the language of the captions'

const LanguageSchema = z.enum(LANGUAGE_CODES, { errorMap: () => ({ message: LANGUAGE_MESSAGE }) })

/**
 * Add or replace the captions of one language: pasted (`vtt`) or a file
 * (`file`, the form is multipart), one of the two. Whether the text is good
 * WebVTT is the server's to say, with the parser (it names the bad line).
 */
export const CaptionsFormSchema = z
	.object({
		language: LanguageSchema,
		vtt: z
			.string({ invalid_type_error: 'Captions must be text' })
			.max(MAX_CAPTIONS_BYTES, CAPTIONS_TOO_LARGE)
			.optional()
			.transform((value) => (value?.trim() ? value : undefined)),
		file: z
			.instanceof(File, { message: 'Choose a .vtt file' })
			.optional()
			.refine((file) => !file || file.size <= MAX_CAPTIONS_BYTES, CAPTIONS_TOO_LARGE),
	})
	.superRefine((value, context) => {
		if (value.vtt === undefined && value.file === undefined)
			context.addIssue({ code: 'custom', path: ['vtt'], message: CAPTIONS_MISSING })
		if (value.vtt !== undefined && value.file !== undefined)
			context.addIssue({ code: 'custom', path: ['vtt'], message: CAPTIONS_TWICE })
	})

/** Remove the captions of one language. */
export const RemoveCaptionsSchema = z.object({ language: LanguageSchema })

/** The chapters, one a line ('1:05 Title'); an empty text removes them. Each wrong line is named by its number. */
export const ChaptersFormSchema = z.object({
	chapters: z
		.string({ invalid_type_error: 'Chapters must be text' })
		.max(20_000, 'Chapters must be at most 20,000 characters long')
		.optional()
		.transform((text, context) => {
			const parsed = parseChapterLines(text ?? '')
			if ('error' in parsed) {
				context.addIssue({ code: 'custom', message: parsed.error })
				return z.NEVER
			}
			return parsed.chapters
		}),
})
