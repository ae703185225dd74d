import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { startEmbeddedDatabase } from '~/platform/database.server'

/**
 * Where the tests' MongoDB comes from (docs/architecture.md "Database"):
 * MONGODB_URI when set, else a throwaway mongo:7 container through
 * testcontainers when a Docker engine answers, else the embedded default.
 */
export interface ProvidedDatabase {
	baseUri: string
	description: string
	stop: () => Promise<void>
}

async function dockerEngineAnswers(): Promise<boolean> {
	try {
		await promisify(execFile)('docker', ['info'], { timeout: 5_000 })
		return true
	} catch {
		return false
	}
}

export async function provideDatabase(): Promise<ProvidedDatabase> {
	if (process.env.MONGODB_URI) {
		return { baseUri: process.env.MONGODB_URI, description: 'MongoDB at MONGODB_URI', stop: async () => {} }
	}
	if (process.env.TEST_DOCKER !== 'false' && (await dockerEngineAnswers())) {
		const { GenericContainer, Wait } = await import('testcontainers')
		const container = await new GenericContainer('mongo:7')
			.withExposedPorts(27017)
			.withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
			.start()
		return {
			baseUri: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}`,
			description: 'mongo:7 container (testcontainers)',
			stop: async () => void (await container.stop()),
		}
	}
	const embedded = await startEmbeddedDatabase()
	return { baseUri: embedded.uri, description: `embedded ${embedded.kind}`, stop: embedded.stop }
}

/** The same server with another database name: each test file gets its own. */
export function withDatabaseName(uri: string, name: string): string {
	const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(uri)
	if (!match) throw new Error(`Cannot read the MongoDB URI ${uri}`)
	return `${match[1]}/${name}${match[2] ?? ''}`
}
