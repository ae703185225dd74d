import { formatDate } from '~/lib/dates'
import { isVideoLocked } from '~/lib/videos'

/**
 * Programs (product §2 "Programs"): leadership journeys of modules and
 * items, shared by the server and the browser. The rules that decide what a
 * member may open live in app/services/learning/program-progress.server.ts;
 * this module holds their words and the shapes the pages and the JSON calls
 * carry (docs/decisions/150).
 */

export const PROGRAM_ITEM_KINDS = ['lesson', 'reading', 'reflection', 'check'] as const
export type ProgramItemKind = (typeof PROGRAM_ITEM_KINDS)[number]

export const ITEM_KIND_LABELS: Record<ProgramItemKind, string> = {
	lesson: 'Lesson',
	reading: 'Reading',
	reflection: 'Reflection',
	check: 'Knowledge check',
}

export function isProgramItemKind(value: unknown): value is ProgramItemKind {
	return typeof value === 'string' && (PROGRAM_ITEM_KINDS as readonly string[]).includes(value)
}

/** When a module opens: at once, N days after the member started, on a date, or once the module before it is complete. */
export const UNLOCK_KINDS = ['immediately', 'after_days', 'on_date', 'after_previous'] as const
export type UnlockKind = (typeof UNLOCK_KINDS)[number]

export const UNLOCK_LABELS: Record<UnlockKind, string> = {
	immediately: 'Open at once',
	after_days: 'Some days after the member starts',
	on_date: 'On a date',
	after_previous: 'When the module before it is complete',
}

export type UnlockRule =
	| { kind: 'immediately' }
	| { kind: 'after_days'; days: number }
	| { kind: 'on_date'; date: string }
	| { kind: 'after_previous' }

/** product §9 "Programs". */
export const PROGRAM_LIMITS = {
	title: 200,
	summary: 200,
	description: 5000,
	moduleTitle: 200,
	moduleDescription: 1000,
	itemTitle: 200,
	reading: 10_000,
	prompt: 2000,
	reflection: 5000,
	question: 500,
	choice: 200,
	explanation: 1000,
	questionsMin: 2,
	questionsMax: 10,
	choicesMin: 2,
	choicesMax: 4,
	unlockDaysMax: 3650,
} as const

/** A knowledge check is passed from this score (percent) unless it says otherwise. */
export const DEFAULT_PASS_MARK = 70
/** Readings count this many words a minute in a program's estimated time. */
export const READING_WORDS_PER_MINUTE = 200

/** Minutes to read a text, at least one. */
export function readingMinutes(plainText: string): number {
	const words = plainText.split(/\s+/).filter(Boolean).length
	return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE))
}

/** "2 h 15 min", "45 min": a program's estimated time. */
export function formatEstimate(minutes: number): string {
	if (minutes < 60) return `${minutes} min`
	const hours = Math.floor(minutes / 60)
	const rest = minutes % 60
	return rest ? `${hours} h ${rest} min` : `${hours} h`
}

/** Why an item cannot be opened yet (or at all, on a free account). */
/**
 * Whether an item is Premium: what a free account cannot open, whatever
 * its module's rule says (product §6, docs/decisions/151): a lesson by the
 * free-video rule, any other item outside the first module.
 */
export function isPremiumItem(item: { kind: ProgramItemKind; videoId?: number | null }, moduleIndex: number): boolean {
	return item.kind === 'lesson' ? isVideoLocked(null, item.videoId ?? Infinity) : moduleIndex > 0
}

export type ItemLock =
	/** Its module opens at this time (a date, or N days after the member started). */
	| { reason: 'opens_on'; opensAt: string }
	/** Its module opens N days after the member starts, and they have not started. */
	| { reason: 'after_start'; days: number }
	/** The module before it must be complete first. */
	| { reason: 'previous_module'; moduleNumber: number; moduleTitle: string }
	/** Premium only (product §6: the free-video rule for lessons; beyond the first module for the rest). */
	| { reason: 'premium' }

/** product §2 "Programs": what an outline says of a locked item or module ('Opens on Dec 2', 'Complete module 1 first', 'Premium'). */
export function lockText(lock: ItemLock, timeZone: string): string {
	switch (lock.reason) {
		case 'opens_on':
			return `Opens on ${formatDate(lock.opensAt, timeZone)}`
		case 'after_start':
			return `Opens ${lock.days} ${lock.days === 1 ? 'day' : 'days'} after you start`
		case 'previous_module':
			return `Complete module ${lock.moduleNumber} first`
		case 'premium':
			return 'Premium'
	}
}

export type ItemState = 'done' | 'open' | 'locked'

/** One item of an outline as a member sees it: never a reading's text, a prompt or a question (those are on its own page). */
export interface OutlineItem {
	id: number
	kind: ProgramItemKind
	title: string
	/** A lesson's duration or a reading's time; null when unknown. */
	minutes: number | null
	/** The lesson's video, for lessons. */
	videoId: number | null
	state: ItemState
	/** Also true for a done item its module has locked again (a lesson watched in the library). */
	done: boolean
	lock: ItemLock | null
}

