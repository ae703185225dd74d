/**
 * `npm run lighthouse` (after the build): runs Lighthouse on the main pages
 * as a visitor, a free member and a premium member, with the desktop and the
 * mobile preset, against the production build in demo mode (the embedded
 * database with the demo data, plain-HTTP cookies). Chromium is Debian's
 * (/usr/bin/chromium, with the flags the end-to-end tests use); nothing is
 * downloaded. Members log in by posting the login form, as a browser without
 * JavaScript does; their session cookie goes into the cookie jar of a
 * browser context of their own (as a header, Lighthouse's `extraHeaders`,
 * it does not reach the page's navigation: the audits ended on the login
 * page), and Lighthouse audits a page of that context. Prints a table of the four scores per page and writes
 * bench/results/lighthouse-<time>.json (and lighthouse-latest.json): the
 * scores, the performance metrics and every audit that did not pass.
 *
 * Settings (environment): LIGHTHOUSE_PRESETS ("desktop,mobile"),
 * LIGHTHOUSE_AS ("visitor,member,premium"), LIGHTHOUSE_PATHS (some of the
 * pages): run a part of the matrix. LIGHTHOUSE_BLOCK: addresses Chromium
 * must not load (Lighthouse's blockedUrlPatterns, e.g. `*sw.js` for the
 * pages as they were without the service worker), to compare on a busy
 * machine, run after run, what one part costs. LIGHTHOUSE_REPORTS: a
 * directory where each page's whole Lighthouse report (JSON) is written, to
 * read what a score is made of (the LCP element, the requests' timings).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import readline from 'node:readline'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse'
// Lighthouse's own dependency, the way it takes an already prepared page.
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { TIME_ZONE_FIELD } from '~/lib/time-zone-hint'
import { DEMO_PASSWORD } from '~/demo/data.server'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/setup/chromium'
import { madeUpSigningKey } from './credential-key.mjs'
import { serverArgs } from './server-command.mjs'
import { vapidSettings } from './vapid-keys.mjs'

const CHROMIUM = CHROMIUM_PATH
/** As the end-to-end tests, plus headless. */
const LIGHTHOUSE_CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS]
/** The members' time zone, sent with the login form and given to Chromium. */
const MEMBER_TIME_ZONE = 'Europe/London'
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

type Who = 'visitor' | 'member' | 'premium'
type Preset = 'desktop' | 'mobile'

/** The pages people open most, per kind of visitor (video 1 is free, so the free member's player page is the same). */
const MEMBER_PAGES = [
	'/dashboard',
	'/content-library',
	'/content-library/1',
	'/community',
	'/community/1',
	'/messages',
	'/events',
	'/resources',
]
const PAGES: Record<Who, string[]> = {
	visitor: ['/', '/auth'],
	member: [...MEMBER_PAGES, '/subscribe'],
	premium: MEMBER_PAGES,
}

const PRESETS = listSetting<Preset>('LIGHTHOUSE_PRESETS', ['desktop', 'mobile'])
const WHO = listSetting<Who>('LIGHTHOUSE_AS', ['visitor', 'member', 'premium'])
const ONLY_PATHS = optionalList('LIGHTHOUSE_PATHS')
const BLOCKED = optionalList('LIGHTHOUSE_BLOCK')
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS || undefined
if (REPORTS_DIR) fs.mkdirSync(REPORTS_DIR, { recursive: true })

function optionalList(name: string): string[] | undefined {
	const values = (process.env[name] ?? '')
		.split(',')
		.map((value) => value.trim())
		.filter(Boolean)
	return values.length > 0 ? values : undefined
}

function listSetting<T extends string>(name: string, all: T[]): T[] {
	const chosen = (process.env[name] ?? all.join(',')).split(',').map((value) => value.trim())
	for (const value of chosen)
		if (!all.includes(value as T)) throw new Error(`${name}: ${value} is not one of ${all.join(', ')}`)
	return chosen as T[]
}

function startServer(): Promise<{ url: string; child: ChildProcess }> {
	const child = spawn(process.execPath, serverArgs(), {
		stdio: ['ignore', 'pipe', 'inherit'],
		env: {
			...process.env,
			NODE_ENV: 'production',
			DEMO_MODE: 'true',
			ALLOW_DEMO_BILLING: 'true',
			MAIL_DISABLED: 'true',
			STRIPE_SECRET_KEY: '',
			MONGODB_URI: '',
			PORT: '0',
			SESSION_SECRET: randomBytes(32).toString('hex'),
			CREDENTIAL_SIGNING_KEY: madeUpSigningKey(),
			...vapidSettings(),
		},
	})
	return new Promise((resolve, reject) => {
		readline.createInterface({ input: child.stdout! }).on('line', (line) => {
			const match = /listening on (http:\/\/\S+)/.exec(line)
			if (match) resolve({ url: match[1]!, child })
		})
		child.once('exit', (code) => reject(new Error(`the server stopped (exit code ${code}) before it listened`)))
	})
}

