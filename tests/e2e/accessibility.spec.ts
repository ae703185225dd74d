import AxeBuilder from '@axe-core/playwright'
import { type Locator, type Page } from '@playwright/test'
import { type Result, type RunOptions } from 'axe-core'
import { expect, startSession, test, type Account } from './fixtures'

/**
 * Issue 7, item 6: axe-core on every page, as a visitor, a free member, a
 * premium member and an admin, with JavaScript on and off. A serious or
 * critical violation fails the test; the others are printed so they can be
 * seen, without failing it.
 */

/** WCAG 2.1 A and AA, plus axe's best practices (landmarks, heading order), which are reported the same way. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
const BLOCKING: Array<Result['impact']> = ['serious', 'critical']
/**
 * axe's check that a control's name contains its visible text (WCAG 2.5.3,
 * Label in Name: what a voice-control user says is what they see) is marked
 * experimental and off unless asked for; Lighthouse runs it, and found the
 * dashboard's "Next: …" links named otherwise.
 */
const OPTIONS: RunOptions = {
	// The tags go here, not in AxeBuilder's withTags: options() replaces the rule selection withTags makes.
	runOnly: { type: 'tag', values: TAGS },
	resultTypes: ['violations'],
	rules: { 'label-content-name-mismatch': { enabled: true } },
}

interface AuditedPage {
	path: string
	/** Brings the page into a state worth auditing too (a refused form, say), after it loads. */
	state?: { name: string; act: (page: Page) => Promise<void> }
	/** Something that shows this is the page, in the state, meant (not a redirect or an error page). */
	ready: (page: Page) => Locator
	/** Audit only this part: a dialog route draws its tab under it, and the tab has its own entry. */
	only?: string
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name })
const dialog = (path: string, name: string, role: 'dialog' | 'alertdialog' = 'dialog'): AuditedPage => ({
	path,
	ready: (page) => page.getByRole(role, { name }),
	only: 'dialog',
})