export interface OutlineModule {
	id: number
	/** 1-based, as members count them. */
	number: number
	title: string
	description: string | null
	unlock: UnlockRule
	state: 'complete' | 'open' | 'locked'
	lock: ItemLock | null
	items: OutlineItem[]
}

/** The member's progress in a program (docs/decisions/151): what peer pods and the dashboard read too. */
export interface ProgramProgress {
	programId: number
	enrolled: boolean
	startedAt: string | null
	completedAt: string | null
	done: number
	total: number
	/** Whole percent of the items done. */
	percent: number
	/** The first module with something left to do (the last one once all is done). */
	currentModule: { id: number; number: number; title: string } | null
	/** The first item that is neither done nor locked; null when none is. */
	nextItem: { id: number; kind: ProgramItemKind; title: string } | null
}

/** A program in the list (/programs, GET /api/programs). */
export interface ProgramCard {
	id: number
	title: string
	summary: string | null
	cover: string | null
	published: boolean
	moduleCount: number
	lessonCount: number
	/** Lessons' durations and readings' times, in minutes. */
	estimatedMinutes: number
	progress: ProgramProgress
}

/** A program's outline as one member sees it (/programs/{id}, GET /api/programs/{id}). */
export interface ProgramOutline extends Omit<ProgramCard, 'progress'> {
	description: string | null
	progress: ProgramProgress
	modules: OutlineModule[]
	/** The member's certificate of this program, once issued. */
	certificate: { code: string; url: string; revoked: boolean } | null
}

/** 'Start', 'Continue' or 'Review' (product §2 "Programs"), and where it leads. */
export function nextStep(outline: Pick<ProgramOutline, 'id' | 'progress' | 'modules'>): {
	label: 'Start' | 'Continue' | 'Review'
	itemId: number | null
} {
	const { progress } = outline
	if (progress.completedAt) return { label: 'Review', itemId: outline.modules[0]?.items[0]?.id ?? null }
	return { label: progress.enrolled ? 'Continue' : 'Start', itemId: progress.nextItem?.id ?? null }
}

/** '{n}% complete', 'Completed' or 'Not started'. */
export function programProgressText(progress: Pick<ProgramProgress, 'enrolled' | 'percent' | 'completedAt'>): string {
	if (progress.completedAt) return 'Completed'
	if (!progress.enrolled) return 'Not started'
	return `${progress.percent}% complete`
}

export const programItemPath = (programId: number, itemId: number) => `/programs/${programId}/items/${itemId}`

/** Certificates (docs/decisions/152): the issuer's name on every one. */
export const CERTIFICATE_ISSUER = 'LeaderForge'

/** A certificate's code: URL-safe, at least 16 characters (ours are 22). */
export const CERTIFICATE_CODE = /^[A-Za-z0-9_-]{16,64}$/

/**
 * LinkedIn's "Add to profile" address for a certification, filled in
 * (https://addtoprofile.linkedin.com): the name, the issuer, the month it
 * was issued, the page that verifies it and its code.
 */
export function linkedInAddToProfileUrl(certificate: {
	name: string
	issuedAt: string
	url: string
	code: string
}): string {
	const issued = new Date(certificate.issuedAt)
	const params = new URLSearchParams({
		startTask: 'CERTIFICATION_NAME',
		name: certificate.name,
		organizationName: CERTIFICATE_ISSUER,
		issueYear: String(issued.getUTCFullYear()),
		issueMonth: String(issued.getUTCMonth() + 1),
		certUrl: certificate.url,
		certId: certificate.code,
	})
	return `https://www.linkedin.com/profile/add?${params}`
}

/** A member's certificate, as GET /api/certificates lists it. */
export interface CertificateJSON {
	code: string
	programId: number
	programTitle: string
	recipientName: string
	modules: string[]
	issuedAt: string
	revokedAt: string | null
	url: string
	pdfUrl: string
	credentialUrl: string
	linkedInUrl: string
}

/** How the admin's outline names a module's rule ('Opens 7 days after the member starts'). */
export function describeUnlock(rule: UnlockRule, moduleNumber: number, timeZone: string): string {
	switch (rule.kind) {
		case 'immediately':
			return 'Open at once'
		case 'after_days':
			return rule.days === 0
				? 'Open at once'
				: `Opens ${rule.days} ${rule.days === 1 ? 'day' : 'days'} after the member starts`
		case 'on_date':
			return `Opens on ${formatDate(rule.date, timeZone)}`
		case 'after_previous':
			return moduleNumber > 1 ? `Opens when module ${moduleNumber - 1} is complete` : 'Open at once (it is the first)'
	}
}

/** The check's form on the item page: a radio group per question (`answer1`, `answer2`, …, each the choice's index). */
export const answerField = (questionNumber: number) => `answer${questionNumber}`
