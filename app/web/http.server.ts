import { hasControlCharacter } from '~/lib/characters'
import { json } from '@remix-run/node'
import { safeRedirect } from 'remix-utils/safe-redirect'
import { type z } from 'zod'
import { mediaTypeOf } from '~/web/origin.server'

/** Bodies larger than this are refused: no JSON call needs more. */
export const MAX_JSON_BODY_BYTES = 64 * 1024
/** Form posts are refused above this: the longest form (an event with a 5,000-character description) needs far less. */
export const MAX_FORM_BODY_BYTES = 256 * 1024
/**
 * No request here needs a larger body (the largest, Stripe's webhook, stops
 * at 512 KB). server/gates.ts refuses a larger declared body at the door, where
 * Node still drains it; and a body over its route's own limit is read off
 * the wire (and thrown away) up to this much, so the client gets its 413
 * instead of a connection that stalls and is reset. Beyond it the body is
 * abandoned, and the connection with it.
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024

export function jsonError(status: number, message: string, extra?: Record<string, unknown>) {
	return json({ message, ...extra }, { status })
}

export const BODY_TOO_LARGE = 'Request body is too large'
const tooLarge = () => jsonError(413, BODY_TOO_LARGE)

/** Turns zod issues into one readable sentence for a 400 answer. */
export function describeIssues(error: z.ZodError): string {
	return error.issues
		.map((issue) => {
			const field = issue.path.join('.')
			return field && !issue.message.toLowerCase().includes(field.toLowerCase())
				? `${field}: ${issue.message}`
				: issue.message
		})
		.join('; ')
}

/** The raw body, at most `limit` bytes: a longer one (declared or sent) is a thrown 413, once it has been read off the wire. */
export async function readBodyBytes(request: Request, limit: number): Promise<Buffer> {
	if (Number(request.headers.get('Content-Length') ?? 0) > MAX_REQUEST_BODY_BYTES) throw tooLarge()
	const chunks: Uint8Array[] = []
	let size = 0
	const reader = request.body?.getReader()
	while (reader) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size <= limit) chunks.push(value)
		else if (size > MAX_REQUEST_BODY_BYTES) {
			await reader.cancel()
			break
		}
	}
	if (size > limit) throw tooLarge()
	return Buffer.concat(chunks)
}

export const JSON_CONTENT_TYPE_REQUIRED = 'Send the request body as JSON (Content-Type: application/json)'

/**
 * Reads a JSON body and validates it with a zod schema. Anything wrong is a
 * thrown 4xx answer with a readable message, so actions only see good data.
 * Requiring the JSON content type also keeps cross-site forms out (they
 * cannot send it), which is why JSON calls need no CSRF token.
 */
export async function readJsonBody<Schema extends z.ZodTypeAny>(
	request: Request,
	schema: Schema,
	/** `requireBody`: an empty body is refused rather than read as {} (where {} means something, like "mark all read"). */
	{ requireBody = false }: { requireBody?: boolean } = {},
): Promise<z.output<Schema>> {
	// The media type exactly (parameters such as charset aside): `application/json-evil` is not JSON.
	if (mediaTypeOf(request.headers.get('Content-Type')) !== 'application/json')
		throw jsonError(415, JSON_CONTENT_TYPE_REQUIRED)
	const text = (await readBodyBytes(request, MAX_JSON_BODY_BYTES)).toString('utf8')
	if (requireBody && !text.trim()) throw jsonError(400, 'The request body must be a JSON object')
	let body: unknown
	try {
		body = text ? JSON.parse(text) : {}
	} catch {
		throw jsonError(400, 'The request body is not valid JSON')
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		throw jsonError(400, 'The request body must be a JSON object')
	}
	const result = schema.safeParse(body)
	if (!result.success) throw jsonError(400, describeIssues(result.error))
	return result.data
}

const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']
/** Every field of every form here is a plain name, sent once: never a path such as `title[$ne]` or `__proto__`. */
const FIELD_NAME = /^[A-Za-z_][\w-]{0,63}$/
const NOT_FIELD_NAMES = new Set(['__proto__', 'constructor', 'prototype'])
export const FORM_UNREADABLE = 'This form could not be read. Please reload the page and try again.'

