import { beforeAll, describe, expect, it } from 'vitest'
import mongoose from 'mongoose'
import { CommunityModel, EventModel, MessageModel, ResourceModel, UserModel, VideoModel } from '#models/index'
import { LAST_ADMIN } from '~/services/account/admin-users.server'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { pageHtml } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { snapshot, userIdOf } from './admin-helpers'

/** The panel as a browser without JavaScript uses it: server-rendered pages and real form posts. */

const server = useSeededTestServer()
let admin: TestClient
let manager: TestClient

beforeAll(async () => {
	admin = await logIn(server.url, 'admin')
	manager = await logIn(server.url, 'manager')
})

async function html(client: TestClient, path: string, status = 200) {
	return withoutTextMarkers(await pageHtml(client, path, status))
}

/** The page's HTML without the markers React puts between adjacent texts ("7<!-- --> users total"). */
function withoutTextMarkers(html: string) {
	return html.replace(/<!-- -->/g, '')
}

async function text(response: Response) {
	return withoutTextMarkers(await response.text())
}

/** The notice a redirect carries is read by the page it lands on. */
async function followWithNotice(client: TestClient, response: Response) {
	expect(response.status).toBe(302)
	return html(client, response.headers.get('Location')!)
}

describe('access to /admin', () => {
	it('sends a visitor to /auth and a member or moderator to /dashboard, for the panel and its dialogs', async () => {
		const visitor = new TestClient(server.url)
		const member = await logIn(server.url, 'member')
		const moderator = await logIn(server.url, 'moderator')
		for (const path of [
			'/admin',
			'/admin?tab=events',
			'/admin/videos/new',
			'/admin/events/1/edit',
			'/admin/users/4/role',
		]) {
			expect((await visitor.get(path)).headers.get('Location'), path).toBe('/auth')
			expect((await member.get(path)).headers.get('Location'), path).toBe('/dashboard')
			expect((await moderator.get(path)).headers.get('Location'), path).toBe('/dashboard')
		}
	})

	it('opens on Users for an admin, and on Content for a content manager, whose Users tab is disabled', async () => {
		const adminPage = await html(admin, '/admin')
		expect(adminPage).toContain('Administration Panel')
		expect(adminPage).toContain('placeholder="Search users..."')
		expect(adminPage).toMatch(/\d+ users total/)

		const managerPage = await html(manager, '/admin')
		expect(managerPage).toContain('Add Video')
		expect(managerPage).not.toContain('Search users...')
		expect(managerPage).toMatch(/<span aria-disabled="true"[^>]*>Users<\/span>/)
		for (const path of ['/admin?tab=users', '/admin/users/4/role']) {
			const response = await manager.get(path)
			expect(response.headers.get('Location'), path).toBe('/admin?tab=content')
		}
	})
})

describe('the tabs', () => {
	it('Users: every user with the role shown with spaces, and a search by name, username or email', async () => {
		const page = await html(admin, '/admin?tab=users')
		for (const column of ['Name', 'Username', 'Email', 'Role', 'Status', 'Joined', 'Last active', 'Actions'])
			expect(page).toContain(`>${column}</th>`)
		expect(page).toContain('>content manager</span>')
		expect(page).toContain(`${await UserModel.countDocuments()} users total`)
		expect(await html(admin, '/admin?tab=users&q=PRIYA')).toContain('1 users total')
		const none = await html(admin, '/admin?tab=users&q=nobody-by-that-name')
		expect(none).toContain('No users found.')
		expect(none).toContain('0 users total')
	})

	it('Content: id, title, category, duration in minutes and who added it', async () => {
		const page = await html(manager, '/admin?tab=content')
		expect(page).toContain('Giving Feedback That Lands')
		expect(page).toContain('14 min')
		expect(page).toContain('Priya Patel')
	})

	it('Events: descriptions cut at 50 characters, "Online", "Not specified", "No description", search and total', async () => {
		const page = await html(admin, '/admin?tab=events')
		expect(page).toContain('Create, view, edit, and delete leadership events.')
		expect(page).toContain('Practise the feedback model from the Communication...')
		expect(page).toContain('No description')
		expect(page).toContain('Not specified')
		expect(page).toContain('8 events total')
		const search = await html(admin, '/admin?tab=events&q=summit')
		expect(search).toContain('1 events total')
		expect(await html(admin, '/admin?tab=events&q=zzz')).toContain('No events found.')
	})

	it('Resources: URLs cut at 30 characters, opening in a new tab', async () => {
		const page = await html(manager, '/admin?tab=resources')
		expect(page).toMatch(
			/<a href="https:\/\/en.wikipedia.org\/wiki\/Management" target="_blank" rel="noopener noreferrer"[^>]*>https:\/\/en.wikipedia.org\/wiki\/\.\.\.<\/a>/,
		)
	})

	it('a dialog is drawn over its tab, and an unknown id says so', async () => {
		const page = await html(manager, '/admin/videos/3/edit')
		expect(page).toContain('Edit Video')
		expect(page).toContain('value="Giving Feedback That Lands"')
		expect(page).toContain('Add Video')
		const missing = await html(manager, '/admin/videos/99999/edit', 404)
		expect(missing).toContain('Video not found')
		await html(manager, '/admin/events/abc/delete', 404)
	})
})

