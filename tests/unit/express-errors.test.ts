import { type AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { sendExpressError } from '#server/errors'
import { databaseGate, type DatabaseMonitor } from '#server/gates'
import { UNAVAILABLE_MESSAGE } from '~/lib/unavailable-page'

/**
 * A request that fails before Remix runs (its arrival step's reads) is
 * judged by the request's watch on the database, which the database gate
 * makes, as Remix's failures are: a failure the database caused is the
 * readable 503 whatever the error is called; the app's own fault stays a 500
 * (docs/decisions/096).
 */
let close: (() => void) | undefined
afterEach(() => close?.())

/** A server whose every request fails, after `before`, with `error`. */
async function failingServer(error: Error, before: express.RequestHandler) {
	const app = express()
	app.use(before)
	app.use((_req, _res, next) => next(error))
	app.use(sendExpressError)
	const server = app.listen(0)
	await new Promise((resolve) => server.once('listening', resolve))
	close = () => server.close()
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('a request that fails before reaching the app', () => {
	it('gets the readable 503 when the database was the cause, though the error has a name no outage has', async () => {
		// The gate lets the request in (the monitor has not noticed yet); this process has no database, so the
		// request's watch, asked after the failure, finds it gone.
		const monitorNotNoticedYet = { isAvailable: () => true, onOutage: () => () => {} } as unknown as DatabaseMonitor
		const url = await failingServer(new Error('reply cut short'), databaseGate(monitorNotNoticedYet))
		const json = await fetch(`${url}/api/user`)
		expect(json.status).toBe(503)
		expect(json.headers.get('retry-after')).toBeTruthy()
		expect(await json.json()).toEqual({ message: UNAVAILABLE_MESSAGE })
		const page = await fetch(`${url}/dashboard`)
		expect(page.status).toBe(503)
		expect(await page.text()).toContain('Service temporarily unavailable')
	})

	it("gets the 500 page when the database answers and no outage began: the app's own fault", async () => {
		const databaseAnswers: express.RequestHandler = (_req, res, next) => {
			res.locals.failure = { noteError: () => false, causedByDatabase: async () => false }
			next()
		}
		const url = await failingServer(new Error('a bug'), databaseAnswers)
		const json = await fetch(`${url}/api/user`)
		expect(json.status).toBe(500)
		expect(await json.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' })
	})
})
