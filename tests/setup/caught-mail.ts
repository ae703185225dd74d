import { expect } from 'vitest'
import { type CaughtMailJSON } from '~/platform/mail/catcher.server'

/**
 * Reading what a test server mailed, as a member reads their inbox: the
 * server's embedded SMTP catcher, through GET /api/dev/mail.
 */
export type CaughtMail = CaughtMailJSON

/** The mail caught for one address, oldest first. */
export async function mailTo(serverUrl: string, address: string): Promise<CaughtMail[]> {
	const response = await fetch(new URL(`/api/dev/mail?${new URLSearchParams({ to: address })}`, serverUrl))
	expect(response.status, 'GET /api/dev/mail').toBe(200)
	return ((await response.json()) as CaughtMail[]).reverse()
}

/** Waits for the `count`th mail to the address (the server's outbox sends within seconds) and returns it. */
export async function nthMailTo(serverUrl: string, address: string, count = 1): Promise<CaughtMail> {
	await expect
		.poll(async () => (await mailTo(serverUrl, address)).length, { timeout: 20_000, interval: 250 })
		.toBeGreaterThanOrEqual(count)
	return (await mailTo(serverUrl, address))[count - 1]!
}

/** The path and query of the first link to `path` in a mail (the host is the server's APP_ORIGIN fallback), and its token. */
export function linkIn(mail: CaughtMail, path: string): { href: string; token: string } {
	const match = new RegExp(`https?://[^/\\s]+(${path}\\?token=([A-Za-z0-9_-]+))`).exec(mail.text)
	if (!match) throw new Error(`No ${path} link in:\n${mail.text}`)
	return { href: match[1]!, token: match[2]! }
}
