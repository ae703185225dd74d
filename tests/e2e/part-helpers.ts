import { type Page } from '@playwright/test'

/**
 * The address of the module of a part of a page with its own code
 * (`lazyIsland`, decision 254), by its file's name: `__notes`, `composer`.
 * Tests that route it need `serviceWorkers: 'block'`: the service worker
 * would answer it from its cache, where `page.route` cannot reach.
 */
export function partModule(name: string): RegExp {
	return new RegExp(`/build/_shared/${name}-[A-Z0-9]+\\.js$`)
}

/** Holds the part's module back, as a slow network would, until the returned `release` is called. */
export async function holdBackPartModule(page: Page, name: string): Promise<() => void> {
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route(partModule(name), async (route) => {
		await held
		await route.continue()
	})
	return release
}
