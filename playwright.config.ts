import { defineConfig } from '@playwright/test'
import { serverArgs } from './scripts/server-command.mjs'
import { vapidSettings } from './scripts/vapid-keys.mjs'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/setup/chromium'
import { TEST_CREDENTIAL_SIGNING_KEY } from './tests/setup/credential-key'

const PORT = Number(process.env.E2E_PORT ?? 3210)

/**
 * End-to-end tests drive the built server (as `npm start` runs it, on the
 * embedded database with the demo data) in Debian's Chromium, in two
 * projects: JavaScript on and JavaScript off. No browser is ever downloaded.
 */
export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	// Two browsers at once against the one server: on a 2-core machine the whole run takes 14.6 minutes instead of
	// 19.3 with Playwright's default of one worker per two cores, which kept .ci/run too near its 30 minutes.
	workers: Number(process.env.E2E_WORKERS ?? 2),
	retries: process.env.CI ? 1 : 0,
	timeout: 30_000,
	expect: { timeout: 7_000 },
	reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
	use: {
		baseURL: `http://localhost:${PORT}`,
		trace: 'retain-on-failure',
		launchOptions: {
			executablePath: CHROMIUM_PATH,
			args: CHROMIUM_FLAGS,
		},
	},
	projects: [
		{ name: 'js-on', use: { javaScriptEnabled: true } },
		{ name: 'js-off', use: { javaScriptEnabled: false } },
	],
	webServer: {
		// As `npm start` runs it: its heap is bounded as production's is (scripts/server-command.mjs).
		command: `node ${serverArgs().join(' ')}`,
		url: `http://localhost:${PORT}/healthz`,
		timeout: 120_000,
		reuseExistingServer: false,
		stdout: 'ignore',
		stderr: 'pipe',
		env: {
			PORT: String(PORT),
			NODE_ENV: 'test',
			SESSION_SECRET: 'e2e-test-secret',
			MONGODB_URI: '',
			STRIPE_SECRET_KEY: '',
			VITE_STRIPE_PUBLIC_KEY: '',
			EMBEDDED_DB: process.env.EMBEDDED_DB ?? '',
			// The whole run is one client address signing up and logging in hundreds of times.
			AUTH_RATE_LIMIT_PER_MINUTE: '100000',
			// The key that signs certificates' credentials, made up for this run.
			CREDENTIAL_SIGNING_KEY: TEST_CREDENTIAL_SIGNING_KEY,
			// Push notifications on, with a key pair made up for this run (docs/decisions/181).
			...vapidSettings(),
			// And reads: every test's browser is the same address, and the suite reads thousands of pages a minute.
			READ_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
			READ_RATE_LIMIT_PER_MINUTE: '1000000',
			// Uploaded lessons (tests/e2e/media-upload.spec.ts): a folder of the run's own, tiny renditions.
			MEDIA_DIR: `.data/e2e-media-${PORT}`,
			MEDIA_RENDITIONS: '90:150,180:300',
		},
	},
})
