import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
	resolve: {
		alias: {
			'~': path.resolve('app'),
			'#models': path.resolve('models'),
			'#server': path.resolve('server'),
		},
	},
	test: {
		include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
		globalSetup: ['tests/setup/global-setup.ts'],
		environment: 'node',
		reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
		pool: 'forks',
		testTimeout: 30_000,
		hookTimeout: 90_000,
		// Every file gets its own database; a few at a time keeps a 2-core machine responsive.
		maxWorkers: 2,
	},
})
