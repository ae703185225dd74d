import { MongoNetworkTimeoutError, MongoServerError } from 'mongodb'
import mongoose from 'mongoose'
import { describe, expect, it } from 'vitest'
import { isDatabaseOutageError } from '~/platform/database.server'

describe('telling a database outage from an app error', () => {
	it('counts the driver errors of an unreachable database as an outage, also when wrapped', () => {
		expect(isDatabaseOutageError(new MongoNetworkTimeoutError('connection timed out'))).toBe(true)
		expect(
			isDatabaseOutageError(
				new mongoose.Error.MongooseServerSelectionError('Server selection timed out after 5000 ms'),
			),
		).toBe(true)
		expect(
			isDatabaseOutageError(
				new Error('could not load the dashboard', { cause: new MongoNetworkTimeoutError('timed out') }),
			),
		).toBe(true)
	})

	it('does not excuse a query the database refused, a validation error or a plain bug', () => {
		expect(isDatabaseOutageError(new MongoServerError({ message: 'E11000 duplicate key error', code: 11000 }))).toBe(
			false,
		)
		expect(isDatabaseOutageError(new mongoose.Error.ValidationError())).toBe(false)
		expect(isDatabaseOutageError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
		expect(isDatabaseOutageError('MongoNetworkError')).toBe(false)
	})
})
