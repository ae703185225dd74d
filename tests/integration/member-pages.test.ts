import { describe, expect, it } from 'vitest'
import { NotificationModel, ProgressModel, ResourceModel, SessionModel, UserModel, VideoModel } from '#models/index'
import { REGISTER_SERVICE_WORKER_SCRIPT } from '~/lib/app-shell'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { signUpMember } from '../setup/members'
import { pageHtml } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'

/**
 * The member screens as a browser without JavaScript sees them: server-drawn
 * HTML and real form posts with the CSRF token.
 */
const server = useSeededTestServer()

/** The visible text of a page: tags, React's text separators and entities removed, whitespace collapsed. */
function textOf(html: string): string {
	return html
		.replace(/<script[\s\S]*?<\/script>/g, ' ')
		.replace(/<!-- -->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#x27;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ')
}

const newMember = (name = 'Riley Page') => signUpMember(server.url, 'page_member', { name, password: 'first-password' })

async function page(client: TestClient, path: string) {
	const html = await pageHtml(client, path)
	return { html, text: textOf(html) }
}

describe('the logged-in layout', () => {
	it('shows the top bar, the sidebar links and the communities shortcuts, without any script on plain pages', async () => {
		const { html, text } = await page(await logIn(server.url, 'member'), '/dashboard')
		for (const href of [
			'/dashboard',
			'/content-library',
			'/community',
			'/messages',
			'/events',
			'/resources',
			'/members',
			// The free member's communities (seeded: New Managers and Women in Leadership).
			'/community/2',
			'/community/3',
			'/profile',
			'/settings',
			'/subscribe',
		]) {
			expect(html, href).toContain(`href="${href}"`)
		}
		expect(text).toContain('Your Communities NM New Managers WL Women in Leadership Premium Inactive')
		// Seeded: the free member has read everything; a count of 0 shows no badge (product §2 "Top bar").
		expect(text).toMatch(/Notifications Notifications No notifications yet See all notifications/)
		expect(text).not.toMatch(/Notifications \(\d+ new\)|Messages \(\d+ unread\)/)
		expect(text).toMatch(/User menu S member Sam Rivera Profile Dashboard Settings Logout/)
		expect(html).not.toContain('href="/admin"')
		expect(html).toMatch(/<details data-menu/)
		// Only the tiny time-zone hint and the line that registers the service worker (decision 180), no application bundle.
		expect(html.match(/<script/g)).toHaveLength(2)
		expect(html).toContain(REGISTER_SERVICE_WORKER_SCRIPT)
		expect(html).not.toContain('/build/entry.client')
	})

	it("shows the premium member's real unread counts on the bell and on Messages, and the newest notifications", async () => {
		const { text } = await page(await logIn(server.url, 'premium'), '/dashboard')
		const premiumId = (await UserModel.findOne({ usernameKey: 'premium' }).lean())!.id
		const unread = await NotificationModel.countDocuments({ recipientId: premiumId, readAt: null })
		expect(unread).toBeGreaterThanOrEqual(4)
		expect(text).toContain(`Notifications (${unread} new)`)
		expect(text).toMatch(/Maria Gonzalez mentioned you in New Managers/)
		// Seeded: Sam and Maria each wrote to the premium member, and Casey sent the message they reported; none is opened.
		expect(text).toContain('Messages (3 unread)')
	})

	it('shows Administration to admins and content managers only', async () => {
		expect((await page(await logIn(server.url, 'admin'), '/dashboard')).html).toContain('href="/admin"')
		expect((await page(await logIn(server.url, 'manager'), '/dashboard')).html).toContain('href="/admin"')
		expect((await page(await logIn(server.url, 'moderator'), '/dashboard')).html).not.toContain('href="/admin"')
	})

	it('shows the subscription status box, and Upgrade to Premium only without Premium', async () => {
		const active = (await page(await logIn(server.url, 'admin'), '/dashboard')).text
		expect(active).toContain('Premium Active')
		expect(active).not.toContain('Upgrade to Premium')
		const trial = (await page(await logIn(server.url, 'premium'), '/dashboard')).text
		expect(trial).toContain('Trial Active')
		expect(trial).toMatch(/Trial ends: [A-Z][a-z]{2} \d{1,2}, \d{4}/)
		expect(trial).not.toContain('Upgrade to Premium')
		const free = (await page(await logIn(server.url, 'member'), '/dashboard')).text
		expect(free).toContain('Premium Inactive')
		expect(free).toContain('Upgrade to Premium')
		// The Communities card tells a free member they read, and a Premium member that they take part.
		expect(free).toContain('Groups whose conversations you can read. Premium members take part.')
		expect(trial).toContain('Groups you can join the conversation in')
	})

	it('collapses the sidebar with a form and remembers it in a cookie', async () => {
		const client = await logIn(server.url, 'member')
		expect((await page(client, '/events')).html).toContain('data-collapsed="false"')
		const response = await client.submitForm(
			'/events',
			{ collapsed: 'true', redirectTo: '/events?tab=past' },
			'/sidebar',
		)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/events?tab=past')
		expect((await page(client, '/events?tab=past')).html).toContain('data-collapsed="true"')
		expect((await page(client, '/dashboard')).html).toContain('Expand sidebar')

		const elsewhere = await client.submitForm(
			'/events',
			{ collapsed: 'false', redirectTo: '//evil.example.com' },
			'/sidebar',
		)
		expect(elsewhere.headers.get('Location')).toBe('/dashboard')
		expect((await page(client, '/dashboard')).html).toContain('data-collapsed="false"')

		const forged = await client.request('/sidebar', {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ collapsed: 'true' }),
		})
		expect(forged.status).toBe(403)
	})

	it('sends /settings to the profile, and visitors to /auth', async () => {
		const settings = await (await logIn(server.url, 'member')).get('/settings')
		expect(settings.status).toBe(302)
		expect(settings.headers.get('Location')).toBe('/profile')
		for (const path of ['/content-library', '/content-library/1', '/events', '/resources', '/profile', '/settings']) {
			expect((await new TestClient(server.url).get(path)).headers.get('Location'), path).toBe('/auth')
		}
	})
})

