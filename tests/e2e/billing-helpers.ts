import { expect, type Page } from '@playwright/test'

/**
 * With simulated billing (the e2e server has no Stripe key): starts the
 * logged-in user's 30-day trial from /subscribe, the way a member does,
 * and waits for the success page's result. Works with JavaScript on and off.
 */
export async function startSimulatedTrial(page: Page) {
	await page.goto('/subscribe')
	await page.getByRole('button', { name: 'Start Free Trial' }).click()
	await expect(page).toHaveURL(/\/subscription-success/)
	await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible()
}
