import { z } from 'zod'
import { ROLE_VALUES } from '~/lib/roles'
import { isOneLineText, oneLineTextMessage } from '~/lib/schemas'
import { isValidTimeZone } from '~/lib/dates'
import { zonedDateTimeToDate } from '~/lib/zoned-time'
import { isSafeUrl } from '~/lib/safe-url'
import { withoutFingerprint } from '~/lib/public-asset-url'
import { PROGRAM_LIMITS } from '~/lib/programs'
import {
	ADMIN_LIMITS,
	RESOURCE_TYPE_OPTIONS,
	RESOURCE_TYPE_VALUES,
	resourceTypeLabel,
	type ResourceTypeValue,
} from '~/lib/admin-fields'

/** The safe-address rule lives in ./safe-url (avatars use it too); re-exported for the admin forms' callers. */
export { isSafeUrl }

/**
 * The zod schemas of the administration panel (product §2, §5, §7). The add and
 * edit dialogs (Conform, in the browser and in the page actions) and the
 * JSON admin API use the same ones; PATCH takes `.partial()` of them.
 */

export { ADMIN_LIMITS, RESOURCE_TYPE_OPTIONS, RESOURCE_TYPE_VALUES, resourceTypeLabel, type ResourceTypeValue }

export const requiredText = (label: string, max: number) =>
	z
		.string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
		.trim()
		.min(1, `${label} is required`)
		.max(max, `${label} must be at most ${max} characters long`)

/** A title, a name or a place: one line of visible text (it reaches calendar files, mail subjects and page titles). */
export const requiredLine = (label: string, max: number) =>
	requiredText(label, max).refine(isOneLineText, oneLineTextMessage(label))
export const optionalLine = (label: string, max: number) =>
	optionalText(label, max).refine(isOneLineText, oneLineTextMessage(label))

/** Empty, missing or null all mean "none" and are stored as null (product §5). */
export const optionalText = (label: string, max: number) =>
	z
		.string({ invalid_type_error: `${label} must be text` })
		.trim()
		.max(max, `${label} must be at most ${max} characters long`)
		.nullish()
		.transform((value) => value || null)

const URL_RULE = 'must start with http://, https:// or /'

const requiredUrl = (label: string) => requiredText(label, ADMIN_LIMITS.url).refine(isSafeUrl, `${label} ${URL_RULE}`)

/** A picture's address (thumbnail) is stored without the fingerprint pages show it with (docs/decisions/088). */
export const optionalPictureUrl = (label: string) =>
	optionalText(label, ADMIN_LIMITS.url)
		.refine((value) => value === null || isSafeUrl(value), `${label} ${URL_RULE}`)
		.transform((value) => value && withoutFingerprint(value))

const DURATION_RULE = `Duration must be a whole number of minutes from 1 to ${ADMIN_LIMITS.durationMinutes}`

/** Minutes (docs/decisions/005-video-duration-unit.md); empty means unknown (null). */
const durationMinutes = z
	.number({ invalid_type_error: DURATION_RULE })
	.int(DURATION_RULE)
	.min(1, DURATION_RULE)
	.max(ADMIN_LIMITS.durationMinutes, DURATION_RULE)
	.nullish()
	.transform((value) => value ?? null)

export const VideoSchema = z.object({
	title: requiredLine('Title', ADMIN_LIMITS.title),
	description: optionalText('Description', ADMIN_LIMITS.description),
	url: requiredUrl('URL'),
	thumbnail: optionalPictureUrl('Thumbnail'),
	duration: durationMinutes,
	category: optionalLine('Category', ADMIN_LIMITS.category),
})
export type VideoInput = z.output<typeof VideoSchema>

/** Member screens show a short code (EL, NM, WL); the admin form may also give an image URL. */
const ICON_CODE = /^[A-Za-z0-9]{1,4}$/

export const CommunitySchema = z.object({
	name: requiredLine('Name', ADMIN_LIMITS.name),
	description: optionalText('Description', ADMIN_LIMITS.description),
	// An image address is stored without the fingerprint pages show it with (docs/decisions/088).
	icon: optionalText('Icon', ADMIN_LIMITS.url)
		.refine(
			(value) => value === null || ICON_CODE.test(value) || isSafeUrl(value),
			`Icon must be a short code (like EL) or a URL that ${URL_RULE}`,
		)
		.transform((value) => value && withoutFingerprint(value)),
})
export type CommunityInput = z.output<typeof CommunitySchema>

export const ResourceSchema = z.object({
	title: requiredLine('Title', ADMIN_LIMITS.title),
	description: optionalText('Description', ADMIN_LIMITS.description),
	type: z
		.enum(RESOURCE_TYPE_VALUES, {
			errorMap: () => ({ message: `Type must be one of: ${RESOURCE_TYPE_VALUES.join(', ')}` }),
		})
		.default('pdf'),
	url: requiredUrl('URL'),
})
export type ResourceInput = z.output<typeof ResourceSchema>

/** Members open the meeting link from the app: an https: address only (product §2 "Events"). */
const MEETING_URL_RULE = 'Meeting link must be an https:// address'

