/** product §8: the fallback text of an error notice. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred'

/** product §8: a failed call's message is "{status}: {body}", the body being the server's message when it sent one. */
export async function describeFailure(response: Response): Promise<string> {
	const text = await response.text()
	let message = text
	try {
		const body = JSON.parse(text) as { message?: unknown }
		if (typeof body.message === 'string') message = body.message
	} catch {
		// Not JSON: the text itself.
	}
	return `${response.status}: ${message || response.statusText}`
}
