import { newSigningKey } from '../../scripts/credential-key.mjs'

/**
 * The CREDENTIAL_SIGNING_KEY of the test servers, made up for each run:
 * certificates' credentials are signed with it, and the tests verify them
 * with the public key the server publishes, never with this one.
 */
export const TEST_CREDENTIAL_SIGNING_KEY = newSigningKey()
