import { startSimulatedTrial } from './billing-helpers'
import { expect, test } from './fixtures'

/**
 * Simulated billing, JavaScript on and off. Each test signs up a fresh member,
 * so the demo `member` account stays free for every other test.
 */
test.describe('subscribing with simulated billing', () => {
	test('a free member starts the 30-day trial and lands on "Subscription Successful!"', async ({ page, signUp }) => {
		await signUp({ name: 'Avery Subscriber' })
		await page.goto('/subscribe')
		await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible()
		await expect(page.getByText('Start your 30-day free trial of the Premium plan')).toBeVisible()
		await expect(
			page.getByText(
				"Your card won't be charged during the 30-day trial. After the trial ends, you'll be charged $50.00 per month unless you cancel.",
			),
		).toBeVisible()
		await expect(page.getByText('Billing is simulated on this server')).toBeVisible()

		await page.getByRole('button', { name: 'Start Free Trial' }).click()
		await expect(page).toHaveURL(/\/subscription-success/)
		await expect(page.getByRole('heading', { name: 'Processing Your Subscription' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible()
		await expect(page.getByText('Your 30-day free trial has started.')).toBeVisible()
		await expect(page.getByText("You won't be charged until your 30-day trial ends.")).toBeVisible()
		const notice = page.getByTestId('toast')
		await expect(notice.getByText('Subscription Activated')).toBeVisible()
		await expect(notice.getByText('Your premium membership is now active.')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')
		await expect(page.getByRole('link', { name: 'Browse Content' })).toHaveAttribute('href', '/content-library')

		// Premium now: there is nothing left to do on /subscribe.
		await page.goto('/subscribe')
		await expect(page).toHaveURL(/\/dashboard$/)
	})

	test('the trial button says "Processing..." while the trial starts', async ({ page, javaScriptEnabled, signUp }) => {
		test.skip(!javaScriptEnabled, 'pending labels need JavaScript')
		await signUp()
		await page.goto('/subscribe')
		await page.route('**/subscribe?_data=*', async (route) => {
			await new Promise((resolve) => setTimeout(resolve, 800))
			await route.continue()
		})
		await page.getByRole('button', { name: 'Start Free Trial' }).click()
		await expect(page.getByRole('button', { name: 'Processing...' })).toBeVisible()
		await expect(page).toHaveURL(/\/subscription-success/)
	})

	test('the helper used by cross-feature tests gets a fresh member to premium', async ({ page, signUp }) => {
		await signUp()
		await startSimulatedTrial(page)
		await page.goto('/subscribe')
		await expect(page).toHaveURL(/\/dashboard$/)
	})
})