describe('forms without JavaScript', () => {
	it('a content manager adds a video: back to Content with "Video added", stored with their id', async () => {
		const response = await manager.submitForm('/admin/videos/new', {
			intent: 'save-video',
			title: 'Managing Up',
			description: '',
			url: '/media/strategy.mp4',
			thumbnail: '',
			duration: '18',
			category: 'Strategy',
			createdBy: '1',
		})
		expect(response.headers.get('Location')).toBe('/admin?tab=content')
		const page = await followWithNotice(manager, response)
		expect(page).toContain('Video added')
		expect(page).toContain('18 min')
		const video = await VideoModel.findOne({ title: 'Managing Up' }).lean()
		expect(video).toMatchObject({
			duration: 18,
			description: null,
			thumbnail: null,
			createdBy: await userIdOf('manager'),
		})
	})

	it('an add opens the page its new row is on, leaving a search that would hide it (decision 249)', async () => {
		// Enough lessons that the next one, last in library order, is on the table's second page.
		// The dialog is opened from a search for 'Strategy', which the new lesson's title and description leave out.
		const fillers: string[] = []
		while ((await VideoModel.countDocuments()) < 25) {
			const title = `Filler lesson ${fillers.length + 1}`
			const added = await manager.json('POST', '/api/admin/videos', { title, url: '/media/filler.mp4', duration: 5 })
			expect(added.status).toBe(201)
			fillers.push(title)
		}
		try {
			const response = await manager.submitForm(
				'/admin/videos/new?q=Strategy',
				{ intent: 'save-video', title: 'The Twenty-Sixth Lesson', url: '/media/strategy.mp4', duration: '7' },
				'/admin/videos/new?q=Strategy',
			)
			expect(response.headers.get('Location')).toBe('/admin?tab=content&page=2')
			const page = await followWithNotice(manager, response)
			expect(page).toContain('Video added')
			expect(page).toContain('The Twenty-Sixth Lesson')
			// The first page, where the dialog would have returned before, does not have it.
			expect(await html(manager, '/admin?tab=content')).not.toContain('The Twenty-Sixth Lesson')
		} finally {
			await VideoModel.deleteMany({ title: mongoose.trusted({ $in: [...fillers, 'The Twenty-Sixth Lesson'] }) })
		}
	})

	it("an add from a search of regular-expression signs, past the search box's length, lands in the whole list", async () => {
		const search = encodeURIComponent('(.*+?[{\\'.repeat(500))
		const response = await manager.submitForm(
			`/admin/communities/new?q=${search}`,
			{ intent: 'save-community', name: 'Searched Past Its Length', description: '', icon: '' },
			`/admin/communities/new?q=${search}`,
		)
		expect(response.headers.get('Location')).toBe('/admin?tab=communities')
		expect(await followWithNotice(manager, response)).toContain('Searched Past Its Length')
		await CommunityModel.deleteOne({ name: 'Searched Past Its Length' })
	})

	it('an empty title or a non-number duration comes back with the messages and stores nothing', async () => {
		const before = await snapshot()
		const response = await manager.submitForm('/admin/videos/new', {
			intent: 'save-video',
			title: '',
			url: '',
			duration: 'abc',
		})
		expect(response.status).toBe(400)
		const page = await text(response)
		expect(page).toContain('Title is required')
		expect(page).toContain('URL is required')
		expect(page).toContain('Duration must be a whole number of minutes')
		expect(page).toContain('Failed to add video')
		expect(await snapshot()).toBe(before)
	})

	it('a form without its CSRF token is refused and stores nothing', async () => {
		const before = await snapshot()
		const response = await manager.request('/admin/communities/new', {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ name: 'Forged Community' }),
		})
		expect(response.status).toBe(403)
		expect(await snapshot()).toBe(before)
	})

	it('edits and deletes a community; its messages go with it', async () => {
		const created = await manager.submitForm('/admin/communities/new', {
			intent: 'save-community',
			name: 'Nonprofit Leaders',
			description: 'Leading with a mission.',
			icon: 'NP',
		})
		expect(created.headers.get('Location')).toBe('/admin?tab=communities')
		const community = (await CommunityModel.findOne({ name: 'Nonprofit Leaders' }).lean())!
		await MessageModel.create({
			id: 990_001,
			content: 'Welcome!',
			senderId: 1,
			communityId: community.id,
			isPrivate: false,
		})

		const edited = await admin.submitForm(`/admin/communities/${community.id}/edit`, {
			intent: 'save-community',
			name: 'Nonprofit Leaders Circle',
			description: '',
			icon: '',
		})
		expect(await followWithNotice(admin, edited)).toContain('Community updated')
		expect(await CommunityModel.findOne({ id: community.id }).lean()).toMatchObject({
			name: 'Nonprofit Leaders Circle',
			description: null,
			icon: null,
		})

		const confirm = await html(admin, `/admin/communities/${community.id}/delete`)
		expect(confirm).toContain(
			'Are you sure you want to delete community &quot;Nonprofit Leaders Circle&quot;? This action cannot be undone.',
		)
		const deleted = await admin.submitForm(`/admin/communities/${community.id}/delete`, { intent: 'delete' })
		expect(await followWithNotice(admin, deleted)).toContain('Community deleted')
		expect(await CommunityModel.countDocuments({ id: community.id })).toBe(0)
		expect(await MessageModel.countDocuments({ communityId: community.id })).toBe(0)
	})

	it('creates an event from local date-times in the zone the form names, keeping the search', async () => {
		const response = await admin.submitForm('/admin/events/new?q=webinar', {
			intent: 'save-event',
			title: 'Budgeting Webinar',
			description: '',
			location: '',
			startTime: '2031-01-15T10:00',
			endTime: '2031-01-15T11:30',
			timeZone: 'America/New_York',
		})
		expect(response.headers.get('Location')).toBe('/admin?tab=events&q=webinar')
		const page = await followWithNotice(admin, response)
		expect(page).toContain('Event created')
		expect(page).toContain('1 events total')
		const event = await EventModel.findOne({ title: 'Budgeting Webinar' }).lean()
		expect(event!.startTime.toISOString()).toBe('2031-01-15T15:00:00.000Z')
		expect(event!.endTime!.toISOString()).toBe('2031-01-15T16:30:00.000Z')
		expect(event).toMatchObject({ description: null, location: null })
	})

	it('without a time zone the times are UTC, as the form says; an end before the start is refused', async () => {
		const form = await html(admin, '/admin/events/new')
		expect(form).toContain('name="timeZone" value="UTC"')
		expect(form).toContain('In UTC.')
		const before = await snapshot()
		const refused = await admin.submitForm('/admin/events/new', {
			intent: 'save-event',
			title: 'Backwards',
			startTime: '2031-02-01T10:00',
			endTime: '2031-02-01T09:00',
			timeZone: 'UTC',
		})
		expect(refused.status).toBe(400)
		const page = await text(refused)
		expect(page).toContain('End time must be after the start time')
		expect(page).toContain('Failed to create event')
		expect(await snapshot()).toBe(before)

		const short = await admin.submitForm('/admin/events/new', { intent: 'save-event', title: 'No', startTime: '' })
		const shortPage = await text(short)
		expect(shortPage).toContain('Title must be at least 3 characters long')
		expect(shortPage).toContain('Start time is required')
		expect(await snapshot()).toBe(before)
	})

	it('deleting an event that is already gone goes back with "Failed to delete event"', async () => {
		const event = (await EventModel.findOne({ title: 'Budgeting Webinar' }).lean())!
		const page = await html(admin, `/admin/events/${event.id}/delete`)
		expect(page).toContain('Are you sure?')
		expect(page).toContain(
			'This will permanently delete the event &quot;Budgeting Webinar&quot;. This action cannot be undone.',
		)
		expect(page).toContain('Delete Event')
		const token = /name="csrf" value="([^"]+)"/.exec(page)![1]!
		await EventModel.deleteOne({ id: event.id })
		const response = await admin.request(`/admin/events/${event.id}/delete`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ csrf: token, intent: 'delete' }),
		})
		const after = await followWithNotice(admin, response)
		expect(after).toContain('Failed to delete event')
		expect(after).toContain('Event not found')
	})

	it('adds a resource as a pdf by default and edits it', async () => {
		const form = await html(manager, '/admin/resources/new')
		expect(form).toMatch(/<option value="pdf" selected="">PDF<\/option>/)
		const created = await manager.submitForm('/admin/resources/new', {
			intent: 'save-resource',
			title: 'Meeting Scorecard',
			type: 'pdf',
			url: '/resources/scorecard.pdf',
			description: '',
		})
		expect(await followWithNotice(manager, created)).toContain('Resource added')
		const stored = (await ResourceModel.findOne({ title: 'Meeting Scorecard' }).lean())!
		expect(stored.type).toBe('pdf')
		const edited = await manager.submitForm(`/admin/resources/${stored.id}/edit`, {
			intent: 'save-resource',
			title: 'Meeting Scorecard',
			type: 'template',
			url: '/resources/scorecard.pdf',
		})
		expect(await followWithNotice(manager, edited)).toContain('Resource updated')
		expect((await ResourceModel.findOne({ id: stored.id }).lean())!.type).toBe('template')
	})
})

