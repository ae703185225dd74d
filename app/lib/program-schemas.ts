import { z } from 'zod'
import { optionalLine, optionalText, requiredLine, requiredText } from '~/lib/admin-schemas'
import { isValidTimeZone } from '~/lib/dates'
import { zonedDateTimeToDate } from '~/lib/zoned-time'
import {
	DEFAULT_PASS_MARK,
	PROGRAM_LIMITS,
	UNLOCK_KINDS,
	answerField,
	type ProgramItemKind,
	type UnlockRule,
} from '~/lib/programs'

/**
 * The forms of programs (product §2 "Programs", §5): the admin's module and
 * item dialogs, and the member's reflection and knowledge check, one zod
 * schema each, used by the browser (Conform) and by the server (the pages'
 * actions and the JSON calls).
 */

// ---------------------------------------------------------------------------
// Modules (the admin's dialog)
// ---------------------------------------------------------------------------

const DAYS_RULE = `Days must be a whole number from 0 to ${PROGRAM_LIMITS.unlockDaysMax}`

export interface ModuleInput {
	title: string
	description: string | null
	unlock: UnlockRule
}

/**
 * The module dialog: when the module opens, with the days (after the member
 * starts) or the date and time (in the zone the form names, as event times
 * are: docs/decisions/030) its rule needs.
 */
export const ModuleFormSchema = z
	.object({
		title: requiredLine('Title', PROGRAM_LIMITS.moduleTitle),
		description: optionalText('Description', PROGRAM_LIMITS.moduleDescription),
		unlock: z.enum(UNLOCK_KINDS, { errorMap: () => ({ message: 'Choose when the module opens' }) }),
		days: z
			.number({ invalid_type_error: DAYS_RULE })
			.int(DAYS_RULE)
			.min(0, DAYS_RULE)
			.max(PROGRAM_LIMITS.unlockDaysMax, DAYS_RULE)
			.optional(),
		opensAt: z.string({ invalid_type_error: 'Opens on must be a date and time' }).max(40).optional(),
		timeZone: z.string().max(64).optional(),
	})
	.transform((value, ctx): ModuleInput => {
		const fail = (path: string, message: string) => {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
			return z.NEVER
		}
		const base = { title: value.title, description: value.description }
		switch (value.unlock) {
			case 'after_days':
				if (value.days === undefined) return fail('days', 'Say after how many days the module opens')
				return { ...base, unlock: { kind: 'after_days', days: value.days } }
			case 'on_date': {
				const zone = value.timeZone || 'UTC'
				if (!isValidTimeZone(zone)) return fail('opensAt', `Unknown time zone "${zone}"`)
				if (!value.opensAt) return fail('opensAt', 'Choose the date the module opens')
				const date = zonedDateTimeToDate(value.opensAt, zone)
				if (!date) return fail('opensAt', 'Opens on must be a date and time')
				return { ...base, unlock: { kind: 'on_date', date: date.toISOString() } }
			}
			default:
				return { ...base, unlock: { kind: value.unlock } }
		}
	})

// ---------------------------------------------------------------------------
// Items (the admin's dialog, one schema per kind)
// ---------------------------------------------------------------------------

export interface CheckQuestion {
	prompt: string
	choices: string[]
	/** The index of the right choice. Never sent to a member before they submit (docs/decisions/150). */
	answer: number
	explanation: string
}

export type ItemInput =
	| { kind: 'lesson'; title: string | null; videoId: number }
	| { kind: 'reading'; title: string; body: string }
	| { kind: 'reflection'; title: string; prompt: string }
	| { kind: 'check'; title: string; passMark: number; questions: CheckQuestion[] }

const LESSON_RULE = 'Choose the lesson from the library'

const LessonItemSchema = z
	.object({
		videoId: z.string({ required_error: LESSON_RULE, invalid_type_error: LESSON_RULE }).regex(/^\d{1,9}$/, LESSON_RULE),
		// Empty: the lesson's own title.
		title: optionalLine('Title', PROGRAM_LIMITS.itemTitle),
	})
	.transform((value): ItemInput => ({ kind: 'lesson', title: value.title, videoId: Number(value.videoId) }))

