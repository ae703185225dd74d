import { json } from '@remix-run/node'
import { type z } from 'zod'
import { ServiceError } from '~/services/errors.server'

/** Bodies larger than this are refused before they are read: no JSON call needs more. */
export const MAX_JSON_BODY_BYTES = 64 * 1024

export function jsonError(status: number, message: string, extra?: Record<string, unknown>) {
	return json({ message, ...extra }, { status })
}

/** Turns zod issues into one readable sentence for a 400 answer. */
export function describeIssues(error: z.ZodError): string {
	return error.issues
		.map((issue) => {
			const field = issue.path.join('.')
			return field && !issue.message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message
		})
		.join('; ')
}

/**
 * Reads a JSON body and validates it with a zod schema. Anything wrong is a
 * thrown 4xx answer with a readable message, so actions only see good data.
 * Requiring the JSON content type also keeps cross-site forms out (they
 * cannot send it), which is why JSON calls need no CSRF token.
 */
export async function readJsonBody<Schema extends z.ZodTypeAny>(request: Request, schema: Schema): Promise<z.output<Schema>> {
	const contentType = request.headers.get('Content-Type') ?? ''
	if (!contentType.toLowerCase().startsWith('application/json')) {
		throw jsonError(415, 'Send the request body as JSON (Content-Type: application/json)')
	}
	const declaredLength = Number(request.headers.get('Content-Length') ?? 0)
	if (declaredLength > MAX_JSON_BODY_BYTES) throw jsonError(413, 'Request body is too large')
	const text = await request.text()
	if (Buffer.byteLength(text) > MAX_JSON_BODY_BYTES) throw jsonError(413, 'Request body is too large')
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

/** Runs a JSON handler; a ServiceError becomes its 4xx answer with the message. */
export async function withServiceErrors(handler: () => Promise<Response>): Promise<Response> {
	try {
		return await handler()
	} catch (error) {
		if (error instanceof ServiceError) {
			return jsonError(error.status, error.message, error.field ? { field: error.field } : undefined)
		}
		throw error
	}
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
