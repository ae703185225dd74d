import { createCookie } from '@remix-run/node'
import { describe, expect, it, vi } from 'vitest'
import { READINGS_KEPT_AT_MOST, withRememberedReading } from '~/web/session.server'

/** A signed cookie like the session's, counting how often its signature is checked. */
function countedCookie() {
	const signed = createCookie('__session', { secrets: ['a-secret-of-at-least-thirty-two-characters'], maxAge: 60 })
	const checks = vi.spyOn(signed, 'parse')
	const cookie = withRememberedReading(signed)
	return {
		signed,
		cookie,
		counted: {
			get checks() {
				return checks.mock.calls.length
			},
		},
	}
}

const headerOf = (setCookie: string) => setCookie.split(';')[0]!

describe('the session cookie read from a Cookie header (decision 241)', () => {
	it('checks a header once, however often a request reads it, and reads the same session each time', async () => {
		const { signed, cookie, counted } = countedCookie()
		const header = `tz=Europe%2FParis; ${headerOf(await signed.serialize('session-one'))}`
		expect(await cookie.parse(header)).toBe('session-one')
		expect(await cookie.parse(header)).toBe('session-one')
		expect(await cookie.parse(header)).toBe('session-one')
		expect(counted.checks).toBe(1)
		// Another header (another session, or the same with other cookies) is checked on its own.
		expect(await cookie.parse(headerOf(await signed.serialize('session-two')))).toBe('session-two')
		expect(counted.checks).toBe(2)
	})

	it('never reads a session from a header whose signature is wrong, whatever was read before', async () => {
		const { signed, cookie } = countedCookie()
		const valid = headerOf(await signed.serialize('session-one'))
		expect(await cookie.parse(valid)).toBe('session-one')
		const [name, value] = valid.split('=') as [string, string]
		const forged = `${name}=${encodeURIComponent(btoa(JSON.stringify('session-of-someone-else')))}.${decodeURIComponent(value).split('.').at(-1)}`
		expect(await cookie.parse(forged)).toBeFalsy()
		expect(await cookie.parse(forged)).toBeFalsy()
		expect(await cookie.parse(null)).toBeNull()
	})

	it('sets the cookie as before, with its expiry worked out when it is set', async () => {
		const { signed, cookie } = countedCookie()
		expect(cookie.name).toBe('__session')
		expect(cookie.isSigned).toBe(true)
		expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now())
		expect(headerOf(await cookie.serialize('session-one'))).toBe(headerOf(await signed.serialize('session-one')))
	})

	it('keeps a bounded number of headers, so made-up ones cannot grow it', async () => {
		const { signed, cookie, counted } = countedCookie()
		const first = headerOf(await signed.serialize('session-one'))
		await cookie.parse(first)
		for (let index = 0; index < READINGS_KEPT_AT_MOST; index++) await cookie.parse(`${first}; made-up=${index}`)
		const checks = counted.checks
		// The memory started again when it was full: the first header is checked again.
		await cookie.parse(first)
		expect(counted.checks).toBe(checks + 1)
	})
})
