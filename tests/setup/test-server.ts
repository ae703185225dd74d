import { spawn, type ChildProcess } from 'node:child_process'
import readline from 'node:readline'
import { serverArgs } from '../../scripts/server-command.mjs'
import { vapidSettings } from '../../scripts/vapid-keys.mjs'
import { TEST_CREDENTIAL_SIGNING_KEY } from './credential-key'

/**
 * The VAPID key pair of every test server this test file starts: the same for a restart, so a device turned
 * on before it still gets its pushes (docs/decisions/181).
 */
export const TEST_VAPID = vapidSettings()

/** The SESSION_SECRET of every test server (a test can check it never leaks). */
export const TEST_SESSION_SECRET = 'integration-test-secret-at-least-32-characters'

export interface TestServer {
	url: string
	/** Everything the server has printed so far (start-up lines such as the mail catcher's address). */
	output: () => string
	stop: () => Promise<void>
}

/**
 * Starts the built server (`build-server/server.js`, as `npm start` does)
 * on a free port against the given database. Integration tests talk to it
 * over real HTTP and WebSocket connections.
 */
export async function startTestServer({
	mongodbUri,
	env = {},
}: {
	mongodbUri: string
	env?: Record<string, string>
}): Promise<TestServer> {
	const child: ChildProcess = spawn(process.execPath, serverArgs(), {
		env: {
			...process.env,
			NODE_ENV: 'test',
			PORT: '0',
			MONGODB_URI: mongodbUri,
			SESSION_SECRET: TEST_SESSION_SECRET,
			STRIPE_SECRET_KEY: '',
			VITE_STRIPE_PUBLIC_KEY: '',
			// Every test client shares one address (127.0.0.1) and signs up dozens of members in seconds; the tests of
			// the per-address limit start a server with its default (tests/integration/rate-limits.test.ts).
			AUTH_RATE_LIMIT_PER_MINUTE: '100000',
			// Certificates' signing key (required in production; a test verifies with the published public key alone).
			CREDENTIAL_SIGNING_KEY: TEST_CREDENTIAL_SIGNING_KEY,
			...TEST_VAPID,
			// The same for reads and exports: one address, a few members reading hundreds of times a minute. The tests
			// of those limits start a server with low ones (tests/integration/shared-address.test.ts).
			READ_RATE_LIMIT_PER_MINUTE: '1000000',
			READ_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
			EXPORT_RATE_LIMIT_PER_HOUR: '100000',
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	const output: string[] = []
	child.stderr!.on('data', (chunk) => output.push(String(chunk)))
	const url = await new Promise<string>((resolve, reject) => {
		const lines = readline.createInterface({ input: child.stdout! })
		lines.on('line', (line) => {
			output.push(line)
			const match = /listening on (http:\/\/\S+)/.exec(line)
			if (match) resolve(match[1]!)
		})
		child.once('exit', (code) => reject(new Error(`test server exited with code ${code}:\n${output.join('\n')}`)))
	})
	return {
		url,
		output: () => output.join('\n'),
		stop: () =>
			new Promise<void>((resolve) => {
				if (child.exitCode !== null) return resolve()
				child.once('exit', () => resolve())
				child.kill('SIGTERM')
			}),
	}
}
