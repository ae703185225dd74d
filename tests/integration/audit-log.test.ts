import { beforeAll, describe, expect, it } from 'vitest'
import { AuditEntryModel, type AuditEntryJSON } from '#models/index'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { pageHtml } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { userIdOf } from './admin-helpers'
import { newMember } from './chat-helpers'

/**
 * product §6 "Audit log": every action of an admin, content manager or
 * moderator is recorded (who, what, the target, a summary, before and after
 * for edits), newest first, paged, filtered by actor and kind, for admins
 * only; nothing in the app changes an entry.
 */

const server = useSeededTestServer()
let admin: TestClient
let manager: TestClient

beforeAll(async () => {
	admin = await logIn(server.url, 'admin')
	manager = await logIn(server.url, 'manager')
})

const log = async (client: TestClient, query = '') => {
	const response = await client.get(`/api/admin/audit-log${query}`)
	expect(response.status).toBe(200)
	return (await response.json()) as { entries: AuditEntryJSON[]; nextBefore: number | null }
}

describe('what is recorded', () => {
	it('a content manager’s video added, edited and deleted: who, the target, a summary, and before/after of the changed fields only', async () => {
		const created = await (
			await manager.json('POST', '/api/admin/videos', { title: 'Audit Trail Basics', url: '/media/a.mp4', duration: 4 })
		).json()
		expect(
			(
				await manager.json('PATCH', `/api/admin/videos/${created.id}`, {
					title: 'Audit Trail Essentials',
					duration: 4,
					category: 'Governance',
				})
			).status,
		).toBe(200)
		expect((await manager.json('DELETE', `/api/admin/videos/${created.id}`)).status).toBe(200)

		const entries = (await log(admin, '?kind=video.updated')).entries.filter((entry) => entry.target.id === created.id)
		expect(entries).toEqual([
			{
				id: expect.any(Number),
				actor: { id: await userIdOf('manager'), name: 'Priya Patel', role: 'content_manager' },
				kind: 'video.updated',
				target: { type: 'video', id: created.id, label: 'Audit Trail Essentials' },
				summary: 'Edited video "Audit Trail Essentials": title, category',
				before: { title: 'Audit Trail Basics', category: null },
				after: { title: 'Audit Trail Essentials', category: 'Governance' },
				createdAt: expect.any(String),
			},
		])
		const all = (await log(admin)).entries.filter(
			(entry) => entry.target.type === 'video' && entry.target.id === created.id,
		)
		expect(all.map((entry) => entry.kind)).toEqual(['video.deleted', 'video.updated', 'video.created'])
	})

	it('a role change, with the role before and after; communities, events and resources too', async () => {
		const member = await newMember(server.url, { name: 'Promoted Person' })
		expect((await admin.json('PATCH', `/api/admin/users/${member.id}/role`, { role: 'moderator' })).status).toBe(200)
		const [entry] = (await log(admin, '?kind=user.role_changed')).entries
		expect(entry).toMatchObject({
			actor: { name: 'Alex Morgan', role: 'admin' },
			target: { type: 'user', id: member.id, label: 'Promoted Person' },
			summary: 'Changed the role of Promoted Person from member to moderator',
			before: { role: 'member' },
			after: { role: 'moderator' },
		})
		const community = await (await admin.json('POST', '/api/admin/communities', { name: 'Audited Room' })).json()
		const event = await (
			await admin.json('POST', '/api/admin/events', { title: 'Audited Event', startTime: '2031-01-01T10:00:00Z' })
		).json()
		const resource = await (
			await admin.json('POST', '/api/admin/resources', { title: 'Audited File', url: '/a.pdf' })
		).json()
		const newest = (await log(admin)).entries.slice(0, 3).map((item) => [item.kind, item.target.id])
		expect(newest).toEqual([
			['resource.created', resource.id],
			['event.created', event.id],
			['community.created', community.id],
		])
	})

	it('a refused or empty change records nothing', async () => {
		const before = await AuditEntryModel.countDocuments()
		expect((await manager.json('PATCH', '/api/admin/users/1/role', { role: 'member' })).status).toBe(403)
		expect((await admin.json('PATCH', '/api/admin/videos/99999', { title: 'Nope' })).status).toBe(404)
		// Saving a video unchanged is not a change.
		const video = await (await admin.get('/api/videos/1')).json()
		expect((await admin.json('PATCH', '/api/admin/videos/1', { title: video.title })).status).toBe(200)
		expect(await AuditEntryModel.countDocuments()).toBe(before)
	})
})