describe('the dashboard', () => {
	it('welcomes the member and shows the stat cards and the three lists', async () => {
		const { text, html } = await page(await logIn(server.url, 'premium'), '/dashboard')
		expect(text).toContain('Welcome back, Taylor Brooks!')
		// premium has progress on videos 1 (100), 3 (40) and 6 (15).
		expect(text).toContain('3 of 16')
		// The premium member's communities (seeded: Executive Leadership, New Managers, Remote Team Leaders).
		expect(text).toMatch(/Communities 3 /)
		expect(text).toMatch(/Upcoming Events 5 .*Next: Live Coaching Circle/)
		expect(text).toMatch(
			/Continue Learning .*Giving Feedback That Lands.*40% complete.*Building Psychological Safety.*15% complete/,
		)
		expect(text).not.toMatch(/Continue Learning.*What Great Leaders Do Differently.*Upcoming Events/)
		// The next 2 events, both with the premium member going: the coaching circle's link opens 15 minutes before it starts.
		// The join time alone on the same day, with its date when it falls after midnight (a run just before midnight).
		expect(text).toMatch(
			/Live Coaching Circle .*Going Join opens at (?:[A-Z][a-z]{2} \d{1,2}, \d{4}, )?\d{1,2}:\d{2} [AP]M .*Feedback Skills Workshop .*Going/,
		)
		expect(text).not.toContain('Women in Leadership Meetup')
		// The latest messages in the member's rooms, newest first, with author, room and time; not in the others'.
		expect(text).toMatch(
			/Community Activity .*Maria Gonzalez in New Managers .*@premium the Feedback Skills Workshop.*Noah Williams in Executive Leadership .*Casey Quinn in New Managers /,
		)
		expect(text).not.toContain('in Women in Leadership')
		expect(text).toContain('Times are shown in UTC')
		for (const href of ['/content-library', '/community', '/events']) expect(html).toContain(`href="${href}"`)
	})

	it('shows "TBD" for an event without an end time, in the member\'s time zone', async () => {
		const client = await logIn(server.url, 'member')
		const { text } = await page(client, '/events')
		expect(text).toMatch(/Women in Leadership Meetup.*\d{1,2}:\d{2} [AP]M - TBD/)
	})

	it('counts only progress above 0 as watched', async () => {
		const { client, id } = await newMember('Quinn Zero')
		await ProgressModel.create({
			id: 90_001,
			userId: id,
			videoId: 2,
			progress: 0,
			completed: false,
			updatedAt: new Date(),
		})
		const { text } = await page(client, '/dashboard')
		expect(text).toContain('0 of 16')
		expect(text).toContain('No videos in progress')
	})
})

