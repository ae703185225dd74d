import { afterAll, beforeAll } from 'vitest'
import { seedDemoData } from '~/services/demo-data.server'
import { useTestDatabase } from './test-database'
import { startTestServer, type TestServer } from './test-server'

/**
 * The set-up of most integration files: a database of the file's own with
 * the demo data in it, and the built server on that database. Registered
 * first, so a file's own `beforeAll` (logging in, more data) runs after it.
 */
export function useSeededTestServer() {
	const database = useTestDatabase()
	let server: TestServer | undefined
	beforeAll(async () => {
		await seedDemoData()
		server = await startTestServer({ mongodbUri: database.uri() })
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