describe('reading the log', () => {
	it('newest first, 50 a page, with a cursor; filtered by actor (a member or the system) and by kind', async () => {
		for (let index = 0; index < 3; index += 1) {
			const resource = await (
				await manager.json('POST', '/api/admin/resources', { title: `Page filler ${index}`, url: '/f.pdf' })
			).json()
			await manager.json('DELETE', `/api/admin/resources/${resource.id}`)
		}
		const total = await AuditEntryModel.countDocuments()
		const first = await log(admin)
		expect(first.entries.length).toBe(Math.min(total, 50))
		const ids = first.entries.map((entry) => entry.id)
		expect([...ids].sort((a, b) => b - a)).toEqual(ids)
		let seen = first.entries.length
		let cursor = first.nextBefore
		while (cursor !== null) {
			const page = await log(admin, `?before=${cursor}`)
			expect(page.entries.every((entry) => entry.id < cursor!)).toBe(true)
			seen += page.entries.length
			cursor = page.nextBefore
		}
		expect(seen).toBe(total)

		const managerId = await userIdOf('manager')
		const byManager = (await log(admin, `?actor=${managerId}`)).entries
		expect(byManager.length).toBeGreaterThan(0)
		expect(byManager.every((entry) => entry.actor.id === managerId)).toBe(true)
		const system = (await log(admin, '?actor=system')).entries
		expect(system.length).toBeGreaterThan(0)
		expect(system.every((entry) => entry.actor.id === null && entry.actor.name === 'System')).toBe(true)
		const deletions = (await log(admin, '?kind=resource.deleted')).entries
		expect(deletions.length).toBeGreaterThan(0)
		expect(deletions.every((entry) => entry.kind === 'resource.deleted')).toBe(true)
	})

	it('answers 400 to a kind that is not one, or a cursor that is not a number; 403 to anyone but an admin', async () => {
		expect((await admin.get('/api/admin/audit-log?kind=everything')).status).toBe(400)
		expect((await admin.get('/api/admin/audit-log?before=abc')).status).toBe(400)
		expect((await admin.get('/api/admin/audit-log?actor=-3')).status).toBe(400)
		expect((await manager.get('/api/admin/audit-log')).status).toBe(403)
		expect((await new TestClient(server.url).get('/api/admin/audit-log')).status).toBe(401)
	})

	it('entries cannot be changed: no call takes another method, and the model refuses updates and deletions', async () => {
		for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
			expect((await admin.json(method, '/api/admin/audit-log', { kind: 'x' })).status, method).toBe(405)
		}
		await expect(AuditEntryModel.updateOne({}, { $set: { summary: 'rewritten' } })).rejects.toThrow(
			'Audit log entries cannot be changed or deleted',
		)
		await expect(AuditEntryModel.deleteMany({})).rejects.toThrow('Audit log entries cannot be changed or deleted')
	})
})

describe('/admin?tab=audit without JavaScript', () => {
	it('shows the entries with a filter form and an Older entries link; content managers are sent to Content', async () => {
		const filtered = await pageHtml(admin, '/admin?tab=audit&kind=user.role_changed')
		expect(filtered).toContain('Changed the role of Jordan Lee from member to moderator')
		expect(filtered).not.toContain('Added video')
		expect(filtered).toContain('Clear filter')

		// More than a page of entries: the newest 50, and a link to the older ones.
		for (let index = 0; index < 26; index += 1) {
			const resource = await (
				await admin.json('POST', '/api/admin/resources', { title: `Filler ${index}`, url: '/f.pdf' })
			).json()
			await admin.json('DELETE', `/api/admin/resources/${resource.id}`)
		}
		const page = await pageHtml(admin, '/admin?tab=audit')
		expect(page).toMatch(/<form[^>]*method="get"[^>]*action="\/admin"/)
		expect(page).toContain('<option value="system">System</option>')
		expect(page).toContain('Deleted resource &quot;Filler 25&quot;')
		expect(page).not.toContain('Changed the role of Jordan Lee')
		const older = /href="\/admin\?tab=audit&amp;before=(\d+)"/.exec(page)
		expect(older).not.toBeNull()
		expect(await pageHtml(admin, `/admin?tab=audit&before=${older![1]}`)).toContain('Newest entries')
		// A mangled filter or cursor shows the first page rather than an error.
		expect((await admin.get('/admin?tab=audit&before=abc&kind=nope')).status).toBe(200)

		const refused = await manager.get('/admin?tab=audit')
		expect(refused.headers.get('Location')).toBe('/admin?tab=content')
		expect(await pageHtml(manager, '/admin?tab=content')).toMatch(/<span aria-disabled="true"[^>]*>Audit log<\/span>/)
	})
})