/** The cookies a response sets, as `name=value` pairs. */
function cookiesOf(response: Response): string[] {
	return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!)
}

/** A cookie pair for the browser's jar, for the server's host. */
function jarCookie(pair: string, baseUrl: string) {
	const [name, ...value] = pair.split('=')
	return { name: name!, value: value.join('='), domain: new URL(baseUrl).hostname, path: '/' }
}

/**
 * Logs in through the login form (its CSRF token and cookie first) and answers the session's cookies (`name=value`).
 * The form carries the browser's time zone, as it does with JavaScript on (decision 138), so the pages are drawn in
 * the browser's zone and the time-zone hint has no reason to reload them.
 */
async function logIn(baseUrl: string, username: string): Promise<string[]> {
	const page = await fetch(new URL('/auth', baseUrl))
	const token = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1]
	if (!token) throw new Error('the login page has no CSRF token')
	const response = await fetch(new URL('/auth', baseUrl), {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Origin: new URL(baseUrl).origin,
			Cookie: cookiesOf(page).join('; '),
		},
		body: new URLSearchParams({
			csrf: token,
			intent: 'login',
			username,
			password: DEMO_PASSWORD,
			[TIME_ZONE_FIELD]: MEMBER_TIME_ZONE,
		}),
	})
	if (response.status !== 302 && response.status !== 303)
		throw new Error(`logging in as ${username} answered ${response.status}`)
	// The notice of the login is for the page it redirects to, not for every audit.
	return cookiesOf(response).filter((pair) => !pair.startsWith('en_toast='))
}

interface PageScores {
	who: Who
	preset: Preset
	path: string
	/** Where the audit ended: the path itself, unless the page redirected (to the login page, say). */
	finalPath: string
	scores: Record<(typeof CATEGORIES)[number], number | null>
	metrics: Record<string, string | undefined>
	/**
	 * What keeps Chromium from installing the app from this page (docs/decisions/180): Lighthouse 12 has no
	 * installability audit any more, so the script asks Chromium itself (Page.getInstallabilityErrors), as Lighthouse
	 * did. Empty when installable. 'in-incognito' is the audit's own private profile, never the app.
	 */
	installabilityErrors: string[]
	/**
	 * Audits of the four categories that did not pass (score below 1), with what they found; `diagnostic`
	 * ones (weight 0: unused JavaScript, cache lifetimes, render-blocking requests…) do not move the score.
	 */
	failing: Array<{
		category: string
		id: string
		title: string
		score: number | null
		displayValue?: string
		diagnostic: boolean
	}>
}

/** Tries a page again when Chromium's trace of the load comes back broken (NO_NAVSTART and the like happen on a busy machine). */
const ATTEMPTS = 3

