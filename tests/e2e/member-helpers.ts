import { type Locator, type Page } from '@playwright/test'

/** Opens one of the top bar's <details> menus by its accessible label ('User menu', 'Notifications (2 new)'). */
export async function openTopBarMenu(page: Page, label: string): Promise<Locator> {
	const menu = page.locator('details[data-menu]').filter({ has: page.locator('summary', { hasText: label }) })
	await menu.locator('summary').click()
	return menu
}

export function sidebar(page: Page): Locator {
	return page.locator('#app-sidebar')
}

export async function widthOf(locator: Locator): Promise<number> {
	return Math.round((await locator.boundingBox())?.width ?? 0)
}
