import { beforeAll, describe, expect, it } from 'vitest'
import { NoteModel, nextId } from '#models/index'
import { MAX_NOTES_PER_LESSON } from '~/lib/notes'
import { TestClient } from '../setup/http-client'
import { logIn, logInWithUser } from '../setup/log-in'
import { signUpMember } from '../setup/members'
import { pageHtml, textOf as textWithMarkers } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { snapshot } from './admin-helpers'

/**
 * Issue 25, "Notes" (product §2, §7; docs/decisions/172): private,
 * timestamped notes on a lesson, through the JSON calls and the lesson
 * page's forms without JavaScript, gathered on /notes. Nobody but the
 * author reads, changes or deletes a note, admins included.
 */

const server = useSeededTestServer()
let premium: TestClient
let premiumId: number
let admin: TestClient
let member: TestClient

beforeAll(async () => {
	;({
		client: premium,
		user: { id: premiumId },
	} = await logInWithUser(server.url, 'premium'))
	admin = await logIn(server.url, 'admin')
	member = await logIn(server.url, 'member')
})

const textOf = (html: string) => textWithMarkers(html.replace(/<!-- -->/g, ''))

async function addNote(client: TestClient, videoId: number, atSeconds: number, text: string) {
	const response = await client.json('POST', `/api/videos/${videoId}/notes`, { atSeconds, text })
	expect(response.status, text).toBe(201)
	return (await response.json()) as { id: number; videoId: number; atSeconds: number; text: string }
}

describe('the JSON calls', () => {
	it('write, list in time order, change and delete a note of your own', async () => {
		const reader = await signUpMember(server.url, 'notes')
		const later = await addNote(reader.client, 3, 125.7, '  Ask what they saw first.  ')
		expect(later).toMatchObject({ videoId: 3, atSeconds: 125, text: 'Ask what they saw first.' })
		expect(Object.keys(later).sort()).toEqual(['atSeconds', 'createdAt', 'id', 'text', 'updatedAt', 'videoId'])
		const earlier = await addNote(reader.client, 3, 20, 'Situation, behaviour, impact.\nWrite it down.')
		await addNote(reader.client, 4, 5, 'Another lesson')

		const listed = await (await reader.client.get('/api/videos/3/notes')).json()
		expect(listed.map((note: { id: number }) => note.id)).toEqual([earlier.id, later.id])

		const patched = await reader.client.json('PATCH', `/api/notes/${earlier.id}`, { atSeconds: 300 })
		expect(patched.status).toBe(200)
		expect(await patched.json()).toMatchObject({
			atSeconds: 300,
			text: 'Situation, behaviour, impact.\nWrite it down.',
		})
		expect(
			(await (await reader.client.get('/api/videos/3/notes')).json()).map((note: { id: number }) => note.id),
		).toEqual([later.id, earlier.id])

		const deleted = await reader.client.json('DELETE', `/api/notes/${later.id}`)
		expect(deleted.status).toBe(200)
		expect(await deleted.json()).toEqual({ success: true })
		expect(await NoteModel.exists({ id: later.id })).toBeNull()
	})

	it("answers someone else's note as one that does not exist, whoever asks, and changes nothing", async () => {
		const mine = await addNote(premium, 2, 42, 'Private to premium')
		const stranger = await signUpMember(server.url, 'stranger')
		const before = await snapshot()
		for (const client of [stranger.client, admin, member]) {
			const list = await client.get('/api/videos/2/notes')
			expect(list.status).toBe(200)
			expect(JSON.stringify(await list.json())).not.toContain('Private to premium')
			for (const [method, body] of [
				['PATCH', { text: 'Not yours' }],
				['DELETE', undefined],
			] as const) {
				const response = await client.json(method, `/api/notes/${mine.id}`, body)
				expect(response.status, method).toBe(404)
				expect((await response.json()).message).toBe('Note not found')
			}
		}
		const visitor = new TestClient(server.url)
		expect((await visitor.get('/api/videos/2/notes')).status).toBe(401)
		expect((await visitor.json('POST', '/api/videos/2/notes', { atSeconds: 1, text: 'x' })).status).toBe(401)
		expect((await visitor.json('DELETE', `/api/notes/${mine.id}`)).status).toBe(401)
		expect(await snapshot()).toBe(before)
		expect(textOf(await pageHtml(admin, '/content-library/2'))).not.toContain('Private to premium')
		expect(textOf(await pageHtml(admin, '/notes'))).not.toContain('Private to premium')
	})

	it('writes notes only on lessons the member can play, and on lessons that exist', async () => {
		const locked = await member.json('POST', '/api/videos/12/notes', { atSeconds: 1, text: 'Locked' })
		expect(locked.status).toBe(403)
		expect((await locked.json()).message).toBe('This video is part of Premium. Subscribe to watch it.')
		expect((await member.json('POST', '/api/videos/99999/notes', { atSeconds: 1, text: 'x' })).status).toBe(404)
		expect((await member.get('/api/videos/99999/notes')).status).toBe(404)
		// The member's own notes on a lesson that locked later stay theirs to read.
		await NoteModel.create({
			id: await nextId('notes'),
			userId: (await (await member.get('/api/user')).json()).id,
			videoId: 12,
			atSeconds: 10,
			text: 'From my trial',
			createdAt: new Date(),
			updatedAt: new Date(),
		})
		const kept = await member.get('/api/videos/12/notes')
		expect(kept.status).toBe(200)
		expect((await kept.json()).map((note: { text: string }) => note.text)).toEqual(['From my trial'])
	})

	it(`keeps at most ${MAX_NOTES_PER_LESSON} notes of a member on one lesson`, async () => {
		const keen = await signUpMember(server.url, 'keen')
		const ids = await Promise.all(Array.from({ length: MAX_NOTES_PER_LESSON }, () => nextId('notes')))
		await NoteModel.insertMany(
			ids.map((id, index) => ({
				id,
				userId: keen.id,
				videoId: 5,
				atSeconds: index,
				text: `Note ${index}`,
				createdAt: new Date(),
				updatedAt: new Date(),
			})),
		)
		const refused = await keen.client.json('POST', '/api/videos/5/notes', { atSeconds: 1, text: 'One more' })
		expect(refused.status).toBe(409)
		expect((await refused.json()).message).toBe('A lesson holds at most 500 notes of yours. Delete one to add another.')
		expect(await NoteModel.countDocuments({ userId: keen.id })).toBe(MAX_NOTES_PER_LESSON)
		// Another lesson is another count.
		await addNote(keen.client, 6, 1, 'Elsewhere')
	})
})