const ReadingItemSchema = z
	.object({
		title: requiredLine('Title', PROGRAM_LIMITS.itemTitle),
		body: requiredText('Text', PROGRAM_LIMITS.reading),
	})
	.transform((value): ItemInput => ({ kind: 'reading', ...value }))

const ReflectionItemSchema = z
	.object({
		title: requiredLine('Title', PROGRAM_LIMITS.itemTitle),
		prompt: requiredText('Prompt', PROGRAM_LIMITS.prompt),
	})
	.transform((value): ItemInput => ({ kind: 'reflection', ...value }))

const PASS_MARK_RULE = 'Pass mark must be a whole percent from 1 to 100'
const QUESTION_SLOTS = Array.from({ length: PROGRAM_LIMITS.questionsMax }, (_, index) => index + 1)
const CHOICE_SLOTS = Array.from({ length: PROGRAM_LIMITS.choicesMax }, (_, index) => index + 1)

/** The field names of question `n`'s slot in the check dialog (flat, so the form works without JavaScript). */
export const questionFields = (n: number) => ({
	prompt: `q${n}Prompt`,
	choices: CHOICE_SLOTS.map((m) => `q${n}Choice${m}`),
	answer: `q${n}Answer`,
	explanation: `q${n}Explanation`,
})

const slotText = (max: number, label: string) =>
	z
		.string({ invalid_type_error: `${label} must be text` })
		.trim()
		.max(max, `${label} must be at most ${max} characters long`)
		.optional()

/**
 * The knowledge check's dialog: a pass mark and ten question slots, each with
 * its text, four choices, the right one and an explanation. Empty slots are
 * left out; a slot in use needs all of it (and two choices at least), and a
 * check has two to ten questions.
 */
const CheckItemSchema = z
	.object({
		title: requiredLine('Title', PROGRAM_LIMITS.itemTitle),
		passMark: z
			.number({ invalid_type_error: PASS_MARK_RULE })
			.int(PASS_MARK_RULE)
			.min(1, PASS_MARK_RULE)
			.max(100, PASS_MARK_RULE)
			.optional(),
		...Object.fromEntries(
			QUESTION_SLOTS.flatMap((n) => {
				const names = questionFields(n)
				return [
					[names.prompt, slotText(PROGRAM_LIMITS.question, `Question ${n}`)],
					...names.choices.map((name, index) => [name, slotText(PROGRAM_LIMITS.choice, `Choice ${index + 1}`)]),
					[names.answer, z.string({ invalid_type_error: 'Choose the right answer' }).max(2).optional()],
					[names.explanation, slotText(PROGRAM_LIMITS.explanation, `Explanation ${n}`)],
				]
			}),
		),
	})
	.transform((value, ctx): ItemInput => {
		const fields = value as Record<string, string | undefined>
		const questions: CheckQuestion[] = []
		for (const n of QUESTION_SLOTS) {
			const names = questionFields(n)
			const prompt = fields[names.prompt] ?? ''
			const slots = names.choices.map((name) => fields[name] ?? '')
			const explanation = fields[names.explanation] ?? ''
			if (!prompt && !explanation && slots.every((choice) => !choice)) continue
			const issue = (path: string, message: string) =>
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
			if (!prompt) issue(names.prompt, `Question ${n} needs its text`)
			const filled = slots.flatMap((choice, index) => (choice ? [{ choice, index }] : []))
			if (filled.length < PROGRAM_LIMITS.choicesMin) issue(names.choices[0]!, `Question ${n} needs at least 2 choices`)
			const answerSlot = Number(fields[names.answer]) - 1
			const answer = filled.findIndex((entry) => entry.index === answerSlot)
			if (answer === -1) issue(names.answer, `Choose the right answer of question ${n} among its choices`)
			if (!explanation) issue(names.explanation, `Question ${n} needs an explanation`)
			questions.push({ prompt, choices: filled.map((entry) => entry.choice), answer, explanation })
		}
		if (questions.length < PROGRAM_LIMITS.questionsMin)
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: [questionFields(questions.length + 1).prompt],
				message: `A knowledge check has ${PROGRAM_LIMITS.questionsMin} to ${PROGRAM_LIMITS.questionsMax} questions`,
			})
		return { kind: 'check', title: value.title, passMark: value.passMark ?? DEFAULT_PASS_MARK, questions }
	})

