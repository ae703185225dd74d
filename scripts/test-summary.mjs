#!/usr/bin/env node
// Prints one closing line for the whole suite, "N passed, N failed, N skipped",
// from the JSON reports Vitest and Playwright write under reports/.
import fs from 'node:fs'

const totals = { passed: 0, failed: 0, skipped: 0 }
function read(path) {
	try {
		return JSON.parse(fs.readFileSync(path, 'utf8'))
	} catch {
		return null
	}
}
const vitest = read('reports/vitest.json')
if (vitest) {
	totals.passed += vitest.numPassedTests
	totals.failed += vitest.numFailedTests
	totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0)
}
const playwright = read('reports/playwright.json')
if (playwright) {
	totals.passed += playwright.stats.expected + playwright.stats.flaky
	totals.failed += playwright.stats.unexpected
	totals.skipped += playwright.stats.skipped
}
if (!vitest || !playwright) totals.failed += 1
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