/**
 * Reads a posted form: a form content type (415 otherwise), at most
 * MAX_FORM_BODY_BYTES (413), parseable (400), and only plain field names,
 * each sent once (400): a repeated field or a name like `title[$ne]` is
 * something none of our forms sends, and refusing it here keeps arrays and
 * nested objects out of every form parser after it.
 */
export async function readFormBody(request: Request): Promise<FormData> {
	const contentType = request.headers.get('Content-Type') ?? ''
	if (!FORM_CONTENT_TYPES.includes(mediaTypeOf(contentType))) {
		throw jsonError(
			415,
			'Send this form as a form (Content-Type: application/x-www-form-urlencoded or multipart/form-data)',
		)
	}
	const bytes = await readBodyBytes(request, MAX_FORM_BODY_BYTES)
	let formData: FormData
	try {
		formData = await new Response(new Uint8Array(bytes), { headers: { 'Content-Type': contentType } }).formData()
	} catch {
		throw jsonError(400, FORM_UNREADABLE)
	}
	const seen = new Set<string>()
	for (const name of formData.keys()) {
		if (!FIELD_NAME.test(name) || NOT_FIELD_NAMES.has(name)) {
			throw jsonError(400, `This form could not be read: none of our forms has a field named "${name.slice(0, 40)}".`)
		}
		if (seen.has(name))
			throw jsonError(400, `This form could not be read: its field "${name}" was sent more than once.`)
		seen.add(name)
	}
	return formData
}

export const methodNotAllowed = () => jsonError(405, 'Method not allowed')

/**
 * A route's numeric id parameter (`/community/7`). Anything else is a thrown
 * 404: a malformed id names nothing, like an unknown one.
 */
export function requireNumericId(value: string | undefined, what = 'Resource'): number {
	const id = Number(value)
	if (!value || !/^\d{1,9}$/.test(value) || !Number.isSafeInteger(id) || id < 1) {
		throw jsonError(404, `${what} not found`)
	}
	return id
}

/**
 * A return address the client gave (a form's `redirectTo`): used only when it
 * is a path on this site, else `fallback`. Besides remix-utils' rules (a
 * leading `/`, no `//`, `/\\` or `..`), it may hold no whitespace, control
 * character or backslash: browsers drop tabs and newlines from an address, so
 * `/<tab>/evil.example` would leave the site, and a newline cannot be sent in
 * a Location header at all. Characters beyond ASCII are percent-encoded (a
 * header holds no `ā`); text that cannot be encoded (a lone surrogate) is
 * refused.
 */
export function localRedirectPath(to: FormDataEntryValue | null, fallback: string): string {
	if (typeof to !== 'string' || /[\s\\]/.test(to) || hasControlCharacter(to)) return fallback
	try {
		// A Location header carries bytes, not text: characters beyond ASCII go percent-encoded, as browsers send them.
		return safeRedirect(
			to.replace(/[^ -~]+/g, (run) => encodeURIComponent(run)),
			fallback,
		)
	} catch {
		// URIError: a lone surrogate, which no address can hold.
		return fallback
	}
}

/**
 * An optional numeric query parameter (a list's cursor, an id filter):
 * undefined when absent or empty, else a positive whole number, or a thrown
 * 400 naming the parameter.
 */
export function optionalIdParam(url: URL, name: string): number | undefined {
	const value = url.searchParams.get(name)
	if (value === null || value === '') return undefined
	if (!/^\d{1,15}$/.test(value) || Number(value) < 1) throw jsonError(400, `${name} must be a positive whole number`)
	return Number(value)
}

/**
 * Whether the page itself asked for this (a navigation, or its own fetch),
 * rather than the browser loading a resource for it (an image, a script, a
 * style sheet), by `Sec-Fetch-Dest`. A read with a side effect (a
 * conversation marked read) has it only when the page asked: an `<img>`
 * pointing at the address changes nothing. Clients that send no
 * `Sec-Fetch-Dest` (older browsers, scripts) count as the page.
 */
export function isRequestedByPage(request: Request): boolean {
	const destination = request.headers.get('Sec-Fetch-Dest')
	return destination === null || destination === 'empty' || destination === 'document'
}
