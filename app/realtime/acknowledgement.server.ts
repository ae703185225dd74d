import { type ZodError } from 'zod'
import { ServerToClient } from '~/lib/live-events'
import { type ClientEventName } from '~/lib/live-payloads'
import { type ChatSocket } from '~/realtime/socket-data'

type Refusal = { ok: false; message: string }

/**
 * How the events that answer through an acknowledgement, besides the sends
 * (`viewing`, `badges`), answer: the callback is whatever the client passed,
 * called only when it is a function; a refusal goes out as every refusal
 * does, `error {message}`, and to the callback as `{ ok: false, message }`.
 */
export function acknowledgementOf<Result extends Refusal | { ok: true }>(socket: ChatSocket, ack: unknown) {
	const answer = typeof ack === 'function' ? (ack as (result: Result) => void) : () => {}
	return {
		answer,
		refuse(message: string) {
			socket.emit(ServerToClient.error, { message })
			// Every Result admits a refusal (the constraint above); TypeScript cannot narrow a type parameter to say so.
			answer({ ok: false, message } satisfies Refusal as Result)
		},
	}
}

/** A refused payload's problems, each after the field it is about: 'path: path must be a path on this site'. */
export function describePayloadIssues(event: ClientEventName, error: ZodError): string {
	return error.issues.map((issue) => `${issue.path.join('.') || event}: ${issue.message}`).join('; ')
}