describe('the content library', () => {
	it('dims videos above the free limit for a free member, with the banner and Unlock links', async () => {
		const { text, html } = await page(await logIn(server.url, 'member'), '/content-library')
		expect(text).toContain(
			'Premium Content Restricted: Free accounts can access 10 videos. Upgrade to unlock all content.',
		)
		expect(html.match(/>Premium Content</g)).toHaveLength(6)
		expect(html.match(/href="\/subscribe"[^>]*>Unlock</g)).toHaveLength(6)
		for (let id = 1; id <= 10; id += 1) expect(html).toContain(`href="/content-library/${id}"`)
		for (let id = 11; id <= 16; id += 1) expect(html).not.toContain(`href="/content-library/${id}"`)
		expect(html).not.toContain('/media/')
	})

	it('shows everything to a premium member, with category tabs', async () => {
		const { text, html } = await page(await logIn(server.url, 'premium'), '/content-library')
		expect(text).not.toContain('Premium Content')
		expect(html.match(/href="\/content-library\/\d+"/g)).toHaveLength(16)
		expect(text).toMatch(/All Videos .*Communication .*Leadership Fundamentals .*Strategy .*Team Building/)
		const strategy = await page(await logIn(server.url, 'premium'), '/content-library?category=Strategy')
		expect(strategy.html.match(/href="\/content-library\/\d+"/g)).toHaveLength(4)
		expect(strategy.html).toMatch(/aria-current="page"[^>]*>Strategy</)
	})

	it('searches with ?q= and says when nothing matches, keeping the free rules and no banner under 10 items', async () => {
		const client = await logIn(server.url, 'member')
		const found = await page(client, '/content-library?q=conflict')
		expect(found.text).toContain('1 result for “conflict”')
		expect(found.text).toContain('Resolving Team Conflict')
		expect(found.text).toContain('Premium Content')
		expect(found.text).not.toContain('Premium Content Restricted')
		const none = await page(client, '/content-library?q=zebra+crossing')
		expect(none.text).toContain('No videos found')
		expect(none.text).toContain('No videos match “zebra crossing”')
		const emptyCategory = await page(client, '/content-library?category=Nothing+Here')
		expect(emptyCategory.text).toContain('No videos found')
		expect(emptyCategory.text).not.toContain('No videos match')
	})
})

