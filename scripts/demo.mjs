#!/usr/bin/env node
/**
 * `npm run demo` (after the build): the production build in demo mode
 * (docs/decisions/137): the embedded database seeded with demo data,
 * simulated billing, caught mail, a session secret made up for this run, and
 * production's error pages (no stack traces, no paths). It listens on
 * 127.0.0.1 only, unless HOST says otherwise. Prints the URL, the demo
 * accounts and where the caught mail is read once the server listens.
 * Honours PORT, HOST and MONGODB_URI.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import readline from 'node:readline'
import { madeUpSigningKey } from './credential-key.mjs'
import { serverArgs } from './server-command.mjs'
import { vapidSettings } from './vapid-keys.mjs'

const ACCOUNTS = [
	['admin', 'admin'],
	['manager', 'content manager'],
	['moderator', 'moderator'],
	['member', 'free member'],
	['premium', 'premium member (trialing)'],
]

/** Where the demo's mail (password resets, reminders, …) can be read. */
function describeMail(url) {
	if (['true', '1'].includes(process.env.MAIL_DISABLED ?? '')) return 'Mail is disabled (MAIL_DISABLED).'
	if (process.env.SMTP_URL) return 'Mail goes out through the SMTP server at SMTP_URL.'
	return `Mail is caught, not sent: read it at ${url}/dev/mail`
}

const child = spawn(process.execPath, serverArgs(), {
	stdio: ['inherit', 'pipe', 'inherit'],
	env: {
		...process.env,
		NODE_ENV: 'production',
		DEMO_MODE: 'true',
		ALLOW_DEMO_BILLING: 'true',
		STRIPE_SECRET_KEY: '',
		MONGODB_URI: process.env.MONGODB_URI ?? '',
		// A new secret at every start: sessions of an earlier run end with it.
		SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString('hex'),
		// Signs certificates; made up at every start too, so what an earlier run signed no longer verifies.
		CREDENTIAL_SIGNING_KEY: madeUpSigningKey(),
		// Push notifications with a key pair for this run, unless one is given (devices turned on end with the sessions anyway).
		...(process.env.VAPID_PUBLIC_KEY ? {} : vapidSettings()),
	},
})
readline.createInterface({ input: child.stdout }).on('line', (line) => {
	console.log(line)
	const match = /listening on (http:\/\/\S+)/.exec(line)
	if (!match) return
	console.log(`\n  Open ${match[1]} in your browser.\n`)
	console.log('  Demo accounts (password: password123):')
	for (const [username, role] of ACCOUNTS) console.log(`    ${username.padEnd(10)} ${role}`)
	console.log('\n  Billing is simulated (no Stripe keys set).')
	if (!process.env.HOST)
		console.log('  Only this computer can open it (set HOST=0.0.0.0 to reach it from your network).')
	console.log(`  ${describeMail(match[1])}`)
	console.log('  Press Ctrl+C to stop.\n')
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
