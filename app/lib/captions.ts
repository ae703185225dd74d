/**
 * Captions and chapters of a lesson (docs/decisions/170, 173): the languages
 * a caption track may be in, the member's remembered choice, and the admin
 * captions dialog's limits and texts. Shared by the server and the browser;
 * the dialog's zod schemas are in `caption-schemas.ts` (docs/decisions/220).
 */

/**
 * The languages captions may be written in: BCP 47 codes (the track's
 * `srclang`) with the name members read in the captions menu, in the
 * language itself (the player lists them in this order).
 */
export const CAPTION_LANGUAGES = [
	{ code: 'en', name: 'English' },
	{ code: 'es', name: 'Español' },
	{ code: 'fr', name: 'Français' },
	{ code: 'de', name: 'Deutsch' },
	{ code: 'it', name: 'Italiano' },
	{ code: 'pt', name: 'Português' },
	{ code: 'nl', name: 'Nederlands' },
	{ code: 'sv', name: 'Svenska' },
	{ code: 'da', name: 'Dansk' },
	{ code: 'nb', name: 'Norsk bokmål' },
	{ code: 'fi', name: 'Suomi' },
	{ code: 'pl', name: 'Polski' },
	{ code: 'cs', name: 'Čeština' },
	{ code: 'tr', name: 'Türkçe' },
	{ code: 'ru', name: 'Русский' },
	{ code: 'uk', name: 'Українська' },
	{ code: 'ar', name: 'العربية' },
	{ code: 'he', name: 'עברית' },
	{ code: 'hi', name: 'हिन्दी' },
	{ code: 'ja', name: '日本語' },
	{ code: 'ko', name: '한국어' },
	{ code: 'zh', name: '中文' },
] as const

export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number]['code']
export const LANGUAGE_CODES = CAPTION_LANGUAGES.map((language) => language.code) as [
	CaptionLanguage,
	...CaptionLanguage[],
]

export function isCaptionLanguage(value: unknown): value is CaptionLanguage {
	return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value)
}

/** 'English' for 'en'. */
export function captionLanguageName(code: CaptionLanguage): string {
	return CAPTION_LANGUAGES.find((language) => language.code === code)!.name
}

/** Where the languages stand in the menu: the list's order. */
export function captionLanguageOrder(code: CaptionLanguage): number {
	return LANGUAGE_CODES.indexOf(code)
}

/** A caption track as the lesson page and the player get it: its language, name and address. */
export interface CaptionTrackSource {
	language: CaptionLanguage
	label: string
	/** `/content-library/{id}/captions/{language}.vtt?v={version}`: through the lesson's own gate (decision 170). */
	src: string
}

/** The address of a lesson's caption file; `version` changes when the captions do, so a browser's cached copy is never stale. */
export function captionFileHref(videoId: number, language: CaptionLanguage, version: number): string {
	return `/content-library/${videoId}/captions/${language}.vtt?v=${version}`
}

// ---------------------------------------------------------------------------
// The member's choice: captions on in a language, or off (remembered per browser)
// ---------------------------------------------------------------------------

export const CAPTIONS_COOKIE = 'captions'
export const CAPTIONS_OFF = 'off'
export type CaptionsChoice = CaptionLanguage | typeof CAPTIONS_OFF | null

/** The remembered choice from a Cookie header: a language, 'off', or null when the member never chose. */
export function readCaptionsChoice(cookieHeader: string | null | undefined): CaptionsChoice {
	const value = new RegExp(`(?:^|;\\s*)${CAPTIONS_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1]
	if (value === CAPTIONS_OFF) return CAPTIONS_OFF
	return isCaptionLanguage(value) ? value : null
}

/** The cookie the player writes when the member turns captions on or off: a year, for every page. */
export function captionsChoiceCookie(choice: CaptionLanguage | typeof CAPTIONS_OFF): string {
	return `${CAPTIONS_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`
}

// ---------------------------------------------------------------------------
// The admin captions dialog (/admin/videos/{id}/captions)
// ---------------------------------------------------------------------------

/** The largest WebVTT file a lesson takes: hours of dense captions fit, and the form stays under its 256 KB. */
export const MAX_CAPTIONS_BYTES = 200 * 1024
export const CAPTIONS_TOO_LARGE = `Captions must be at most ${MAX_CAPTIONS_BYTES / 1024} KB`
export const CAPTIONS_MISSING = 'Paste the captions (WebVTT) or choose a .vtt file'
export const CAPTIONS_TWICE = 'Paste the captions or choose a file, not both'

/** The dialog's three forms, told apart by their `intent`. */
export const CAPTIONS_DIALOG_INTENTS = {
	saveCaptions: 'save-captions',
	removeCaptions: 'remove-captions',
	saveChapters: 'save-chapters',
} as const
