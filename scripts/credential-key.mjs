// The CREDENTIAL_SIGNING_KEY of a run that is not a deployment (the demo, the
// tests, the bench, the load test, Lighthouse): an Ed25519 private key as a
// PKCS#8 PEM (docs/decisions/152). Certificates signed with it verify for that
// run only, like the demo's sessions; a deployment sets its own key once.
import { generateKeyPairSync } from 'node:crypto'

/** A new Ed25519 private key, as a PKCS#8 PEM. */
export function newSigningKey() {
	return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
}

/** The environment's CREDENTIAL_SIGNING_KEY when it gives one, else a new key for this run. */
export function madeUpSigningKey() {
	return process.env.CREDENTIAL_SIGNING_KEY || newSigningKey()
}