/** The item dialog's schema for one kind of item. */
export const ITEM_FORM_SCHEMAS = {
	lesson: LessonItemSchema,
	reading: ReadingItemSchema,
	reflection: ReflectionItemSchema,
	check: CheckItemSchema,
} satisfies Record<ProgramItemKind, z.ZodTypeAny>

/** The check dialog's values for stored questions (the slots' field names and the right choice as 1 to 4). */
export function checkFormValues(questions: CheckQuestion[]): Record<string, string> {
	return Object.fromEntries(
		questions.flatMap((question, index) => {
			const names = questionFields(index + 1)
			return [
				[names.prompt, question.prompt],
				...question.choices.map((choice, choiceIndex) => [names.choices[choiceIndex]!, choice]),
				[names.answer, String(question.answer + 1)],
				[names.explanation, question.explanation],
			]
		}),
	)
}

/** Which way an up/down form moves a module or an item. */
export const MoveSchema = z.object({
	id: z.number({ required_error: 'Say what to move', invalid_type_error: 'Say what to move' }).int().positive(),
	direction: z.enum(['up', 'down'], { errorMap: () => ({ message: 'Move up or down' }) }),
})

/** The revoke dialog's form: why, optionally (the audit log keeps it). */
export const RevokeSchema = z.object({
	reason: z
		.string({ invalid_type_error: 'Reason must be text' })
		.trim()
		.max(500, 'Reason must be at most 500 characters long')
		.optional()
		.transform((value) => value || null),
})

// ---------------------------------------------------------------------------
// The member's forms
// ---------------------------------------------------------------------------

/** PUT /api/program-items/{id}/reflection and the reflection form: 1 to 5,000 characters, private to the member. */
export const ReflectionSchema = z.object({
	text: z
		.string({ required_error: 'Write your reflection', invalid_type_error: 'Your reflection must be text' })
		.trim()
		.min(1, 'Write your reflection')
		.max(PROGRAM_LIMITS.reflection, `Your reflection must be at most ${PROGRAM_LIMITS.reflection} characters long`),
})

const ANSWERS_RULE = 'answers must be a list of choice numbers, one per question, counting from 0'

/** POST /api/program-items/{id}/check: `{ answers: [index, …] }`, one per question (the service checks the count). */
export const CheckAnswersSchema = z.object({
	answers: z
		.array(z.number({ invalid_type_error: ANSWERS_RULE }).int(ANSWERS_RULE).min(0, ANSWERS_RULE).max(9, ANSWERS_RULE), {
			required_error: 'answers is required',
			invalid_type_error: ANSWERS_RULE,
		})
		.min(1, ANSWERS_RULE)
		.max(PROGRAM_LIMITS.questionsMax, ANSWERS_RULE),
})

export const CheckFormSchema = z
	.object(
		Object.fromEntries(
			QUESTION_SLOTS.map((n) => [
				answerField(n),
				z.string({ invalid_type_error: 'Choose an answer' }).regex(/^\d$/, 'Choose an answer').optional(),
			]),
		),
	)
	.transform((value) => {
		const answers: number[] = []
		for (const n of QUESTION_SLOTS) {
			const answer = (value as Record<string, string | undefined>)[answerField(n)]
			if (answer === undefined) break
			answers.push(Number(answer))
		}
		return { answers }
	})
