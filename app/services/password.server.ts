import argon2 from 'argon2'

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes): about 20 ms here.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
	return argon2.hash(password, HASH_OPTIONS)
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
	try {
		return await argon2.verify(hash, password)
	} catch {
		return false
	}
}

let dummyHash: Promise<string> | undefined
/**
 * Spends the same time as a real check, so an unknown username cannot be
 * told apart from a wrong password by the response time.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
	dummyHash ??= hashPassword('not-a-real-password')
	await verifyPassword(await dummyHash, password)
	return false
}