/** Demo data ids (app/demo/data.server.ts): user 6 is Maria Gonzalez, video 12 is beyond the free ten. */
const PAGES: Record<Account, AuditedPage[]> = {
	visitor: [
		{ path: '/', ready: heading('Elevate Your Leadership Journey') },
		{ path: '/auth', ready: heading('Welcome back') },
		{ path: '/auth?tab=signup', ready: heading('Create your account') },
		{
			path: '/auth?tab=signup',
			// Enter in a field submits the form (a click can miss the button when the first field's error moves it down).
			state: { name: 'refused', act: (page) => page.getByLabel('Username').press('Enter') },
			ready: (page) => page.getByText('Confirm Password is required'),
		},
		{
			path: '/auth',
			state: {
				name: 'wrong password',
				act: async (page) => {
					await page.getByLabel('Username').fill('member')
					await page.getByLabel('Password', { exact: true }).fill('not-the-password')
					await page.getByRole('button', { name: 'Login' }).click()
				},
			},
			ready: (page) => page.getByRole('alert').filter({ hasText: 'Invalid username or password' }),
		},
		{ path: '/no-such-page', ready: heading('404 Page Not Found') },
		// What the service worker shows offline (docs/decisions/180).
		{ path: '/offline', ready: heading('You are offline') },
		{ path: '/forgot-password', ready: heading('Forgot your password?') },
		{
			path: '/forgot-password',
			state: {
				name: 'the link from the mail',
				act: async (page) => {
					await page.getByLabel('Email').fill('member@example.com')
					await page.getByRole('button', { name: 'Send reset link' }).click()
					await expect(page.getByText('If an account exists for member@example.com')).toBeVisible()
					await expect
						.poll(
							async () => {
								const [mail] = (await (await page.request.get('/api/dev/mail?to=member@example.com')).json()) as Array<{
									text: string
								}>
								const link = mail && /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0]
								if (link) await page.goto(new URL(link).pathname + new URL(link).search)
								return Boolean(link)
							},
							{ timeout: 20_000 },
						)
						.toBe(true)
				},
			},
			ready: heading('Choose a new password'),
		},
		{ path: '/reset-password?token=not-a-token', ready: heading('This link is not valid') },
		{ path: '/privacy', ready: heading('Privacy Policy') },
		{ path: '/terms', ready: heading('Terms of Service') },
		{ path: '/contact?topic=team-pricing', ready: heading('Contact us') },
		// A certificate's public page, for a code nobody holds (a real one is on the premium member's list).
		{ path: '/certificates/AAAAAAAAAAAAAAAAAAAAAA', ready: heading('Certificate not found') },
		{
			path: '/contact',
			state: { name: 'refused', act: (page) => page.getByRole('button', { name: 'Send message' }).click() },
			ready: (page) => page.getByText('Message is required'),
		},
		{
			path: '/contact',
			state: {
				name: 'sent',
				act: async (page) => {
					await page.getByLabel('Name').fill('Casey Writer')
					await page.getByLabel('Email').fill('casey.writer@example.com')
					await page.getByLabel('Message').fill('We are twelve managers: is there a team price?')
					await page.getByRole('button', { name: 'Send message' }).click()
				},
			},
			ready: (page) => page.getByRole('status').filter({ hasText: 'Thank you, Casey Writer.' }),
		},
	],
	member: [
		{ path: '/dashboard', ready: heading(/^Welcome back/) },
		{ path: '/content-library', ready: heading('Content Library') },
		{ path: '/content-library/1', ready: (page) => page.locator('video') },
		// Issue 25: the transcript search's results, and a note's edit form open.
		{ path: '/content-library/1?q=trust', ready: (page) => page.getByTestId('transcript-matches') },
		{
			path: '/content-library/1',
			state: {
				name: 'a note being edited',
				act: async (page) => {
					await page.getByLabel('New note').fill('Checked by axe')
					await page.getByRole('button', { name: 'Add Note' }).click()
					await page.getByRole('link', { name: 'Edit the note at 0:00' }).click()
				},
			},
			ready: (page) => page.getByRole('form', { name: 'Edit the note at 0:00' }),
		},
		{ path: '/notes', ready: heading('My Notes') },
		{ path: '/content-library/12', ready: (page) => page.getByRole('heading', { name: 'Premium Content' }) },
		{ path: '/community', ready: heading('Community') },
		{ path: '/community/1', ready: heading('Executive Leadership') },
		{ path: '/messages', ready: heading('Messages') },
		{ path: '/messages?userId=6', ready: (page) => page.getByRole('heading', { name: 'Maria Gonzalez' }) },
		{ path: '/events', ready: heading('Events') },
		{ path: '/events?tab=past', ready: heading('Events') },
		// An event's own page, upcoming (RSVP) and past (Replay); demo events 7 and 1.
		{ path: '/events/7', ready: heading('Annual Leadership Summit') },
		{ path: '/events/1', ready: heading('Quarterly Strategy Review (Replay)') },
		{ path: '/notifications', ready: heading('Notifications') },
		{ path: '/resources', ready: heading('Resources') },
		{ path: '/profile', ready: heading('My Profile') },
		{ path: '/profile?tab=password', ready: heading('My Profile') },
		{
			path: '/profile?tab=password',
			state: {
				name: 'refused',
				act: async (page) => {
					await page.getByLabel('New Password', { exact: true }).fill('short')
					await page.getByLabel('Confirm New Password').fill('other')
					await page.getByLabel('Confirm New Password').press('Enter')
				},
			},
			ready: (page) => page.getByText('Current password is required'),
		},
		{ path: '/profile?tab=notifications', ready: heading('My Profile') },
		{ path: '/profile?tab=account', ready: heading('My Profile') },
		{ path: '/profile?tab=billing', ready: heading('My Profile') },
		{ path: '/subscribe', ready: heading('Complete Your Subscription') },
		{ path: '/members/6', ready: heading('Maria Gonzalez') },
		// Issue 24: discussions (demo post 3 is David's board question in Executive Leadership), the directory.
		{ path: '/community/1/discussions', ready: heading('Executive Leadership: Discussions') },
		{ path: '/community/1/discussions/3', ready: heading(/board meeting/) },
		{ path: '/members', ready: heading('Members') },
		{ path: '/members?q=healthcare', ready: (page) => page.getByRole('list', { name: 'Members' }) },
		// Search across everything: every kind, one tab, nothing found.
		{ path: '/search?q=delegation', ready: heading('Search') },
		{ path: '/search?q=delegation&type=discussions', ready: (page) => page.getByRole('list', { name: 'Discussions' }) },
		{ path: '/search?q=nothingmatchesthis', ready: (page) => page.getByText('No results') },
		{ path: '/profile?tab=blocked', ready: (page) => page.getByText('You have not blocked anyone.') },
		// Programs (issue 23), as a fresh free account meets the demo's: New Manager Foundations (items 1 to 11) and
		// Leadership Essentials (program 3, items 21 to 23).
		{ path: '/programs', ready: heading('Programs') },
		{ path: '/programs/1', ready: heading('New Manager Foundations') },
		{ path: '/programs/1/items/1', ready: (page) => page.locator('video') },
		{ path: '/programs/1/items/2', ready: heading('From doing the work to leading it') },
		{ path: '/programs/1/items/3', ready: heading('The manager you want to be') },
		{ path: '/programs/1/items/4', ready: (page) => page.getByRole('heading', { name: 'Premium Content' }) },
		{ path: '/programs/1/items/9', ready: (page) => page.getByRole('heading', { name: 'This item is locked' }) },
		{ path: '/programs/3/items/23', ready: heading('Leadership essentials') },
		{
			path: '/programs/3/items/23',
			state: { name: 'refused', act: (page) => page.getByRole('button', { name: 'Submit answers' }).click() },
			ready: (page) => page.getByText('Answer every question: 0 of 2 answered').first(),
		},
		// A member's 404 is drawn inside the member layout.
		{ path: '/no-such-page', ready: heading('404 Page Not Found') },
		{ path: '/content-library/999', ready: heading('404 Page Not Found') },
	],
	premium: [
		// The premium member has notifications, unread messages and RSVPs in the demo data.
		{ path: '/notifications', ready: heading('Notifications') },
		{ path: '/events', ready: heading('Events') },
		// Going, with people going (app/demo/data.server.ts): the list of who is going.
		{ path: '/events/5', ready: heading('Feedback Skills Workshop') },
		{ path: '/messages', ready: heading('Messages') },
		{ path: '/dashboard', ready: heading(/^Welcome back/) },
		{ path: '/content-library/12', ready: (page) => page.locator('video') },
		{ path: '/community/1', ready: heading('Executive Leadership') },
		{ path: '/subscription-success', ready: heading('Subscription Successful!') },
		{ path: '/programs/1', ready: heading('New Manager Foundations') },
		{
			path: '/programs/3/items/23?attempt=latest',
			ready: (page) => page.getByRole('heading', { name: 'Passed with 100%' }),
		},
		{
			path: '/programs/3',
			state: { name: 'certificate', act: (page) => page.getByRole('link', { name: 'Your certificate' }).click() },
			ready: heading('Certificate of Completion'),
		},
		// Issue 29: the premium member's pods (demo pod 1 is running at week 3, pod 2 finished) and the program page's panel.
		{ path: '/pods', ready: heading('Your pods') },
		{ path: '/pods/1', ready: heading('Pod 1') },
		{ path: '/pods/2', ready: (page) => page.getByRole('heading', { name: 'How your pod did' }) },
		{ path: '/programs/3', ready: (page) => page.getByRole('button', { name: 'Join a pod' }) },
		{ path: '/community/2/discussions', ready: (page) => page.getByRole('form', { name: 'Start a discussion' }) },
		{ path: '/community/1/discussions/3', ready: (page) => page.getByRole('form', { name: 'Add a comment' }) },
		{
			path: '/community/1/discussions/3?report=post',
			ready: (page) => page.getByRole('form', { name: 'Report this post' }),
		},
		{ path: '/profile?tab=billing', ready: (page) => page.getByRole('button', { name: 'Cancel subscription' }) },
		{
			path: '/community/2',
			// The message menu open, and the report form under a message (without JavaScript, from the menu's link).
			state: {
				name: 'report form',
				act: async (page) => {
					const item = page
						.getByRole('list', { name: 'Messages' })
						.getByRole('listitem')
						.filter({ hasText: 'Ask each of them what they want' })
					await item.locator('summary').click()
					await item.getByRole('link', { name: 'Report' }).click()
				},
			},
			ready: (page) => page.getByRole('form', { name: 'Report message' }),
		},
	],
	admin: [
		{ path: '/admin', ready: heading('Administration Panel') },
		{ path: '/admin?tab=content', ready: heading('Administration Panel') },
		{ path: '/admin?tab=communities', ready: heading('Administration Panel') },
		{ path: '/admin?tab=events', ready: heading('Administration Panel') },
		{ path: '/admin?tab=resources', ready: heading('Administration Panel') },
		{ path: '/admin?tab=programs', ready: (page) => page.getByRole('table', { name: 'Programs' }) },
		{ path: '/admin/programs/1', ready: heading('New Manager Foundations') },
		{ path: '/admin?tab=audit', ready: (page) => page.getByRole('table', { name: 'Audit log' }) },
		{ path: '/admin?tab=pods', ready: (page) => page.getByRole('table', { name: 'Peer pods' }) },
		dialog('/admin/pods/1/move', 'Move a member of Pod 1'),
		dialog('/admin/pods/1/dissolve', 'Dissolve Pod 1', 'alertdialog'),
		{ path: '/admin?tab=insights', ready: (page) => page.getByRole('img', { name: 'New members per week' }) },
		{ path: '/moderation', ready: heading('Moderation') },
		{ path: '/moderation?tab=resolved', ready: heading('Moderation') },
		// A thread with the moderators' menu (pin, lock, remove), and the locked announcement.
		{ path: '/community/1/discussions/3', ready: heading(/board meeting/) },
		{ path: '/community/1/discussions/2', ready: (page) => page.getByText('Locked').first() },
		{
			path: '/community/2',
			state: {
				name: 'mute form',
				act: async (page) => {
					const item = page
						.getByRole('list', { name: 'Messages' })
						.getByRole('listitem')
						.filter({ hasText: 'BUY my leadership masterclass' })
					await item.locator('summary').click()
					await item.getByRole('link', { name: 'Mute Casey Quinn' }).click()
				},
			},
			ready: (page) => page.getByRole('form', { name: 'Mute Casey Quinn' }),
		},
		dialog('/admin/users/4/role', 'Change User Role'),
		dialog('/admin/users/4/delete', 'Delete User', 'alertdialog'),
		dialog('/admin/videos/new', 'Add Video'),
		dialog('/admin/videos/1/edit', 'Edit Video'),
		dialog('/admin/videos/1/delete', 'Delete Video', 'alertdialog'),
		dialog('/admin/videos/1/captions', 'Captions and chapters'),
		{
			path: '/admin/videos/1/captions',
			state: {
				name: 'a bad file refused',
				act: async (page) => {
					await page.getByLabel('WebVTT captions').fill('WEBVTT\n\n00:0x.000 --> 00:04.000\nHello')
					await page.getByRole('button', { name: 'Save captions' }).click()
				},
			},
			ready: (page) => page.getByRole('region', { name: 'Captions' }).getByText(/^Line 3: /),
			only: 'dialog',
		},
		dialog('/admin/communities/new', 'Add Community'),
		dialog('/admin/communities/1/edit', 'Edit Community'),
		dialog('/admin/communities/1/delete', 'Delete Community', 'alertdialog'),
		dialog('/admin/events/new', 'Create Event'),
		dialog('/admin/events/1/edit', 'Edit Event'),
		dialog('/admin/events/1/delete', 'Are you sure?', 'alertdialog'),
		dialog('/admin/resources/new', 'Add Resource'),
		dialog('/admin/resources/1/edit', 'Edit Resource'),
		dialog('/admin/resources/1/delete', 'Delete Resource', 'alertdialog'),
		dialog('/admin/programs/new', 'Add Program'),
		dialog('/admin/programs/1/edit', 'Edit Program'),
		dialog('/admin/programs/1/delete', 'Delete Program', 'alertdialog'),
		dialog('/admin/programs/1/modules/new', 'Add Module'),
		dialog('/admin/programs/1/modules/1/edit', 'Edit Module'),
		dialog('/admin/programs/1/modules/1/delete', 'Delete Module', 'alertdialog'),
		dialog('/admin/programs/1/modules/1/items/new?kind=check', 'Add Knowledge check'),
		dialog('/admin/programs/1/items/5/edit', 'Edit Knowledge check'),
		dialog('/admin/programs/1/items/2/delete', 'Delete Reading', 'alertdialog'),
		dialog('/admin/programs/3/certificates/1/revoke', 'Revoke Certificate', 'alertdialog'),
	],
}

