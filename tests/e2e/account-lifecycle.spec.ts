import { type Page } from '@playwright/test'
import { startSimulatedTrial } from './billing-helpers'
import { expect, test } from './fixtures'

/**
 * The account's whole life, JavaScript on and off (product §2 "Forgot
 * password", "Profile"): a forgotten password reset from the emailed link,
 * a subscription cancelled and resumed, the account deleted. The server
 * catches its mail; the test reads it at /api/dev/mail, as a person reads
 * their inbox.
 */

/** The newest mail to `address` that has a link to `path`, once it has arrived: that link's path and query. */
async function linkFromInbox(page: Page, address: string, path: string): Promise<string> {
	let link: string | undefined
	await expect
		.poll(
			async () => {
				const mail = (await (
					await page.request.get(`/api/dev/mail?to=${encodeURIComponent(address)}`)
				).json()) as Array<{ text: string }>
				const url = mail
					.map((caught) => new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(caught.text)?.[0])
					.find(Boolean)
				link = url ? new URL(url).pathname + new URL(url).search : undefined
				return link
			},
			{ timeout: 20_000 },
		)
		.toBeDefined()
	return link!
}

test('a member who forgot the password gets a link by mail and chooses a new one; the link works once', async ({
	page,
	signUp,
}) => {
	const account = await signUp({ name: 'Frankie Forgetful' })
	const email = `${account.username}@example.com`
	await page.context().clearCookies()

	await page.goto('/auth')
	await page.getByRole('link', { name: 'Forgot password?' }).click()
	await expect(page).toHaveURL(/\/forgot-password$/)
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Send reset link' }).click()
	await expect(
		page.getByText(`If an account exists for ${email}, we have sent a link to reset the password.`),
	).toBeVisible()

	const link = await linkFromInbox(page, email, '/reset-password')
	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
	await page.getByLabel('New Password').fill('short')
	await page.getByLabel('Confirm Password').fill('short')
	await page.getByRole('button', { name: 'Reset password' }).click()
	await expect(page.getByText('Password must be at least 8 characters long').first()).toBeVisible()
	await page.getByLabel('New Password').fill('my-new-secret-9')
	await page.getByLabel('Confirm Password').fill('my-new-secret-9')
	await page.getByRole('button', { name: 'Reset password' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	await expect(page.getByText('Your new password is set and you are signed in.')).toBeVisible()

	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible()
	await page.getByRole('link', { name: 'Ask for a new link' }).click()
	await expect(page).toHaveURL(/\/forgot-password$/)
})

test('a premium member cancels from the Billing tab, keeps Premium until the trial ends, and resumes', async ({
	page,
	signUp,
}) => {
	await signUp({ name: 'Casey Canceller' })
	await startSimulatedTrial(page)
	await page.goto('/profile')
	await page.getByRole('link', { name: 'Billing', exact: true }).click()
	await expect(page).toHaveURL(/\?tab=billing$/)
	await expect(page.getByText('Premium · $50.00 / month')).toBeVisible()
	await expect(page.getByText('Paid (simulated)')).toBeVisible()

	await page.getByRole('button', { name: 'Cancel subscription' }).click()
	await expect(page.getByText('Subscription cancelled')).toBeVisible()
	await expect(page.getByText('Premium until')).toBeVisible()
	await expect(page.getByText(/Your subscription is cancelled\. Premium stays until/)).toBeVisible()
	// Still Premium meanwhile.
	await expect(page.getByRole('complementary').getByText('Trial Active')).toBeVisible()

	await page.getByRole('button', { name: 'Resume subscription' }).click()
	await expect(page.getByText('Subscription resumed')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible()
})

test('a member deletes the account with their password, and it is gone', async ({
	page,
	javaScriptEnabled,
	signUp,
}) => {
	const account = await signUp({ name: 'Dana Departing' })
	await page.goto('/profile?tab=account')
	await expect(page.getByRole('heading', { name: 'Delete Account' })).toBeVisible()
	if (javaScriptEnabled) {
		// Saying no to the browser's question sends nothing.
		page.once('dialog', (dialog) => dialog.dismiss())
		await page.getByLabel('Your password').fill(account.password)
		await page.getByRole('button', { name: 'Delete Account' }).click()
		await expect(page.getByRole('heading', { name: 'Delete Account' })).toBeVisible()
	}
	const answerTheQuestion = () => {
		if (javaScriptEnabled) {
			page.once('dialog', async (dialog) => {
				expect(dialog.message()).toBe('Are you sure you want to delete your account? This action cannot be undone.')
				await dialog.accept()
			})
		}
	}
	await page.getByLabel('Your password').fill('not-my-password')
	answerTheQuestion()
	await page.getByRole('button', { name: 'Delete Account' }).click()
	await expect(page.getByText('Password is incorrect').first()).toBeVisible()

	await page.getByLabel('Your password').fill(account.password)
	answerTheQuestion()
	await page.getByRole('button', { name: 'Delete Account' }).click()
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByText('Your account and its data have been deleted.')).toBeVisible()

	await page.goto('/auth')
	await page.getByLabel('Username').fill(account.username)
	await page.getByLabel('Password', { exact: true }).fill(account.password)
	await page.getByRole('button', { name: 'Login' }).click()
	await expect(page.getByText('Invalid username or password').first()).toBeVisible()
})
