import { uniqueName } from '../setup/unique-name'
import { startSimulatedTrial } from './billing-helpers'
import { composer, expectMessageOnce, openChat } from './chat-helpers'
import { expect, test } from './fixtures'

/**
 * Issue 6's end-to-end journey with simulated billing: a free member hits
 * the premium limits, starts the trial, and can then play video 11 and post
 * in a community room. A fresh free account stands in for the demo `member`
 * so that other tests can rely on `member` staying free.
 */
test('a free member subscribes, then plays video 11 and posts in a community room', async ({
	page,
	javaScriptEnabled,
	signUp,
	sendMessage,
}) => {
	await signUp({ username: uniqueName('journey'), name: 'Jo Journey' })

	// Locked while free: no player for video 11, no composer in the room.
	await page.goto('/content-library/11')
	await expect(page.getByRole('heading', { name: 'Premium Content' })).toBeVisible()
	await expect(page.locator('video')).toHaveCount(0)
	await page.goto('/community/2')
	await expect(page.getByText('Read Only')).toBeVisible()
	await expect(composer(page)).toHaveCount(0)

	await startSimulatedTrial(page)
	await expect(page.getByText('Your 30-day free trial has started.')).toBeVisible()

	await page.goto('/content-library/11')
	await expect(page.getByRole('heading', { name: 'Premium Content' })).toHaveCount(0)
	await expect(page.locator('video')).toHaveCount(1)
	await expect(page.locator('video')).toHaveAttribute('src', /\/media\/.+\.mp4$/)

	await openChat(page, '/community/2', { live: javaScriptEnabled })
	await expect(page.getByText('Read Only')).toHaveCount(0)
	const text = `Glad to be here (${uniqueName('hello')})`
	await sendMessage(page, text)
	await expectMessageOnce(page, text)
})