describe('the lesson page without JavaScript', () => {
	it('adds a note at a typed time, lists it as a link to that time, edits it and deletes it', async () => {
		const writer = await signUpMember(server.url, 'writer')
		const page = '/content-library/1'
		const added = await writer.client.submitForm(page, { intent: 'add-note', time: '2:05', text: 'Trust gets effort.' })
		expect(added.status).toBe(302)
		expect(added.headers.get('Location')).toBe('/content-library/1#notes')
		let html = await pageHtml(writer.client, page)
		expect(textOf(html)).toContain('Note saved Only you can read it.')
		expect(html).toMatch(
			/href="\/content-library\/1\?t=125#player"[^>]*><span class="sr-only">Play from <\/span>2:05<\/a>/,
		)
		expect(textOf(html)).toContain('Trust gets effort.')
		const note = await NoteModel.findOne({ userId: writer.id }).lean()
		expect(note).toMatchObject({ videoId: 1, atSeconds: 125, text: 'Trust gets effort.' })

		// Edit opens in place from the note's link.
		html = await pageHtml(writer.client, `${page}?note=${note!.id}`)
		expect(html).toMatch(/<form[^>]*aria-label="Edit the note at 2:05"/)
		const edited = await writer.client.submitForm(`${page}?note=${note!.id}`, {
			intent: 'edit-note',
			noteId: String(note!.id),
			time: '0:45',
			text: 'Authority gets compliance.',
		})
		expect(edited.status).toBe(302)
		expect(await NoteModel.findOne({ id: note!.id }).lean()).toMatchObject({
			atSeconds: 45,
			text: 'Authority gets compliance.',
		})

		const refused = await writer.client.submitForm(page, { intent: 'add-note', time: 'soon', text: 'When?' })
		expect(refused.status).toBe(400)
		expect(textOf(await refused.text())).toContain('Time must be a time in the lesson, such as 1:05')

		const deleted = await writer.client.submitForm(page, { intent: 'delete-note', noteId: String(note!.id) })
		expect(deleted.status).toBe(302)
		expect(await NoteModel.countDocuments({ userId: writer.id })).toBe(0)
		expect(textOf(await pageHtml(writer.client, page))).toContain('No notes on this lesson yet.')
	})

	it("refuses to edit or delete someone else's note from the page, and changes nothing", async () => {
		const theirs = await addNote(premium, 1, 30, 'Premium only')
		const other = await signUpMember(server.url, 'other')
		const before = await snapshot()
		for (const fields of [
			{ intent: 'edit-note', noteId: String(theirs.id), time: '0:01', text: 'Hijacked' },
			{ intent: 'delete-note', noteId: String(theirs.id) },
		] as Array<Record<string, string>>) {
			const response = await other.client.submitForm('/content-library/1', fields)
			expect(response.status, fields.intent).toBe(404)
			expect(textOf(await response.text())).toContain('Note not found')
		}
		// Its edit form does not open for them either.
		expect(await pageHtml(other.client, `/content-library/1?note=${theirs.id}`)).not.toContain('Premium only')
		expect(await snapshot()).toBe(before)
	})
})

describe('/notes', () => {
	it("gathers the member's notes by lesson, in library order, each a link to its time", async () => {
		const collector = await signUpMember(server.url, 'collector')
		expect(textOf(await pageHtml(collector.client, '/notes'))).toContain('No notes yet')
		await addNote(collector.client, 4, 90, 'Their meeting, not mine.')
		await addNote(collector.client, 2, 300, 'Three values.')
		await addNote(collector.client, 2, 12, 'Defaults under stress.')
		const html = await pageHtml(collector.client, '/notes')
		const text = textOf(html)
		expect(text.indexOf('Leading Yourself Before Leading Others')).toBeLessThan(
			text.indexOf('Running One-on-Ones That Matter'),
		)
		expect(text.indexOf('Defaults under stress.')).toBeLessThan(text.indexOf('Three values.'))
		expect(html).toContain('href="/content-library/2?t=12#player"')
		expect(html).toContain('href="/content-library/4?t=90#player"')
		expect(text).not.toContain('Premium only')
	})

	it('is for members: a visitor is sent to log in', async () => {
		expect((await new TestClient(server.url).get('/notes')).headers.get('Location')).toBe('/auth')
	})
})

describe('Download my data', () => {
	it("carries the member's notes with their lessons' titles", async () => {
		const exported = await (await premium.get('/api/users/me/export')).json()
		const own = await NoteModel.find({ userId: premiumId }).lean()
		expect(exported.notes).toHaveLength(own.length)
		expect(exported.notes).toContainEqual(
			expect.objectContaining({
				videoId: 1,
				atSeconds: 30,
				text: 'Premium only',
				lesson: 'What Great Leaders Do Differently',
			}),
		)
	})
})