function describeViolation(path: string, violation: Result) {
	const targets = violation.nodes
		.slice(0, 3)
		.map(
			(node) =>
				`      ${node.target.join(' ')}${node.failureSummary ? `\n        ${node.failureSummary.replace(/\n/g, '\n        ')}` : ''}`,
		)
		.join('\n')
	const more = violation.nodes.length > 3 ? `\n      ...and ${violation.nodes.length - 3} more` : ''
	return `  ${path} [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length})\n${targets}${more}`
}

/** A page that hydrates (an island) is the only kind whose markup differs without JavaScript. */
async function shipsJavaScript(page: Page) {
	return (await page.locator('link[rel="modulepreload"]').count()) > 0
}

for (const [account, pages] of Object.entries(PAGES) as Array<[Account, AuditedPage[]]>) {
	test(`axe finds no serious or critical violation on the ${account}'s pages`, async ({
		page: jsPage,
		javaScriptEnabled: js,
		login,
		signUp,
		newBrowser,
	}, testInfo) => {
		test.setTimeout(30_000 + pages.length * 10_000)
		const audited = js
			? { page: jsPage, login, signUp }
			: await newBrowser({ javaScriptEnabled: true, appScripts: false })
		const { page } = audited
		await startSession(audited, account)
		const blocking: string[] = []
		const others: string[] = []
		const skipped: string[] = []
		for (const { path, state, ready, only } of pages) {
			const name = state ? `${path} (${state.name})` : path
			await page.goto(path)
			await state?.act(page)
			await expect(ready(page), `${name} did not show the expected page`).toBeVisible()
			// Without JavaScript, a page that ships none is the very page audited with JavaScript on.
			if (!js && !(await shipsJavaScript(page))) {
				skipped.push(name)
				continue
			}
			const axe = new AxeBuilder({ page }).options(OPTIONS)
			const results = await (only ? axe.include(only) : axe).analyze()
			for (const violation of results.violations) {
				;(BLOCKING.includes(violation.impact) ? blocking : others).push(describeViolation(name, violation))
			}
		}
		if (!js) await page.context().close()
		if (skipped.length)
			console.log(
				`[${testInfo.project.name}] ${account}: no JavaScript on ${skipped.join(', ')}: audited with JavaScript on`,
			)
		if (others.length)
			console.log(`[${testInfo.project.name}] ${account}: minor and moderate findings\n${others.join('\n')}`)
		expect(blocking.length, `serious or critical violations:\n${blocking.join('\n')}`).toBe(0)
	})
}

