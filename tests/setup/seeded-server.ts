import { afterAll, beforeAll } from 'vitest'
import { seedDemoData } from '~/demo/data.server'
import { useTestDatabase } from './test-database'
import { startTestServer, type TestServer } from './test-server'

/**
 * The set-up of an integration file: a database of the file's own (with the
 * demo data in it when `seed` is set), and the built server on that
 * database, with `env` added to its environment. Registered first, so a
 * file's own `beforeAll` (logging in, more data) runs after it.
 */
export function useTestServer({ seed = false, env = {} }: { seed?: boolean; env?: Record<string, string> } = {}) {
	const database = useTestDatabase()
	let server: TestServer | undefined
	beforeAll(async () => {
		if (seed) await seedDemoData()
		server = await startTestServer({ mongodbUri: database.uri(), env })
	})
	afterAll(() => server?.stop())
	return {
		database,
		get url(): string {
			if (!server) throw new Error('The test server starts in beforeAll: use its url inside a test or a hook')
			return server.url
		},
		/** What the server has printed so far. */
		output(): string {
			if (!server) throw new Error('The test server starts in beforeAll: use its output inside a test or a hook')
			return server.output()
		},
	}
}

/** Most integration files: the built server on a database of their own with the demo data. */
export function useSeededTestServer() {
	return useTestServer({ seed: true })
}
