import { randomBytes } from 'node:crypto'
import mongoose from 'mongoose'
import { afterAll, beforeAll, inject } from 'vitest'
import { connectDatabase, disconnectDatabase } from '~/platform/database.server'
import { withDatabaseName } from './database-provider'

/**
 * Gives the calling test file a database of its own, connected through the
 * app's own `connectDatabase`, and drops it afterwards. Returns a getter for
 * its URI (for a test server pointed at the same data).
 */
export function useTestDatabase(): { uri: () => string } {
	let uri = ''
	beforeAll(async () => {
		uri = withDatabaseName(inject('mongoBaseUri'), `test_${randomBytes(6).toString('hex')}`)
		await connectDatabase(uri)
	})
	afterAll(async () => {
		await mongoose.connection.db?.dropDatabase()
		await disconnectDatabase()
	})
	return { uri: () => uri }
}
