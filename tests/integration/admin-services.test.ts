import { beforeAll, describe, expect, it } from 'vitest'
import { listUsersForAdmin, changeUserRole } from '~/services/account/admin-users.server'
import { createCommunity, deleteCommunity, updateCommunity } from '~/services/catalogue/communities.server'
import { seedDemoData } from '~/demo/data.server'
import { ServiceError } from '~/lib/service-error'
import { createEvent, deleteEvent, listEvents, placeOfEvent, updateEvent } from '~/services/events/events.server'
import { type Actor } from '~/services/permissions.server'
import { createResource, deleteResource, updateResource } from '~/services/catalogue/resources.server'
import { createVideo, deleteVideo, updateVideo } from '~/services/catalogue/videos.server'
import { useTestDatabase } from '../setup/test-database'
import { snapshot } from './admin-helpers'

/** The services check the acting user themselves, so a new caller (a socket, a script) cannot forget to. */

useTestDatabase()
beforeAll(() => seedDemoData())

const member: Actor = { id: 4, role: 'member' }
const moderator: Actor = { id: 3, role: 'moderator' }
const manager: Actor = { id: 2, role: 'content_manager' }

const video = { title: 'T', description: null, url: '/media/a.mp4', thumbnail: null, duration: null, category: null }
const community = { name: 'N', description: null, icon: null }
const event = {
	title: 'Title',
	description: null,
	location: null,
	startTime: new Date('2031-01-01T10:00:00Z'),
	endTime: null,
}
const resource = { title: 'T', description: null, type: 'pdf' as const, url: '/r.pdf' }

const catalogueCalls: Array<[string, (actor: Actor) => Promise<unknown>]> = [
	['createVideo', (actor) => createVideo(actor, video)],
	['updateVideo', (actor) => updateVideo(actor, 1, { title: 'X' })],
	['deleteVideo', (actor) => deleteVideo(actor, 1)],
	['createCommunity', (actor) => createCommunity(actor, community)],
	['updateCommunity', (actor) => updateCommunity(actor, 1, { name: 'X' })],
	['deleteCommunity', (actor) => deleteCommunity(actor, 1)],
	['createEvent', (actor) => createEvent(actor, event)],
	['updateEvent', (actor) => updateEvent(actor, 1, { title: 'XYZ' })],
	['deleteEvent', (actor) => deleteEvent(actor, 1)],
	['createResource', (actor) => createResource(actor, resource)],
	['updateResource', (actor) => updateResource(actor, 1, { title: 'X' })],
	['deleteResource', (actor) => deleteResource(actor, 1)],
]

async function expectForbidden(call: () => Promise<unknown>, what: string) {
	const error = await call().then(
		() => null,
		(caught: unknown) => caught,
	)
	expect(error, what).toBeInstanceOf(ServiceError)
	expect((error as ServiceError).status, what).toBe(403)
}

describe('roles enforced by the services', () => {
	it('members and moderators can change no catalogue entity', async () => {
		const before = await snapshot()
		for (const [name, call] of catalogueCalls) {
			for (const actor of [member, moderator]) await expectForbidden(() => call(actor), `${name} as ${actor.role}`)
		}
		expect(await snapshot()).toBe(before)
	})

	it('only admins list users and change roles', async () => {
		const before = await snapshot()
		for (const actor of [member, moderator, manager]) {
			await expectForbidden(() => listUsersForAdmin(actor), `listUsersForAdmin as ${actor.role}`)
			await expectForbidden(() => changeUserRole(actor, actor.id, 'admin'), `changeUserRole as ${actor.role}`)
		}
		expect(await snapshot()).toBe(before)
	})

	it('a content manager may change the catalogue, and is recorded as its author', async () => {
		const created = await createResource(manager, resource)
		expect(created.createdBy).toBe(manager.id)
		expect((await deleteResource(manager, created.id)).title).toBe('T')
	})
})

describe('where a new row is in its tab (docs/decisions/249)', () => {
	it("an event's place follows the table's order, soonest first and then by id, within a search or outside it", async () => {
		const at = new Date('2040-06-01T09:00:00Z')
		const [first, second] = [
			await createEvent(manager, { ...event, title: 'Place check A', startTime: at }),
			await createEvent(manager, { ...event, title: 'Place check B', startTime: at }),
		]
		const later = await createEvent(manager, {
			...event,
			title: 'Place check C',
			startTime: new Date('2040-06-02T09:00:00Z'),
		})
		try {
			const table = await listEvents()
			for (const row of [first, second, later])
				expect(await placeOfEvent(row, {})).toBe(table.findIndex((listed) => listed.id === row.id))
			expect(await placeOfEvent(second, { search: 'place check' })).toBe(1)
			expect(await placeOfEvent(later, { search: 'place check' })).toBe(2)
			expect(await placeOfEvent(later, { search: 'no such words' })).toBeNull()
		} finally {
			for (const row of [first, second, later]) await deleteEvent(manager, row.id)
		}
	})
})
