import fs from 'node:fs'
import { type TestProject } from 'vitest/node'
import { provideDatabase } from './database-provider'

declare module 'vitest' {
	export interface ProvidedContext {
		mongoBaseUri: string
	}
}

/** One database server for the whole run; each test file makes its own database on it. */
export default async function setup(project: TestProject) {
	if (!fs.existsSync('build/index.js') || !fs.existsSync('build-server/server.js')) {
		throw new Error('The integration tests drive the built server: run `npm run build` first (npm test does).')
	}
	const database = await provideDatabase()
	console.log(`Test database: ${database.description}`)
	project.provide('mongoBaseUri', database.baseUri)
	return () => database.stop()
}