async function runLighthouse(url: string, flags: Flags, config: Config | undefined, page: Page) {
	for (let attempt = 1; ; attempt++) {
		const result = await lighthouse(url, flags, config, page)
		const problem = !result ? 'no result' : result.lhr.runtimeError?.message
		if (!problem) return result!.lhr
		if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${problem} (${ATTEMPTS} attempts)`)
		console.log(`  ${url}: ${problem}; again`)
	}
}

/** Chromium's own answer to "could this page's app be installed?", as the page stands. */
async function installabilityErrorsOf(page: Page): Promise<string[]> {
	const session = await page.createCDPSession()
	try {
		const { installabilityErrors } = await session.send('Page.getInstallabilityErrors')
		return installabilityErrors.map((error) => error.errorId)
	} finally {
		await session.detach()
	}
}

async function audit(page: Page, url: string, who: Who, preset: Preset): Promise<PageScores> {
	const flags: Flags = {
		output: 'json',
		logLevel: 'error',
		onlyCategories: [...CATEGORIES],
		...(BLOCKED ? { blockedUrlPatterns: BLOCKED } : {}),
	}
	const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined
	const lhr = await runLighthouse(url, flags, config, page)
	const path = new URL(url).pathname
	if (REPORTS_DIR)
		fs.writeFileSync(`${REPORTS_DIR}/${who}-${preset}${path.replace(/\W+/g, '_')}.json`, JSON.stringify(lhr))
	const failing: PageScores['failing'] = []
	for (const category of CATEGORIES) {
		for (const ref of lhr.categories[category]?.auditRefs ?? []) {
			const item = lhr.audits[ref.id]
			if (!item || item.score === null || item.score >= 1) continue
			failing.push({
				category,
				id: item.id,
				title: item.title,
				score: item.score,
				displayValue: item.displayValue,
				diagnostic: ref.weight === 0,
			})
		}
	}
	const metric = (id: string) => lhr.audits[id]?.displayValue
	return {
		who,
		preset,
		path,
		finalPath: new URL(lhr.finalDisplayedUrl).pathname,
		scores: Object.fromEntries(
			CATEGORIES.map((category) => [
				category,
				lhr.categories[category]?.score == null ? null : Math.round(lhr.categories[category]!.score! * 100),
			]),
		) as PageScores['scores'],
		metrics: {
			firstContentfulPaint: metric('first-contentful-paint'),
			largestContentfulPaint: metric('largest-contentful-paint'),
			totalBlockingTime: metric('total-blocking-time'),
			cumulativeLayoutShift: metric('cumulative-layout-shift'),
			speedIndex: metric('speed-index'),
		},
		failing,
		installabilityErrors: await installabilityErrorsOf(page),
	}
}

async function main() {
	if (!CHROMIUM) throw new Error('Chromium is not installed at /usr/bin/chromium')
	const startedAt = new Date()
	const server = await startServer()
	const results: PageScores[] = []
	let installableInOwnProfile: string[] = []
	let chrome: chromeLauncher.LaunchedChrome | undefined
	let browser: Browser | undefined
	// Whatever fails from here on, the server and Chromium are stopped.
	try {
		// The browser's time zone is the one the members log in with, as for a member on their own computer.
		chrome = await chromeLauncher.launch({
			chromePath: CHROMIUM,
			chromeFlags: LIGHTHOUSE_CHROMIUM_FLAGS,
			envVars: { ...process.env, TZ: MEMBER_TIME_ZONE },
		})
		browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
		for (const who of WHO) {
			// Each kind of visitor browses in a context of its own: its own cookies, nobody else's.
			const context = await browser.createBrowserContext()
			if (who !== 'visitor')
				await context.setCookie(...(await logIn(server.url, who)).map((pair) => jarCookie(pair, server.url)))
			const page = await context.newPage()
			for (const preset of PRESETS) {
				for (const path of PAGES[who].filter((page) => !ONLY_PATHS || ONLY_PATHS.includes(page))) {
					const scores = await audit(page, new URL(path, server.url).href, who, preset)
					if (scores.finalPath !== path) console.log(`  ${path} ended on ${scores.finalPath}`)
					console.log(
						`${who} ${preset} ${path}: ${CATEGORIES.map((category) => `${category} ${scores.scores[category]}`).join(', ')}`,
					)
					results.push(scores)
				}
			}
			await context.close()
		}
		// The audits' contexts are private profiles, which Chromium never installs from: one page in the browser's own
		// profile says whether the app is installable with nothing in the way.
		const own = await browser.newPage()
		await own.goto(new URL('/auth', server.url).href, { waitUntil: 'load' })
		installableInOwnProfile = await installabilityErrorsOf(own)
		await own.close()
	} finally {
		await browser?.disconnect()
		chrome?.kill()
		server.child.kill('SIGTERM')
	}

	console.table(
		results.map(({ who, preset, path, scores, metrics }) => ({
			who,
			preset,
			path,
			...scores,
			LCP: metrics.largestContentfulPaint,
			TBT: metrics.totalBlockingTime,
		})),
	)
	const findings = new Map<string, Set<string>>()
	for (const result of results) {
		for (const item of result.failing) {
			const key = `${item.category}${item.diagnostic ? ' (diagnostic)' : ''}: ${item.title} (${item.id})`
			findings.set(key, (findings.get(key) ?? new Set()).add(`${result.who} ${result.preset} ${result.path}`))
		}
	}
	const notInstallable = results.filter((result) =>
		result.installabilityErrors.some((error) => error !== 'in-incognito'),
	)
	console.log(
		`\nInstallable (Chromium's installability check): ${installableInOwnProfile.length === 0 ? 'yes' : `no: ${installableInOwnProfile.join(', ')}`} in a browser's own profile; ${results.length - notInstallable.length} of ${results.length} audited pages with nothing but their private profile in the way`,
	)
	for (const result of notInstallable)
		console.log(`  ${result.who} ${result.preset} ${result.path}: ${result.installabilityErrors.join(', ')}`)
	console.log('\nAudits that did not pass, and on how many runs:')
	for (const [finding, runs] of [...findings].sort((a, b) => b[1].size - a[1].size))
		console.log(`  ${runs.size} × ${finding}`)

	const lowest = Object.fromEntries(
		CATEGORIES.map((category) => [
			category,
			Object.fromEntries(
				PRESETS.map((preset) => [
					preset,
					Math.min(...results.filter((r) => r.preset === preset).map((r) => r.scores[category] ?? 0)),
				]),
			),
		]),
	)
	const report = {
		at: startedAt.toISOString(),
		lighthouse: (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version,
		chromium: CHROMIUM,
		server: 'production build, demo mode, demo data',
		lowest,
		installableInOwnProfile,
		results,
	}
	fs.mkdirSync('bench/results', { recursive: true })
	const file = `bench/results/lighthouse-${report.at.replace(/[:.]/g, '-')}.json`
	fs.writeFileSync(file, JSON.stringify(report, null, 2))
	fs.writeFileSync('bench/results/lighthouse-latest.json', JSON.stringify(report, null, 2))
	console.log(`\nLowest score per category and preset: ${JSON.stringify(lowest)}`)
	console.log(`Written to ${file} and bench/results/lighthouse-latest.json`)
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error)
	process.exit(1)
})
