import { type AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { sendExpressError } from '#server/errors'
import { UNAVAILABLE_MESSAGE } from '~/lib/unavailable-page'

/**
 * A request that fails before Remix runs (its arrival step's reads) is
 * judged by the request's watch on the database, as Remix's failures are: a
 * failure the database caused is the readable 503 whatever the error is
 * called; the app's own fault stays a 500 (docs/decisions/096).
 */
let close: (() => void) | undefined
afterEach(() => close?.())

async function failingServer(error: Error, databaseCausedIt: boolean) {
	const app = express()
	app.use((_req, res, next) => {
		res.locals.failure = { noteError: () => false, causedByDatabase: async () => databaseCausedIt }
		next(error)
	})
	app.use(sendExpressError)
	const server = app.listen(0)
	await new Promise((resolve) => server.once('listening', resolve))
	close = () => server.close()
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('a request that fails before reaching the app', () => {
	it('gets the readable 503 when the database was the cause, though the error has a name no outage has', async () => {
		const url = await failingServer(new Error('reply cut short'), true)
		const json = await fetch(`${url}/api/user`)
		expect(json.status).toBe(503)
		expect(json.headers.get('retry-after')).toBeTruthy()
		expect(await json.json()).toEqual({ message: UNAVAILABLE_MESSAGE })
		const page = await fetch(`${url}/dashboard`)
		expect(page.status).toBe(503)
		expect(await page.text()).toContain('Service temporarily unavailable')
	})

	it("gets the 500 page when the database answers and no outage began: the app's own fault", async () => {
		const url = await failingServer(new Error('a bug'), false)
		const json = await fetch(`${url}/api/user`)
		expect(json.status).toBe(500)
		expect(await json.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' })
	})
})
