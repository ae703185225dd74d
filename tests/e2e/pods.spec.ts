import { type Page } from '@playwright/test'
import { startSimulatedTrial } from './billing-helpers'
import { expect, test } from './fixtures'
import { expectTappable, openPhone, sidewaysOverflow } from './phone-helpers'

/**
 * Issue 29: four members on phones (390 × 844) each start Leadership
 * Essentials and join a pod, with JavaScript on and off; the fourth join
 * forms the pod; one checks in, the next sees only that they have until
 * posting their own, then reads it and cheers it. Each project waits in a
 * time zone of its own, far from the other's and the demo's queue.
 */
const ZONE = { 'js-on': 'Pacific/Honolulu', 'js-off': 'Asia/Tokyo' } as const
const LEADERSHIP_ESSENTIALS = '/programs/3'

async function joinPod(page: Page, timeZone: string) {
	await page.goto(LEADERSHIP_ESSENTIALS)
	await page.getByRole('button', { name: 'Start' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await page.goto(LEADERSHIP_ESSENTIALS)
	await expect(page.getByText('Your pod sees your name, your progress in this program')).toBeVisible()
	await page.getByLabel('Your time zone').selectOption(timeZone)
	await page.getByLabel('Check-in day').selectOption('Tuesday')
	await page.getByRole('button', { name: 'Join a pod' }).click()
	// Waiting, or (for the fourth) already matched.
	await expect(page.getByTestId('pod-waiting').or(page.getByRole('link', { name: 'Go to your pod' }))).toBeVisible()
}

test('members join a pod, see it form, check in, read the others’ once their own is posted, and cheer', async ({
	newBrowser,
	javaScriptEnabled,
}, testInfo) => {
	// Four members sign up, subscribe and start the program first.
	test.setTimeout(120_000)
	const zone = ZONE[testInfo.project.name as keyof typeof ZONE]
	const tag = `${testInfo.project.name === 'js-on' ? 'On' : 'Off'}${Date.now() % 100000}`
	const members: Array<{ page: Page; name: string }> = []
	for (const letter of ['Ada', 'Ben', 'Cam', 'Dee']) {
		const phone = await openPhone(newBrowser, javaScriptEnabled)
		const name = `${letter} Pod${tag}`
		await phone.signUp({ name })
		await startSimulatedTrial(phone.page)
		await joinPod(phone.page, zone)
		members.push({ page: phone.page, name })
	}
	const [ada, ben] = members as [{ page: Page; name: string }, { page: Page; name: string }]
	await expect(ada.page.getByText('You are waiting for a pod')).toBeVisible()

	// The fourth join ran the matching job: the pod forms in a moment, and the program page leads to it.
	await expect(async () => {
		await ada.page.goto(LEADERSHIP_ESSENTIALS)
		await expect(ada.page.getByRole('link', { name: 'Go to your pod' })).toBeVisible({ timeout: 1000 })
	}).toPass()
	await ada.page.getByRole('link', { name: 'Go to your pod' }).click()
	await expect(ada.page.getByRole('heading', { level: 1, name: /^Pod \d+$/ })).toBeVisible()
	await expect(ada.page.getByText('Check-ins on Tuesday')).toBeVisible()
	for (const { name } of members) await expect(ada.page.getByRole('list', { name: 'Pod members' })).toContainText(name)
	const { beyond } = await sidewaysOverflow(ada.page)
	expect(beyond, 'the pod page scrolls sideways on a phone').toBeLessThanOrEqual(0)
	// Each outcome's whole label is its target (decision 207).
	await expectTappable(ada.page.locator('label:has(input[type="radio"])'), 'outcome choices')

	await ada.page.getByRole('radio', { name: 'Done' }).check()
	await ada.page.getByLabel('This week I will practise…').fill(`Ask for feedback ${tag}`)
	await ada.page.getByRole('button', { name: 'Check in', exact: true }).click()
	await expect(ada.page.getByText('Checked in').first()).toBeVisible()
	const podUrl = new URL(ada.page.url()).pathname

	// Ben has not posted: he sees that Ada checked in, not what she wrote.
	await ben.page.goto(podUrl)
	await expect(ben.page.getByText(`${ada.name} has checked in. Post yours to read it.`)).toBeVisible()
	await expect(ben.page.getByText(`Ask for feedback ${tag}`)).toHaveCount(0)
	await ben.page.getByRole('radio', { name: 'Partly' }).check()
	await ben.page.getByLabel('This week I will practise…').fill(`Run a retro ${tag}`)
	await ben.page.getByRole('button', { name: 'Check in', exact: true }).click()
	await expect(ben.page.getByText(`Ask for feedback ${tag}`)).toBeVisible()
	await ben.page.getByRole('button', { name: `Cheer ${ada.name}` }).click()
	await expect(ben.page.getByRole('button', { name: `Cheered ${ada.name}` })).toBeVisible()
	await expect(ben.page.getByText('1 cheer', { exact: true })).toBeVisible()
})