test("axe on a phone: the open Menu drawer, a locked lesson and the member's 404", async ({
	javaScriptEnabled: js,
	newBrowser,
}) => {
	// JavaScript stays on for axe; without it, the documents arrive without the app's scripts (see fixtures.ts).
	const phone = await newBrowser({ viewport: { width: 390, height: 800 }, javaScriptEnabled: true, appScripts: js })
	await phone.signUp()
	const { page } = phone
	const blocking: string[] = []
	for (const path of ['/dashboard', '/content-library/12', '/no-such-page']) {
		await page.goto(path)
		await page.getByText('Menu', { exact: true }).click()
		await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
		const results = await new AxeBuilder({ page }).options(OPTIONS).analyze()
		for (const violation of results.violations)
			if (BLOCKING.includes(violation.impact)) blocking.push(describeViolation(`${path} (menu open)`, violation))
	}
	expect(blocking.length, `serious or critical violations:\n${blocking.join('\n')}`).toBe(0)
})

test("axe on a phone: the admin's tables drawn as cards, and a dialog", async ({
	javaScriptEnabled: js,
	newBrowser,
}) => {
	const phone = await newBrowser({ viewport: { width: 390, height: 844 }, javaScriptEnabled: true, appScripts: js })
	await phone.login('admin')
	const { page } = phone
	const blocking: string[] = []
	for (const { path, ready } of [
		{ path: '/admin?tab=users', ready: page.getByRole('table', { name: 'Users' }) },
		{ path: '/admin?tab=events', ready: page.getByRole('table', { name: 'Events' }) },
		{ path: '/admin/events/new', ready: page.getByRole('dialog', { name: 'Create Event' }) },
	]) {
		await page.goto(path)
		await expect(ready).toBeVisible()
		const results = await new AxeBuilder({ page }).options(OPTIONS).analyze()
		for (const violation of results.violations)
			if (BLOCKING.includes(violation.impact)) blocking.push(describeViolation(`${path} (phone)`, violation))
	}
	expect(blocking.length, `serious or critical violations:\n${blocking.join('\n')}`).toBe(0)
})
