import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { calculateJwkThumbprint, SignJWT, type JWK, type JWTPayload } from 'jose'
import { getConfig } from '~/config.server'
import { singleton } from '~/platform/singleton.server'

/**
 * The site's key for signing credentials (docs/decisions/152): the Ed25519
 * private key of CREDENTIAL_SIGNING_KEY, or, outside production without it,
 * one made up when the process starts (a restart makes another, and what was
 * signed before no longer verifies: fine for the demo and the tests, which
 * start empty). jose signs, the public half is published as a JWK Set at
 * /.well-known/jwks.json, and nothing here ever hands out the private key.
 */

interface SigningKey {
	privateKey: KeyObject
	publicJwk: JWK & { kid: string; alg: 'EdDSA'; use: 'sig' }
}

/**
 * The key, read (or made up) on first use, not when this module loads (the
 * settings may not be read yet); both server bundles share it, so a made-up
 * key is one per process, not one per bundle.
 */
const signingKey = () =>
	singleton('credential-signing-key', (): Promise<SigningKey> => {
		const privateKey = getConfig().credentialSigningKey ?? generateKeyPairSync('ed25519').privateKey
		const { kty, crv, x } = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK
		return calculateJwkThumbprint({ kty, crv, x }).then((kid) => ({
			privateKey,
			publicJwk: { kty, crv, x, kid, alg: 'EdDSA', use: 'sig' },
		}))
	})

/** The public key, as GET /.well-known/jwks.json answers it. */
export async function publicJwks(): Promise<{ keys: JWK[] }> {
	return { keys: [(await signingKey()).publicJwk] }
}

/** A compact JWT of `payload`, signed with the site's key (EdDSA, its `kid` in the header). */
export async function signJwt(payload: JWTPayload): Promise<string> {
	const { privateKey, publicJwk } = await signingKey()
	return new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: publicJwk.kid }).sign(privateKey)
}