describe('the video page', () => {
	it('shows a free member the Premium Content panel, and never the media address, for a video above 10', async () => {
		const { text, html } = await page(await logIn(server.url, 'member'), '/content-library/12')
		expect(text).toContain('Premium Content')
		expect(text).toContain('Enjoy your first month free and get access to all premium content')
		expect(html).toMatch(/href="\/subscribe"[^>]*>Subscribe Now</)
		expect(html).not.toContain('<video')
		expect(html).not.toContain('/media/')
		expect(text).toContain('Leading Through Change')
	})

	it('shows the player, badges, Course Information, progress and related content', async () => {
		const { text, html } = await page(await logIn(server.url, 'member'), '/content-library/1')
		expect(html).toMatch(/<video[^>]+src="\/media\/what-great-leaders-do-differently\.mp4"[^>]*controls/)
		expect(html).toMatch(/poster="\/images\/thumbnails\/what-great-leaders-do-differently\.svg\?v=[A-Za-z0-9_-]{16}"/)
		expect(text).toContain('What Great Leaders Do Differently')
		expect(text).toMatch(/Course Information Category Leadership Fundamentals Duration 12 minutes/)
		expect(text).toContain('60% complete')
		// 40 % of 12 minutes, rounded up.
		expect(text).toContain('Continue (5 min remaining)')
		expect(text).toContain('Related Content')
		expect(html).toContain('href="/content-library/2"')
		expect(html).toContain('href="/content-library"')
		// Related: up to 3 others of the same category, never the video itself.
		const related = text.slice(text.indexOf('Related Content'))
		expect(related).not.toContain('What Great Leaders Do Differently')
		expect(related.match(/Leadership Fundamentals/g)!.length).toBeLessThanOrEqual(3)
	})

	it('says Start Course, then Review after the lesson is marked complete without JavaScript', async () => {
		const { client, id } = await newMember()
		expect((await page(client, '/content-library/4')).text).toContain('Start Course')
		const response = await client.submitForm('/content-library/4', { intent: 'complete' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/content-library/4')
		const after = await page(client, '/content-library/4')
		expect(after.text).toContain('Lesson completed')
		expect(after.text).toContain('Review')
		expect(after.text).not.toContain('Mark as complete')
		expect(await ProgressModel.findOne({ userId: id, videoId: 4 }).lean()).toMatchObject({
			progress: 100,
			completed: true,
		})
	})

	it('refuses to mark a premium video complete for a free member', async () => {
		const { client, id } = await newMember()
		const response = await client.submitForm('/content-library/9', {}, '/content-library/13')
		expect(response.status).toBe(403)
		expect(textOf(await response.text())).toContain('Could not save progress')
		expect(await ProgressModel.countDocuments({ userId: id })).toBe(0)
	})

	it('answers 404 with the not-found page for unknown and malformed ids', async () => {
		const client = await logIn(server.url, 'member')
		for (const path of ['/content-library/999', '/content-library/abc']) {
			const response = await client.get(path)
			expect(response.status, path).toBe(404)
			expect(await response.text()).toContain('404 Page Not Found')
		}
	})
})

/**
 * A fixed-offset zone where it is about 6 in the morning now, so an event
 * starting in 30 minutes is "today" whatever the hour the tests run at.
 */
function morningTimeZone(now = new Date()): string {
	let offset = (6 - now.getUTCHours()) % 24
	if (offset > 14) offset -= 24
	if (offset < -12) offset += 24
	// Etc/GMT zones have inverted signs: Etc/GMT-7 is UTC+7.
	return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

describe('the events page', () => {
	it('groups upcoming events into Today, This Week and Later with relative times', async () => {
		const client = await logIn(server.url, 'member')
		const response = await fetch(new URL('/events', server.url), {
			headers: { Cookie: `__session=${client.cookie('__session')}; tz=${encodeURIComponent(morningTimeZone())}` },
		})
		const text = textOf(await response.text())
		expect(text).toMatch(/Today Live Coaching Circle Starting soon .*RSVP .*3 going/)
		expect(text).toMatch(/This Week Feedback Skills Workshop In [23] days.*Women in Leadership Meetup In [45] days/)
		// Seeded: the free member is going to the meetup, which has no meeting link: it says where it happens.
		expect(text).toMatch(/Women in Leadership Meetup .*Going Cancel RSVP Happens at: London, UK .*2 going/)
		expect(text).toMatch(/Later Annual Leadership Summit In (20|21) days.*Strategy Masterclass In (39|40) days/)
		expect(text).not.toContain('Join Now')
		expect(text).not.toContain('Quarterly Strategy Review')
	})

	it('lists past events newest first, with Replay only where there is a replay video', async () => {
		const { text, html } = await page(await logIn(server.url, 'member'), '/events?tab=past')
		expect(text).toMatch(
			/New Manager Q&A.*Fireside Chat: Leading Remote Teams.*Quarterly Strategy Review \(Replay\).*Replay /,
		)
		expect(html.match(/aria-label="Replay: /g)).toHaveLength(1)
		const replay = (await VideoModel.findOne({ title: 'Setting a Clear Direction' }).lean())!
		expect(html).toContain(`href="/content-library/${replay.id}"`)
		// A past event takes no RSVP.
		expect(text).not.toMatch(/RSVP/)
		expect(text).not.toContain('Annual Leadership Summit')
	})

	it('shows times in the zone of the time-zone hint, and says UTC without it', async () => {
		const client = await logIn(server.url, 'member')
		expect((await page(client, '/events')).text).toContain('Times are shown in UTC. Turn on JavaScript')
		const response = await fetch(new URL('/events', server.url), {
			headers: { Cookie: `__session=${client.cookie('__session')}; tz=Asia%2FTokyo` },
		})
		const text = textOf(await response.text())
		expect(text).toContain('Times are shown in your time zone (Asia/Tokyo).')
	})
})

describe('the resources page', () => {
	it('lists resources with type tabs, search, and links that open or download', async () => {
		const client = await logIn(server.url, 'member')
		const { text, html } = await page(client, '/resources')
		expect(text).toMatch(/All Article Book Link PDF Template Tool Worksheet/)
		expect(html).toMatch(/href="\/resources\/leadership-principles\.pdf" download=""/)
		expect(html).toMatch(
			/href="https:\/\/en\.wikipedia\.org\/wiki\/Management" target="_blank" rel="noopener noreferrer"/,
		)
		const pdf = await page(client, '/resources?type=pdf')
		expect(pdf.text).toContain('Leadership Principles Handbook')
		expect(pdf.text).not.toContain('One-on-One Meeting Template')
		const search = await page(client, '/resources?q=feedback')
		expect(search.text).toContain('Feedback Conversation Worksheet')
		expect(search.text).not.toContain('Team Health Check Tool')
		expect((await page(client, '/resources?q=nothing+like+this')).text).toContain('No resources found')
	})

	it('gives an unknown type the generic icon and never links a script address', async () => {
		await ResourceModel.create({
			id: 90_001,
			title: 'Leadership Podcast',
			type: 'podcast',
			url: 'javascript:alert(1)',
			createdBy: 1,
		})
		const { html, text } = await page(await logIn(server.url, 'member'), '/resources?q=podcast')
		expect(html).toContain('data-icon="resources"')
		expect(text).toContain('Link unavailable')
		expect(html).not.toContain('javascript:')
	})
})

describe('the profile page without JavaScript', () => {
	it('keeps the tab in ?tab= and shows the five tabs', async () => {
		const client = (await newMember()).client
		const { text, html } = await page(client, '/profile')
		expect(text).toContain('My Profile')
		expect(text).toContain('Manage your account settings and preferences')
		for (const tab of ['profile', 'password', 'notifications', 'billing', 'account'])
			expect(html).toContain(`href="/profile?tab=${tab}"`)
		expect(text).toContain('Brief description for your profile.')
		expect(text).toContain('URL to your profile picture.')
		expect(html).toContain('placeholder="Tell others about yourself..."')
		const notifications = await page(client, '/profile?tab=notifications')
		expect(notifications.text).toMatch(
			/Email and push me about Private messages .*Mentions .*Event reminders .*New lessons .*Billing /,
		)
		// Push notifications (docs/decisions/181): turning them on needs JavaScript, and the page says so without it.
		expect(notifications.text).toContain('Turning push notifications on needs JavaScript')
		expect(notifications.text).toContain('No device has push notifications on.')
		expect(notifications.html).toMatch(/<button type="submit"[^>]*>Save Preferences/)
		const billing = await page(client, '/profile?tab=billing')
		expect(billing.text).toMatch(/Plan Free Status Not subscribed/)
		expect(billing.text).toContain('Subscribe Now')
	})

	it('saves the profile, and shows the spec messages for bad input without saving', async () => {
		const { client, id } = await newMember()
		const bad = await client.submitForm('/profile?tab=profile', {
			intent: 'profile',
			name: 'R',
			email: 'nope',
			bio: '',
			avatar: '',
		})
		expect(bad.status).toBe(400)
		const badText = textOf(await bad.text())
		expect(badText).toContain('Name must be at least 2 characters.')
		expect(badText).toContain('Invalid email address.')
		expect((await UserModel.findOne({ id }).lean())!.name).toBe('Riley Page')

		const taken = await client.submitForm('/profile?tab=profile', {
			intent: 'profile',
			name: 'Riley Page',
			email: 'admin@example.com',
			currentPassword: 'first-password',
		})
		expect(taken.status).toBe(409)
		expect(textOf(await taken.text())).toMatch(/Update failed.*An account with this email address already exists/s)

		const good = await client.submitForm('/profile?tab=profile', {
			intent: 'profile',
			name: 'Riley Renamed',
			email: 'riley.renamed@example.com',
			bio: 'Coach and mentor.',
			avatar: 'https://example.com/riley.png',
			currentPassword: 'first-password',
		})
		expect(good.status).toBe(302)
		expect(good.headers.get('Location')).toBe('/profile?tab=profile')
		const after = await page(client, '/profile?tab=profile')
		expect(after.text).toContain('Profile updated')
		expect(after.html).toContain('src="https://example.com/riley.png"')
		// The new email waits for its confirmation link (account-recovery.test.ts); the rest is saved at once.
		const { email } = (await UserModel.findOne({ id }).lean())!
		expect(after.text).toContain('We sent a link to riley.renamed@example.com to confirm your new email address')
		expect(await UserModel.findOne({ id }).lean()).toMatchObject({
			name: 'Riley Renamed',
			email,
			bio: 'Coach and mentor.',
		})
	})

	it('changes the password only with the right current password', async () => {
		const { client, username } = await newMember()
		const mismatch = await client.submitForm('/profile?tab=password', {
			intent: 'password',
			currentPassword: 'first-password',
			newPassword: 'second-password',
			confirmPassword: 'third-password',
		})
		expect(textOf(await mismatch.text())).toContain('Passwords do not match')
		const wrong = await client.submitForm('/profile?tab=password', {
			intent: 'password',
			currentPassword: 'not-it',
			newPassword: 'second-password',
			confirmPassword: 'second-password',
		})
		expect(wrong.status).toBe(400)
		const wrongHtml = await wrong.text()
		expect(textOf(wrongHtml)).toMatch(/Password change failed.*Current password is incorrect/)
		expect(wrongHtml).not.toContain('second-password')

		const good = await client.submitForm('/profile?tab=password', {
			intent: 'password',
			currentPassword: 'first-password',
			newPassword: 'second-password',
			confirmPassword: 'second-password',
		})
		expect(good.status).toBe(302)
		expect((await page(client, '/profile?tab=password')).text).toContain('Password changed')
		expect(
			(await new TestClient(server.url).json('POST', '/api/login', { username, password: 'second-password' })).status,
		).toBe(200)
	})

	it('shows the account texts per role and status', async () => {
		const free = (await page(await logIn(server.url, 'member'), '/profile?tab=account')).text
		// One way to Premium: 'Subscribe Now', no disabled 'Upgrade' beside it.
		expect(free).toMatch(/Account Type Standard Member Subscription Status Not Subscribed .*Subscribe Now/)
		expect(free).not.toMatch(/\bUpgrade\b(?! to Premium)/)
		const trial = (await page(await logIn(server.url, 'premium'), '/profile?tab=account')).text
		expect(trial).toMatch(/Free Trial .*Trial ends: [A-Z][a-z]{2} \d{1,2}, \d{4}.*Manage Subscription/)
		const admin = (await page(await logIn(server.url, 'admin'), '/profile?tab=account')).text
		expect(admin).toMatch(/Account Type Administrator Subscription Status Active Subscription .*Manage Subscription/)
		expect(admin).toContain('Log out from all devices')
	})

	it('logs out from all devices: every session of the user ends', async () => {
		const { client, username, id } = await newMember()
		const phone = new TestClient(server.url)
		await phone.json('POST', '/api/login', { username, password: 'first-password' })
		expect(await SessionModel.countDocuments({ userId: id })).toBe(2)
		const response = await client.submitForm('/profile?tab=account', { intent: 'logout-all' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/')
		expect(await SessionModel.countDocuments({ userId: id })).toBe(0)
		expect((await phone.get('/api/user')).status).toBe(401)
		expect((await client.get('/dashboard')).headers.get('Location')).toBe('/auth')
	})

	it('asks for the password to delete the account, and offers the member their data', async () => {
		const { client, id } = await newMember()
		const account = await page(client, '/profile?tab=account')
		expect(account.text).toContain('Permanently delete your account.')
		expect(account.html).toMatch(
			/<input[^>]*type="password"[^>]*name="password"|<input[^>]*name="password"[^>]*type="password"/,
		)
		expect(account.html).toMatch(/<a [^>]*href="\/api\/users\/me\/export"[^>]*download=""/)
		const refused = await client.submitForm('/profile?tab=account', {
			intent: 'delete-account',
			password: 'not-the-password',
		})
		expect(refused.status).toBe(400)
		expect(textOf(await refused.text())).toContain('Password is incorrect')
		expect(await UserModel.countDocuments({ id })).toBe(1)
		expect((await client.get('/api/user')).status).toBe(200)
	})
})