function isHttpsUrl(value: string): boolean {
	if (/\s/.test(value)) return false
	try {
		const url = new URL(value)
		return url.protocol === 'https:' && url.hostname.length > 0
	} catch {
		return false
	}
}

const eventFields = {
	title: z
		// product §5 has one message for a short title, an empty one included.
		.string({ required_error: 'Title must be at least 3 characters long', invalid_type_error: 'Title must be text' })
		.trim()
		.min(3, 'Title must be at least 3 characters long')
		.max(ADMIN_LIMITS.title, `Title must be at most ${ADMIN_LIMITS.title} characters long`)
		.refine(isOneLineText, oneLineTextMessage('Title')),
	description: optionalText('Description', ADMIN_LIMITS.description),
	location: optionalLine('Location', ADMIN_LIMITS.location),
	meetingUrl: optionalText('Meeting link', ADMIN_LIMITS.url).refine(
		(value) => value === null || isHttpsUrl(value),
		MEETING_URL_RULE,
	),
}

const REPLAY_RULE = 'Replay video must be a video id'
/** The JSON API: a video id, or null/absent for none. */
const replayVideoIdJson = z
	.number({ invalid_type_error: REPLAY_RULE })
	.int(REPLAY_RULE)
	.positive(REPLAY_RULE)
	.max(999_999_999, REPLAY_RULE)
	.nullish()
	.transform((value) => value ?? null)
/** The dialog's select: '' for none, else the video's id. */
const replayVideoIdForm = z
	.string({ invalid_type_error: REPLAY_RULE })
	.optional()
	.transform((value, ctx) => {
		if (!value) return null
		if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: REPLAY_RULE })
			return z.NEVER
		}
		return Number(value)
	})

export interface EventInput {
	title: string
	description: string | null
	location: string | null
	meetingUrl?: string | null
	replayVideoId?: number | null
	startTime: Date
	endTime: Date | null
}

/** JSON: times are dates in ISO 8601 with a zone ("2025-06-01T17:00:00.000Z"); an empty end time is null. */
const isoDate = (label: string) =>
	z
		.string({ required_error: `${label} is required`, invalid_type_error: `${label} must be a date` })
		.datetime({
			offset: true,
			message: `${label} must be an ISO 8601 date and time with a zone, like 2025-06-01T17:00:00Z`,
		})
		.transform((value) => new Date(value))

export const EventApiSchema = z.object({
	...eventFields,
	replayVideoId: replayVideoIdJson,
	startTime: isoDate('Start time'),
	endTime: z
		.preprocess((value) => (value === '' ? null : value), isoDate('End time').nullish())
		.transform((value) => value ?? null),
})

/**
 * The event dialog: `datetime-local` values plus the time zone they were
 * entered in (docs/decisions/030-admin-event-times.md), turned into dates.
 */
export const EventFormSchema = z
	.object({
		...eventFields,
		startTime: z.string({ required_error: 'Start time is required', invalid_type_error: 'Start time is required' }),
		endTime: z.string({ invalid_type_error: 'End time must be a date and time' }).optional(),
		replayVideoId: replayVideoIdForm,
		timeZone: z.string().max(64).optional(),
	})
	.transform((value, ctx): EventInput => {
		const zone = value.timeZone ?? 'UTC'
		if (!isValidTimeZone(zone)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['startTime'], message: `Unknown time zone "${zone}"` })
			return z.NEVER
		}
		const startTime = zonedDateTimeToDate(value.startTime, zone)
		if (!startTime)
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['startTime'], message: 'Start time must be a date and time' })
		const endTime = value.endTime ? zonedDateTimeToDate(value.endTime, zone) : null
		if (value.endTime && !endTime)
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['endTime'], message: 'End time must be a date and time' })
		if (!startTime || (value.endTime && !endTime)) return z.NEVER
		return {
			title: value.title,
			description: value.description,
			location: value.location,
			meetingUrl: value.meetingUrl,
			replayVideoId: value.replayVideoId,
			startTime,
			endTime,
		}
	})

/** product §2 "Programs": what the Programs tab's dialog and POST /api/admin/programs take (modules and items have their own forms). */
const programFields = {
	title: requiredLine('Title', PROGRAM_LIMITS.title),
	summary: optionalLine('Summary', PROGRAM_LIMITS.summary),
	description: optionalText('Description', PROGRAM_LIMITS.description),
	cover: optionalPictureUrl('Cover'),
}

/** The dialog: `published` is a checkbox, absent when it is not ticked. */
export const ProgramFormSchema = z.object({
	...programFields,
	published: z
		.boolean({ invalid_type_error: 'Published must be on or off' })
		.optional()
		.transform((value) => value ?? false),
})

/** The JSON API: `published` is true or false (false when a new program leaves it out). */
export const ProgramApiSchema = z.object({
	...programFields,
	published: z.boolean({ invalid_type_error: 'published must be true or false' }).optional(),
})
export type ProgramInput = z.output<typeof ProgramApiSchema>

export const RoleChangeSchema = z.object({
	role: z.enum(ROLE_VALUES, {
		errorMap: () => ({ message: `Role must be one of: ${ROLE_VALUES.join(', ')}` }),
	}),
})
