#!/usr/bin/env node
/**
 * `npm run demo` (after the build): the app on its embedded defaults: the
 * embedded database seeded with demo data, demo billing, and the URL and demo
 * accounts printed once the server listens, and where the caught mail is read.
 * Honours PORT.
 */
import { spawn } from 'node:child_process'
import readline from 'node:readline'

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

const child = spawn(process.execPath, ['build-server/server.js'], {
	stdio: ['inherit', 'pipe', 'inherit'],
	env: { ...process.env, NODE_ENV: 'development', STRIPE_SECRET_KEY: '', MONGODB_URI: process.env.MONGODB_URI ?? '' },
})
readline.createInterface({ input: child.stdout }).on('line', (line) => {
	console.log(line)
	const match = /listening on (http:\/\/\S+)/.exec(line)
	if (!match) return
	console.log(`\n  Open ${match[1]} in your browser.\n`)
	console.log('  Demo accounts (password: password123):')
	for (const [username, role] of ACCOUNTS) console.log(`    ${username.padEnd(10)} ${role}`)
	console.log('\n  Billing is simulated (no Stripe keys set).')
	console.log(`  ${describeMail(match[1])}`)
	console.log('  Press Ctrl+C to stop.\n')
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
