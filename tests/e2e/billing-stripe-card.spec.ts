import { type Page } from '@playwright/test'
import { FakeStripe } from '../mocks/fake-stripe'
import { useFakeStripeJs } from '../mocks/fake-stripe-js'
import { startTestServer, type TestServer } from '../setup/test-server'
import { expect, test, type NewBrowser } from './fixtures'

/**
 * Stripe mode in the browser: a second server, started here with Stripe keys
 * against the fake Stripe API, and a stand-in for Stripe.js. The card form is
 * a JavaScript island, so this runs with JavaScript on only (the page without
 * JavaScript is covered by tests/integration/billing-stripe.test.ts).
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the Stripe card form needs JavaScript')
test.describe.configure({ mode: 'default' })

let fake: FakeStripe
let app: TestServer

test.beforeAll(async () => {
	fake = await FakeStripe.start()
	app = await startTestServer({
		mongodbUri: '',
		env: { ...fake.serverEnv(), EMBEDDED_DB: process.env.EMBEDDED_DB ?? '' },
	})
})
test.afterAll(async () => {
	await app?.stop()
	await fake?.stop()
})

async function memberOnStripeApp(newBrowser: NewBrowser): Promise<Page> {
	const { page, signUp } = await newBrowser({ baseURL: app.url })
	await useFakeStripeJs(page)
	await signUp()
	return page
}

test('a member saves a card for the trial: a declined card says "Payment Failed", a good one lands on the success page', async ({
	newBrowser,
}) => {
	const page = await memberOnStripeApp(newBrowser)
	await page.goto('/subscribe')
	const cardNumber = page.getByLabel('Card number')
	await expect(cardNumber).toBeVisible()

	await cardNumber.fill('4000 0000 0000 0002')
	await page.getByRole('button', { name: 'Complete Subscription' }).click()
	const notice = page.getByTestId('toast')
	await expect(notice.getByText('Payment Failed')).toBeVisible()
	await expect(notice.getByText('Your card was declined.')).toBeVisible()

	await cardNumber.fill('4242 4242 4242 4242')
	await page.getByRole('button', { name: 'Complete Subscription' }).click()
	// Stripe returns the member to {origin}/subscription-success.
	await expect(page).toHaveURL(new RegExp(`^${app.url}/subscription-success\\?setup_intent=seti_`))
	await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible()
	await expect(page.getByText('Your 30-day free trial has started.')).toBeVisible()
	await page.context().close()
})

test('when the subscription cannot be set up, the error card explains and Try Again works', async ({ newBrowser }) => {
	const page = await memberOnStripeApp(newBrowser)
	fake.failRequests('POST', '/v1/customers', { message: 'Stripe is having a bad day.' })
	await page.goto('/subscribe')
	const errorCard = page
		.getByRole('alert')
		.filter({ hasText: 'We encountered a problem setting up your subscription.' })
	await expect(errorCard.getByRole('heading', { name: 'Error' })).toBeVisible()
	await expect(
		errorCard.getByText('502: Our payment provider refused the request: Stripe is having a bad day.'),
	).toBeVisible()
	await expect(page.getByTestId('toast').getByText('Failed to set up subscription')).toBeVisible()

	await errorCard.getByRole('button', { name: 'Try Again' }).click()
	await expect(page.getByLabel('Card number')).toBeVisible()
	await page.context().close()
})
