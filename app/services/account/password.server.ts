import argon2 from 'argon2'
import { createConcurrencyGate, GateFullError } from '~/platform/concurrency-gate.server'
import { singleton } from '~/platform/singleton.server'
import { RetryLaterError } from '~/lib/service-error'

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes): about 20 ms here.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * Hashing runs on libuv's thread pool (4 threads by default), which file
 * reads, compression and DNS share. At most two hashes at a time leave the
 * rest of the pool to every other request, whatever a flood of logins does;
 * a flood that keeps 200 more waiting (about two seconds of hashing) is
 * refused with 503 and Retry-After (docs/decisions/131).
 */
export const HASH_CONCURRENCY = 2
export const MAX_WAITING_HASHES = 200
export const SERVER_BUSY = 'The server is busy. Please try again in a few seconds.'
const hashing = singleton('password-hashing', () =>
	createConcurrencyGate({ concurrency: HASH_CONCURRENCY, maxWaiting: MAX_WAITING_HASHES }),
)

async function throughGate<Result>(task: () => Promise<Result>): Promise<Result> {
	try {
		return await hashing.run(task)
	} catch (error) {
		if (error instanceof GateFullError) throw new RetryLaterError(SERVER_BUSY, 5_000, 503)
		throw error
	}
}

export function hashPassword(password: string): Promise<string> {
	return throughGate(() => argon2.hash(password, HASH_OPTIONS))
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
	return throughGate(async () => {
		try {
			return await argon2.verify(hash, password)
		} catch {
			return false
		}
	})
}

let dummyHash: Promise<string> | undefined
/**
 * Spends the same time as a real check, so an unknown username cannot be
 * told apart from a wrong password by the response time.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
	dummyHash ??= hashPassword('not-a-real-password').catch((error: unknown) => {
		dummyHash = undefined
		throw error
	})
	await verifyPassword(await dummyHash, password)
	return false
}
