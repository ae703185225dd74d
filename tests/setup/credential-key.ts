import { generateKeyPairSync } from 'node:crypto'

/**
 * The CREDENTIAL_SIGNING_KEY of the test servers (an Ed25519 private key as
 * a PKCS#8 PEM), made up for each run: certificates' credentials are signed
 * with it, and the tests verify them with the public key the server
 * publishes, never with this one.
 */
export const TEST_CREDENTIAL_SIGNING_KEY = generateKeyPairSync('ed25519')
	.privateKey.export({ format: 'pem', type: 'pkcs8' })
	.toString()
