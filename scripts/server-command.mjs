import { generateKeyPairSync } from 'node:crypto'

/**
 * How the built server is started, in one place: `npm start` and the
 * Dockerfile say the same (a unit test checks), and the demo, the test
 * servers, the bench, the load test and Lighthouse start it with these
 * arguments.
 *
 * `--max-old-space-size=256`: V8 otherwise lets a busy server's heap grow to
 * several hundred MB of garbage before it collects, and keeps it (a 587 MB
 * peak under the bench, 536 MB under the load test). Capped, the peaks are
 * 227 MB and 273 MB at the same throughput; a cap of 192 MB cost 8% of the
 * load test's requests (docs/decisions/080, "Memory"). The largest page or
 * export holds far less than that at once.
 */
export const SERVER_NODE_ARGS = ['--max-old-space-size=256']
export const SERVER_ENTRY = 'build-server/server.js'

/** The arguments after `node`: `spawn(process.execPath, serverArgs())`. */
export function serverArgs() {
	return [...SERVER_NODE_ARGS, SERVER_ENTRY]
}

/**
 * A CREDENTIAL_SIGNING_KEY made up for one run of a production build that is
 * not a deployment (the demo, the bench, the load test, Lighthouse), unless
 * the environment gives one: an Ed25519 private key as a PKCS#8 PEM
 * (docs/decisions/152). Certificates signed with it verify for that run only,
 * like the demo's sessions.
 */
export function madeUpSigningKey() {
	return (
		process.env.CREDENTIAL_SIGNING_KEY ||
		generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
	)
}
