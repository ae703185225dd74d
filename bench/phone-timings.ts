/**
 * What a member on a slow phone sees, measured in Chromium itself rather than estimated (Lighthouse's mobile
 * score is Lantern's simulation; decision 080 compares the two): each page is loaded `PHONE_RUNS` times in a
 * fresh 390×844 touch context, with DevTools' throttling applied to the real load (150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up, the CPU four times slower, Lighthouse's mobile settings), and the page's own
 * First Contentful Paint, Largest Contentful Paint and the moment Remix's router is up (hydrated) are printed
 * with their medians. No service worker: every load is a first visit.
 *
 * Against a running server: `npx tsx bench/phone-timings.ts http://localhost:3000 /community/1 member`
 * (the demo's accounts; `visitor` loads the page without logging in). Settings: PHONE_RUNS (5).
 */
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/setup/chromium'

const [baseUrl = 'http://localhost:3000', ...rest] = process.argv.slice(2)
const account = rest.at(-1) && !rest.at(-1)!.startsWith('/') ? rest.pop()! : 'member'
const paths = rest.length > 0 ? rest : ['/community/1']
const runs = Number(process.env.PHONE_RUNS ?? 5)

interface Timings {
	firstContentfulPaint: number
	largestContentfulPaint: number
	hydrated: number
}

declare global {
	interface Window {
		__largestPaint?: number
		__hydratedAt?: number
		__remixRouter?: { state: { initialized: boolean } }
	}
}

async function loadOnce(browser: Browser, path: string): Promise<Timings> {
	const context = await browser.newContext({
		viewport: { width: 390, height: 844 },
		isMobile: true,
		hasTouch: true,
		serviceWorkers: 'block',
	})
	try {
		if (account !== 'visitor') {
			const login = await context.request.post(new URL('/api/login', baseUrl).href, {
				data: { username: account, password: process.env.PHONE_PASSWORD ?? 'password123' },
			})
			if (!login.ok()) throw new Error(`Logging in as ${account} answered ${login.status()}`)
		}
		const page = await context.newPage()
		// A string, not a function: tsx would name the function's inner functions with a helper the page lacks.
		await page.addInitScript(`
			new PerformanceObserver((list) => {
				for (const entry of list.getEntries()) window.__largestPaint = entry.startTime
			}).observe({ type: 'largest-contentful-paint', buffered: true })
			const watchHydration = () => {
				if (window.__remixRouter?.state.initialized) window.__hydratedAt = performance.now()
				else setTimeout(watchHydration, 5)
			}
			watchHydration()
		`)
		const devTools = await context.newCDPSession(page)
		await devTools.send('Network.enable')
		await devTools.send('Network.emulateNetworkConditions', {
			offline: false,
			latency: 150,
			downloadThroughput: (1.6 * 1024 * 1024) / 8,
			uploadThroughput: (750 * 1024) / 8,
		})
		await devTools.send('Emulation.setCPUThrottlingRate', { rate: 4 })
		await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' })
		await page.waitForFunction(() => window.__hydratedAt, null, { timeout: 60_000 })
		// A paint that lands just after hydration still counts as the largest.
		await page.waitForTimeout(300)
		return await page.evaluate(() => ({
			firstContentfulPaint: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
			largestContentfulPaint: Math.round(window.__largestPaint ?? 0),
			hydrated: Math.round(window.__hydratedAt ?? 0),
		}))
	} finally {
		await context.close()
	}
}

function median(values: number[]) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]!
}

if (!CHROMIUM_PATH) throw new Error('No Chromium at /usr/bin/chromium: install Debian’s chromium package')
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
try {
	for (const path of paths) {
		const loads: Timings[] = []
		for (let run = 0; run < runs; run++) loads.push(await loadOnce(browser, path))
		console.log(
			`${path} (${account}, ${runs} loads): median FCP ${median(loads.map((load) => load.firstContentfulPaint))} ms, ` +
				`LCP ${median(loads.map((load) => load.largestContentfulPaint))} ms, ` +
				`hydrated ${median(loads.map((load) => load.hydrated))} ms; each load ${JSON.stringify(loads)}`,
		)
	}
} finally {
	await browser.close()
}