describe('roles without JavaScript', () => {
	it('an admin changes a role with the dialog, which opens on the current role', async () => {
		const premiumId = await userIdOf('premium')
		const dialog = await html(admin, `/admin/users/${premiumId}/role`)
		expect(dialog).toContain('Change User Role')
		expect(dialog).toMatch(/<option value="member" selected="">Member<\/option>/)
		for (const label of ['Moderator', 'Content Manager', 'Admin']) expect(dialog).toContain(`>${label}</option>`)

		const response = await admin.submitForm(`/admin/users/${premiumId}/role`, {
			intent: 'change-role',
			role: 'moderator',
		})
		expect(response.headers.get('Location')).toBe('/admin?tab=users')
		expect(await followWithNotice(admin, response)).toContain('User role updated')
		expect((await UserModel.findOne({ id: premiumId }).lean())!.role).toBe('moderator')
		await admin.submitForm(`/admin/users/${premiumId}/role`, { intent: 'change-role', role: 'member' })
		expect((await UserModel.findOne({ id: premiumId }).lean())!.role).toBe('member')
	})

	it('the last admin cannot demote themself: the dialog says why and nothing changes', async () => {
		const before = await snapshot()
		const response = await admin.submitForm(`/admin/users/${await userIdOf('admin')}/role`, {
			intent: 'change-role',
			role: 'member',
		})
		expect(response.status).toBe(409)
		const page = await text(response)
		expect(page).toContain('Failed to update user role')
		expect(page).toContain(LAST_ADMIN)
		expect(await snapshot()).toBe(before)
	})

	it('a content manager posting the role form changes nothing', async () => {
		const before = await snapshot()
		const response = await manager.submitForm(
			'/admin?tab=content',
			{ intent: 'change-role', role: 'admin' },
			`/admin/users/${await userIdOf('manager')}/role`,
		)
		expect(response.status).toBeGreaterThanOrEqual(300)
		expect(await snapshot()).toBe(before)
	})
})
