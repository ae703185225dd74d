import mongoose from 'mongoose'
import { beforeAll, describe, expect, it } from 'vitest'
import {
	CommunityModel,
	DiscussionPostModel,
	ProgramEnrolmentModel,
	ProgramModel,
	SearchEntryModel,
	SearchTermModel,
	UserModel,
	nextId,
} from '#models/index'
import { runJobNow } from '~/platform/jobs.server'
import { addModule, deleteProgram, removeItem, updateItem, updateProgram } from '~/services/learning/programs.server'
import { rebuildSearchIndex, searchIndexJob } from '~/services/search/index-job.server'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { pageHtml, textOf } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { userIdOf } from './admin-helpers'
import { demoMember, newMember, useChatConnections, type Member } from './chat-helpers'
import { learner, makeProgram, reading } from './program-helpers'

/**
 * Search across everything (product §2 "Search", §7 GET /api/search, issue
 * 24; docs/decisions/166, 167), through the built server: what a member
 * finds of each kind and where its result leads, and every access rule:
 * Premium words never in a free member's results, blocked members' words
 * not found by the blocker, deleted and removed posts and comments gone at
 * once, hidden members not among the members, private messages never
 * searched. The index is kept in step by every write, and its job picks up
 * a write whose indexing was cut off.
 */
const server = useSeededTestServer()
const connect = useChatConnections(server)

let manager: TestClient
let moderator: Member
beforeAll(async () => {
	manager = await logIn(server.url, 'manager')
	moderator = await demoMember(server.url, 'moderator')
})

interface Result {
	type: string
	id: number
	title: string
	snippet: string
	url: string
}

async function searchAs(member: { client: TestClient } | TestClient, q: string, query = '') {
	const client = member instanceof TestClient ? member : member.client
	const response = await client.get(`/api/search?q=${encodeURIComponent(q)}${query}`)
	expect(response.status, `search "${q}"`).toBe(200)
	return (await response.json()) as { results: Result[]; total: number }
}

const urlsOf = (answer: { results: Result[] }) => answer.results.map((result) => result.url)

let rooms = 0
async function newCommunity(): Promise<number> {
	rooms += 1
	const id = await nextId('communities')
	await CommunityModel.create({ id, name: `Search Room ${rooms}`, createdBy: await userIdOf('admin') })
	return id
}

async function post(member: Member, communityId: number, title: string, body: string) {
	const response = await member.client.json('POST', `/api/communities/${communityId}/posts`, { title, body })
	expect(response.status).toBe(201)
	return (await response.json()) as { id: number; url: string }
}

async function comment(member: Member, postId: number, body: string) {
	const response = await member.client.json('POST', `/api/posts/${postId}/comments`, { body })
	expect(response.status).toBe(201)
	return (await response.json()) as { id: number }
}

/** A lesson of the manager's; its id is above 10, so it is Premium (product §6). */
async function newLesson(title: string, description = 'A lesson.'): Promise<number> {
	const response = await manager.json('POST', '/api/admin/videos', { title, description, url: '/media/x.mp4' })
	expect(response.status).toBe(201)
	return (await response.json()).id
}

/** Captions for a lesson, through the admin captions dialog (a multipart form, as the browser sends it). */
async function addCaptions(videoId: number, language: string, vtt: string) {
	const path = `/admin/videos/${videoId}/captions`
	const body = new FormData()
	body.set('csrf', (await manager.csrfToken(path))!)
	for (const [name, value] of Object.entries({ intent: 'save-captions', language, vtt, file: '' }))
		body.set(name, value)
	const response = await manager.request(path, { method: 'POST', body })
	expect(response.status).toBe(302)
}

const captions = (...lines: Array<[string, string]>) =>
	['WEBVTT', ...lines.map(([times, text]) => `${times}\n${text}`)].join('\n\n') + '\n'

describe('what a member finds, and where it leads', () => {
	it('posts, comments, lessons, events, resources and members, each linked straight to it, in the JSON shape of product §7', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url, { name: 'Quentin Marrowfield' })
		const reader = await newMember(server.url)
		const thread = await post(author, room, 'Delegating the quarterly plan', 'Who owns the **marrowfield** numbers?')
		const reply = await comment(reader, thread.id, 'The finance lead should, marrowfield or not.')
		const lesson = await newLesson('Marrowfield Negotiation Basics', 'Negotiating with confidence.')
		const event = await manager.json('POST', '/api/admin/events', {
			title: 'Marrowfield town hall',
			description: 'Questions welcome.',
			location: 'Online',
			startTime: '2031-03-04T17:00:00.000Z',
			endTime: '',
		})
		expect(event.status).toBe(201)
		const eventId = (await event.json()).id
		const resource = await manager.json('POST', '/api/admin/resources', {
			title: 'Marrowfield checklist',
			description: 'What to hand over.',
			url: 'https://example.com/marrowfield.pdf',
			type: 'pdf',
		})
		expect(resource.status).toBe(201)

		const found = await searchAs(reader, 'marrowfield')
		expect(found.total).toBe(6)
		expect(found.results.every((result) => Object.keys(result).sort().join() === 'id,snippet,title,type,url')).toBe(
			true,
		)
		expect(found.results).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ type: 'post', id: thread.id, url: thread.url }),
				expect.objectContaining({
					type: 'comment',
					id: reply.id,
					title: 'Delegating the quarterly plan',
					url: `${thread.url}#comment-${reply.id}`,
					snippet: 'The finance lead should, marrowfield or not.',
				}),
				expect.objectContaining({ type: 'lesson', id: lesson, url: `/content-library/${lesson}` }),
				expect.objectContaining({ type: 'event', id: eventId, url: `/events/${eventId}` }),
				expect.objectContaining({ type: 'resource', url: 'https://example.com/marrowfield.pdf' }),
				expect.objectContaining({
					type: 'member',
					id: author.id,
					title: 'Quentin Marrowfield',
					url: `/members/${author.id}`,
				}),
			]),
		)
		// The Markdown's marks are not words: the snippet is the text.
		expect(found.results.find((result) => result.type === 'post')!.snippet).toBe('Who owns the marrowfield numbers?')

		// One kind (`type`), and every word asked must be there.
		expect(urlsOf(await searchAs(reader, 'marrowfield', '&type=discussions')).sort()).toEqual(
			[thread.url, `${thread.url}#comment-${reply.id}`].sort(),
		)
		expect((await searchAs(reader, 'marrowfield finance')).results.map((result) => result.type)).toEqual(['comment'])
		// Stemmed: "delegation" finds "Delegating"; the word being typed finds the words it begins.
		expect(urlsOf(await searchAs(reader, 'delegation marrowfield'))).toEqual([thread.url])
		expect((await searchAs(reader, 'marrowf')).total).toBe(6)
	})

	it('/search without JavaScript: the top bar form leads there, results by kind with the words highlighted, a tab a page at a time', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		const titles = Array.from({ length: 23 }, (_, index) => `Ferngully retrospective ${index + 1}`)
		for (const title of titles.slice(0, 5)) await post(author, room, title, 'What went well, what did not.')
		// The rest straight into the database, then indexed as every write is: the rate limit allows 5 posts in 10 minutes.
		const now = Date.now()
		for (const [index, title] of titles.slice(5).entries()) {
			const id = await nextId('discussionPosts')
			await DiscussionPostModel.create({
				id,
				communityId: room,
				authorId: author.id,
				title,
				body: 'More of it.',
				createdAt: new Date(now + index),
				lastActivityAt: new Date(now + index),
			})
		}
		await rebuildSearchIndex()

		const dashboard = await pageHtml(author.client, '/dashboard')
		expect(dashboard).toMatch(/<form[^>]*role="search"[^>]*action="\/search"/)
		const html = await pageHtml(author.client, '/search?q=ferngully')
		const text = textOf(html)
		expect(text).toContain('23 results for “ferngully”')
		expect(text).toContain('Discussions (23)')
		expect(text).toContain('See all 23 discussions')
		expect(html).toContain('<mark class="rounded-sm bg-amber-100 px-0.5 text-inherit">Ferngully</mark>')
		// The page ships no script of its own: the tabs and the form are links and a GET form.
		expect(html).not.toMatch(/<script[^>]*src="\/build\/routes\/search/)

		const tab = textOf(await pageHtml(author.client, '/search?q=ferngully&type=discussions'))
		expect(tab).toContain('23 results for “ferngully” in Discussions')
		expect(tab.match(/Ferngully retrospective/g)).toHaveLength(20)
		const second = await pageHtml(author.client, '/search?q=ferngully&type=discussions&page=2')
		expect(textOf(second).match(/Ferngully retrospective/g)).toHaveLength(3)
		expect(second).toContain('rel="prev"')

		expect(textOf(await pageHtml(author.client, '/search?q=nothingatallhere'))).toContain('No results')
		expect(textOf(await pageHtml(author.client, '/search'))).toContain('Search LeaderForge')
		// A mangled tab on the page reads as every kind; the JSON call refuses it.
		expect(textOf(await pageHtml(author.client, '/search?q=ferngully&type=<b>'))).toContain('Discussions (23)')
	})

	it('a lesson found by the words spoken links to the time they are spoken, for a member who may play it', async () => {
		// Lesson 2 is free (ids 1 to 10): everyone may play it and read its transcript.
		await addCaptions(
			2,
			'es',
			captions(['00:00.000 --> 00:04.000', 'Hola.'], ['01:05.500 --> 01:09.000', 'El método bramblewick funciona.']),
		)
		const member = await demoMember(server.url, 'member')
		const found = await searchAs(member, 'bramblewick')
		expect(found.results).toEqual([
			expect.objectContaining({
				type: 'lesson',
				id: 2,
				url: '/content-library/2?t=65',
				snippet: 'El método bramblewick funciona.',
			}),
		])
		// The page the result leads to starts the video there (docs/decisions/171).
		expect(await pageHtml(member.client, '/content-library/2?t=65')).toContain('#t=65')
	})
})

describe('access rules', () => {
	it("a Premium lesson's words spoken are found by Premium members only: never in a free member's results or snippets", async () => {
		const lesson = await newLesson('Velvet Negotiation', 'How to open a negotiation.')
		await addCaptions(lesson, 'en', captions(['00:10.000 --> 00:15.000', 'The velvetpeak concession comes last.']))
		const premium = await demoMember(server.url, 'premium')
		const free = await demoMember(server.url, 'member')

		expect((await searchAs(premium, 'velvetpeak')).results).toEqual([
			expect.objectContaining({ type: 'lesson', id: lesson, url: `/content-library/${lesson}?t=10` }),
		])
		expect(await searchAs(free, 'velvetpeak')).toEqual({ results: [], total: 0 })
		expect(await searchAs(free, 'velvet negotiation velvetpeak')).toEqual({ results: [], total: 0 })
		expect(textOf(await pageHtml(free.client, '/search?q=velvetpeak'))).toContain('No results')
		// The lesson itself is in the library for everyone: found by its title, quoting its description, never its transcript.
		const byTitle = await searchAs(free, 'velvet negotiation')
		expect(byTitle.results).toEqual([
			expect.objectContaining({ type: 'lesson', id: lesson, url: `/content-library/${lesson}` }),
		])
		expect(JSON.stringify(byTitle)).not.toContain('velvetpeak')
		expect(JSON.stringify(byTitle)).not.toContain('concession')
	})

	it('a blocker finds nothing of the member they blocked: their posts, their comments, comments under their posts, themselves', async () => {
		const room = await newCommunity()
		const pest = await newMember(server.url, { name: 'Gorsebrook Pest' })
		const other = await newMember(server.url)
		const me = await newMember(server.url)
		const theirs = await post(pest, room, 'Gorsebrook opinions', 'Mine are the gorsebrook best.')
		await comment(other, theirs.id, 'Gorsebrook, really?')
		const mine = await post(me, room, 'My gorsebrook question', 'Anyone?')
		const theirComment = await comment(pest, mine.id, 'Gorsebrook answers.')
		expect((await searchAs(me, 'gorsebrook')).total).toBe(5)

		expect((await me.client.json('POST', `/api/users/${pest.id}/block`)).status).toBe(200)
		const blocked = await searchAs(me, 'gorsebrook')
		expect(urlsOf(blocked)).toEqual([mine.url])
		expect(JSON.stringify(blocked)).not.toContain('Pest')
		// Others still find them, and the pest finds everything.
		expect(urlsOf(await searchAs(other, 'gorsebrook'))).toContain(`${mine.url}#comment-${theirComment.id}`)
		expect((await searchAs(pest, 'gorsebrook')).total).toBe(5)

		expect((await me.client.json('DELETE', `/api/users/${pest.id}/block`)).status).toBe(200)
		expect((await searchAs(me, 'gorsebrook')).total).toBe(5)
	})

	it('deleted and removed posts and comments are gone at once, with the comments under a deleted post', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		const commenter = await newMember(server.url)
		const first = await post(author, room, 'Thistledown launch', 'The thistledown plan.')
		const under = await comment(commenter, first.id, 'Thistledown looks good.')
		const second = await post(author, room, 'Thistledown retro', 'After thistledown.')
		const removed = await comment(commenter, second.id, 'Thistledown was a mess, says the brackenmoor report.')
		expect((await searchAs(commenter, 'thistledown')).total).toBe(4)

		expect((await author.client.json('DELETE', `/api/posts/${first.id}`)).status).toBe(200)
		let found = urlsOf(await searchAs(commenter, 'thistledown'))
		expect(found).not.toContain(first.url)
		expect(found).not.toContain(`${first.url}#comment-${under.id}`)
		expect(found).toHaveLength(2)

		expect((await moderator.client.json('DELETE', `/api/comments/${removed.id}`)).status).toBe(200)
		found = urlsOf(await searchAs(author, 'thistledown'))
		expect(found).toEqual([second.url])
		expect((await searchAs(author, 'brackenmoor')).total).toBe(0)
		// Nothing of them is left in the index either.
		const keys = [`post:${first.id}`, `comment:${under.id}`, `comment:${removed.id}`]
		expect(await SearchTermModel.countDocuments({ key: mongoose.trusted({ $in: keys }) })).toBe(0)
	})

	it('an edit is found by its new words and no longer by the old', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		const thread = await post(author, room, 'Hazelwick budget', 'Draft.')
		const reply = await comment(author, thread.id, 'First lanternfly draft.')
		expect((await author.client.json('PATCH', `/api/posts/${thread.id}`, { title: 'Quincebrook budget' })).status).toBe(
			200,
		)
		expect((await author.client.json('PATCH', `/api/comments/${reply.id}`, { body: 'Second draft.' })).status).toBe(200)
		expect((await searchAs(author, 'hazelwick')).total).toBe(0)
		expect(urlsOf(await searchAs(author, 'quincebrook'))).toEqual([thread.url])
		expect((await searchAs(author, 'lanternfly')).total).toBe(0)
	})

	it('members who hide from the directory are not among the members found; their words still are', async () => {
		const room = await newCommunity()
		const shy = await newMember(server.url, { name: 'Oriel Pemberton' })
		const seeker = await newMember(server.url)
		const thread = await post(shy, room, 'Pemberton notes', 'Notes.')
		expect(urlsOf(await searchAs(seeker, 'pemberton'))).toEqual(
			expect.arrayContaining([`/members/${shy.id}`, thread.url]),
		)

		expect((await shy.client.json('PATCH', `/api/users/${shy.id}`, { hiddenFromDirectory: true })).status).toBe(200)
		expect(urlsOf(await searchAs(seeker, 'pemberton'))).toEqual([thread.url])
		expect((await searchAs(seeker, 'oriel', '&type=members')).total).toBe(0)

		expect(
			(
				await shy.client.json('PATCH', `/api/users/${shy.id}`, {
					hiddenFromDirectory: false,
					headline: 'Head of Quarry Ops',
				})
			).status,
		).toBe(200)
		expect((await searchAs(seeker, 'quarry', '&type=members')).results).toEqual([
			expect.objectContaining({ type: 'member', id: shy.id, snippet: expect.stringContaining('Head of Quarry Ops') }),
		])
	})

	it('private messages are never searched', async () => {
		const sender = await newMember(server.url)
		const recipient = await newMember(server.url)
		const chat = await connect(sender)
		expect(
			(
				await chat.send('private_message', {
					content: 'The wintercress password is hunter2',
					recipientId: recipient.id,
				})
			).ok,
		).toBe(true)
		expect(await searchAs(recipient, 'wintercress')).toEqual({ results: [], total: 0 })
		expect(await searchAs(sender, 'wintercress')).toEqual({ results: [], total: 0 })
	})

	it("a deleted account leaves the members found; its posts stay, as 'Deleted member' wrote them", async () => {
		const room = await newCommunity()
		const leaving = await newMember(server.url, { name: 'Tamsin Larkspur' })
		const thread = await post(leaving, room, 'Larkspur handover', 'Notes.')
		const seeker = await newMember(server.url)
		expect(urlsOf(await searchAs(seeker, 'larkspur')).sort()).toEqual([`/members/${leaving.id}`, thread.url].sort())

		const deleted = await leaving.client.json('DELETE', '/api/users/me', { password: 'chat-password-1' })
		expect(deleted.status).toBe(200)
		expect(urlsOf(await searchAs(seeker, 'larkspur'))).toEqual([thread.url])
		expect(await SearchTermModel.countDocuments({ key: `member:${leaving.id}` })).toBe(0)
	})

	it("the catalogue's edits and deletions reach the search, and a deleted community's discussions leave it", async () => {
		const lesson = await newLesson('Copperleaf coaching')
		await addCaptions(lesson, 'en', captions(['00:01.000 --> 00:03.000', 'Copperleaf questions.']))
		const premium = await demoMember(server.url, 'premium')
		expect((await searchAs(premium, 'copperleaf')).total).toBe(1)
		expect((await manager.json('PATCH', `/api/admin/videos/${lesson}`, { title: 'Saffronhill coaching' })).status).toBe(
			200,
		)
		expect(urlsOf(await searchAs(premium, 'saffronhill'))).toEqual([`/content-library/${lesson}`])
		// Still found by the words spoken, until the lesson goes with its captions.
		expect(urlsOf(await searchAs(premium, 'copperleaf'))).toEqual([`/content-library/${lesson}?t=1`])
		expect((await manager.json('DELETE', `/api/admin/videos/${lesson}`)).status).toBe(200)
		expect((await searchAs(premium, 'copperleaf saffronhill')).total).toBe(0)
		expect((await searchAs(premium, 'copperleaf')).total).toBe(0)
		expect(await SearchTermModel.countDocuments({ key: `lesson:${lesson}` })).toBe(0)

		const admin = await logIn(server.url, 'admin')
		const room = (await (await admin.json('POST', '/api/admin/communities', { name: 'Bellflower Circle' })).json()).id
		const author = await newMember(server.url)
		await post(author, room, 'Bellflower welcome', 'Hello.')
		expect((await searchAs(author, 'bellflower')).total).toBe(1)
		expect((await admin.json('DELETE', `/api/admin/communities/${room}`)).status).toBe(200)
		expect((await searchAs(author, 'bellflower')).total).toBe(0)
	})
})

describe('programs', () => {
	const DAY = 86_400_000
	const admin = async () => ({ id: await userIdOf('admin'), role: 'admin' as const })

	it("published programs and the readings open to the member are found; a reading's words never reach a member it is locked for; drafts are found by nobody", async () => {
		const program = await makeProgram(
			[
				{ unlock: { kind: 'immediately' }, items: [reading('Opening words', 'The kestrelmoor method begins here.')] },
				{ unlock: { kind: 'after_days', days: 7 }, items: [reading('Week two', 'The larchwyn secret of week two.')] },
			],
			{ title: 'Kestrelmoor Leadership' },
		)
		const [opening, weekTwo] = [program.modules[0]!.items[0]!, program.modules[1]!.items[0]!]
		const draft = await makeProgram(
			[{ unlock: { kind: 'immediately' }, items: [reading('Draft notes', 'Draftwhistle words.')] }],
			{ published: false, title: 'Draftwhistle Program' },
		)
		const premium = await learner(server.url)
		const free = await learner(server.url, { premium: false })

		const found = await searchAs(premium, 'kestrelmoor')
		expect(found.results).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ type: 'program', id: program.id, url: `/programs/${program.id}` }),
				expect.objectContaining({
					type: 'reading',
					id: opening,
					url: `/programs/${program.id}/items/${opening}`,
					snippet: 'The kestrelmoor method begins here.',
				}),
			]),
		)
		expect(found.total).toBe(2)
		expect((await searchAs(premium, 'kestrelmoor', '&type=programs')).total).toBe(2)
		// Week two opens seven days after the start: not found before, by its title nor its words.
		expect(await searchAs(premium, 'larchwyn')).toEqual({ results: [], total: 0 })
		expect(JSON.stringify(await searchAs(premium, 'week two kestrelmoor'))).not.toContain('larchwyn')
		// A free account opens the first module only: the second module's words are Premium.
		expect(urlsOf(await searchAs(free, 'kestrelmoor')).sort()).toEqual(
			[`/programs/${program.id}`, `/programs/${program.id}/items/${opening}`].sort(),
		)
		expect(await searchAs(free, 'larchwyn')).toEqual({ results: [], total: 0 })
		// Drafts: found by nobody, staff included.
		expect((await searchAs(moderator, 'draftwhistle')).total).toBe(0)
		expect((await searchAs(await logIn(server.url, 'admin'), 'draftwhistle')).total).toBe(0)

		// A week after the start, week two is open: found with its words, for the Premium member only.
		expect((await premium.client.json('POST', `/api/programs/${program.id}/enrol`)).status).toBe(200)
		expect(await searchAs(premium, 'larchwyn')).toEqual({ results: [], total: 0 })
		await ProgramEnrolmentModel.updateOne(
			{ userId: premium.id, programId: program.id },
			{ $set: { startedAt: new Date(Date.now() - 8 * DAY) } },
		)
		expect((await searchAs(premium, 'larchwyn')).results).toEqual([
			expect.objectContaining({ type: 'reading', id: weekTwo, snippet: 'The larchwyn secret of week two.' }),
		])
		expect((await free.client.json('POST', `/api/programs/${program.id}/enrol`)).status).toBe(200)
		await ProgramEnrolmentModel.updateOne(
			{ userId: free.id, programId: program.id },
			{ $set: { startedAt: new Date(Date.now() - 8 * DAY) } },
		)
		expect(await searchAs(free, 'larchwyn')).toEqual({ results: [], total: 0 })

		// Publishing finds the draft and its readings; unpublishing and deleting take them away again.
		await updateProgram(await admin(), draft.id, { published: true })
		expect((await searchAs(premium, 'draftwhistle')).total).toBe(2)
		await updateProgram(await admin(), draft.id, { published: false })
		expect((await searchAs(premium, 'draftwhistle')).total).toBe(0)
		await deleteProgram(await admin(), program.id)
		expect((await searchAs(premium, 'kestrelmoor larchwyn')).total).toBe(0)
		expect((await searchAs(premium, 'kestrelmoor')).total).toBe(0)
	})

	it("an outline's edits reach the search: a reading's new words, a removed reading, a new module's title", async () => {
		const program = await makeProgram(
			[{ unlock: { kind: 'immediately' }, items: [reading('Field notes', 'The wrenfold draft.')] }],
			{ title: 'Outline Search Program' },
		)
		const item = program.modules[0]!.items[0]!
		const premium = await learner(server.url)
		await updateItem(await admin(), program.id, item, reading('Field notes', 'The brimthorn final.'))
		expect((await searchAs(premium, 'wrenfold')).total).toBe(0)
		expect(urlsOf(await searchAs(premium, 'brimthorn'))).toEqual([`/programs/${program.id}/items/${item}`])
		await addModule(await admin(), program.id, {
			title: 'Quillbeck practice',
			description: null,
			unlock: { kind: 'immediately' },
		})
		expect(urlsOf(await searchAs(premium, 'quillbeck'))).toEqual([`/programs/${program.id}`])
		await removeItem(await admin(), program.id, item)
		expect((await searchAs(premium, 'brimthorn')).total).toBe(0)
	})
})

describe('the JSON call', () => {
	it('refuses what is not a kind or a page (400) and needs a session (401); an empty or common-words query finds nothing', async () => {
		const member = await newMember(server.url)
		for (const [query, field] of [
			['q=x&type=videos', 'type'],
			['q=x&page=0', 'page'],
			['q=x&page=abc', 'page'],
		] as const) {
			const response = await member.client.get(`/api/search?${query}`)
			expect(response.status, query).toBe(400)
			expect((await response.json()).field).toBe(field)
		}
		expect((await new TestClient(server.url).get('/api/search?q=x')).status).toBe(401)
		expect(await searchAs(member, '')).toEqual({ results: [], total: 0 })
		expect(await searchAs(member, 'the and of')).toEqual({ results: [], total: 0 })
		// Cut to 100 characters, never refused; no operator or pattern reaches the database.
		expect((await member.client.get(`/api/search?q=${'a'.repeat(5000)}`)).status).toBe(200)
		expect((await member.client.get('/api/search?q[$ne]=x')).status).toBe(200)
		expect((await member.client.get(`/api/search?q=${encodeURIComponent('.*(a+)+$')}`)).status).toBe(200)
	})
})

describe('the index', () => {
	it('a write whose indexing was cut off is indexed by the search-index job; the rebuild changes nothing it already holds', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		// As if the process died after the write and before the indexing: the write's mark is there, the terms are not.
		const id = await nextId('discussionPosts')
		const marked = new Date(Date.now() - 5 * 60_000)
		await SearchEntryModel.create({ kind: 'post', id, part: 'main', rev: 0, pending: 1, touchedAt: marked, build: 0 })
		await DiscussionPostModel.create({
			id,
			communityId: room,
			authorId: author.id,
			title: 'Cloudberry after a crash',
			body: 'Kept.',
		})
		expect((await searchAs(author, 'cloudberry')).total).toBe(0)

		expect(await runJobNow(searchIndexJob)).toBe('ran')
		expect(urlsOf(await searchAs(author, 'cloudberry'))).toEqual([`/community/${room}/discussions/${id}`])
		expect((await SearchEntryModel.findOne({ kind: 'post', id }).lean())!.pending).toBe(0)

		const before = await SearchTermModel.find().select('-_id term key part type weight audience authorIds').lean()
		await rebuildSearchIndex()
		const after = await SearchTermModel.find().select('-_id term key part type weight audience authorIds').lean()
		const sorted = (rows: typeof before) => rows.map((row) => JSON.stringify(row)).sort()
		expect(sorted(after)).toEqual(sorted(before))
	})

	it('on MongoDB, every read of a search is an index read (explain); skipped on the emulator, which has no query planner', async (context) => {
		// The emulator has no explain command at all; MongoDB answers the winning plan.
		const plan = await SearchTermModel.find({ term: 'lead' })
			.explain()
			.then((answer) => (answer as Array<{ queryPlanner?: { winningPlan?: unknown } }>)[0]?.queryPlanner?.winningPlan)
			.catch((error: Error) => {
				if (/no such command/i.test(error.message)) return null
				throw error
			})
		if (!plan) {
			context.skip('the test database is the CongoDB emulator: it has no explain() (and scans every find)')
			return
		}
		const stages = async (query: mongoose.Query<unknown, unknown>) =>
			JSON.stringify(
				((await query.explain()) as Array<{ queryPlanner: { winningPlan: unknown } }>)[0]!.queryPlanner.winningPlan,
			)
		const premiumId = await userIdOf('premium')
		const reads = [
			// A term's best documents, in every tab and in one; the word being typed; the other words checked by key.
			SearchTermModel.find({
				term: 'lead',
				audience: mongoose.trusted({ $in: ['everyone'] }),
				authorIds: mongoose.trusted({ $nin: [premiumId] }),
			})
				.sort({ weight: -1 })
				.limit(2001),
			SearchTermModel.find({ term: 'lead', type: 'discussions', audience: mongoose.trusted({ $in: ['everyone'] }) })
				.sort({ weight: -1 })
				.limit(2001),
			SearchTermModel.find({ term: mongoose.trusted({ $gte: 'lead', $lt: 'lead\uffff' }) })
				.sort({ weight: -1 })
				.limit(2001),
			SearchTermModel.find({ term: 'team', audience: mongoose.trusted({ $in: ['everyone'] }) })
				.select('key weight -_id')
				.limit(50_001),
			SearchTermModel.find({
				term: 'team',
				audience: mongoose.trusted({ $in: ['everyone'] }),
				key: mongoose.trusted({ $in: ['post:1', 'comment:2'] }),
			}),
			// A write's replacement of a document's terms, the entries a later run stamped, the job's unfinished writes.
			SearchTermModel.find({
				key: mongoose.trusted({ $in: ['post:1'] }),
				part: 'main',
				rev: mongoose.trusted({ $lt: 5 }),
			}),
			SearchEntryModel.find({ kind: 'post', part: 'main', rev: mongoose.trusted({ $gt: 5 }) }),
			// The programs holding the readings found (their drip rules are read for the member).
			ProgramModel.find({ $or: [{ 'modules.items.id': 1 }, { 'modules.items.id': 2 }], published: true }),
			SearchEntryModel.find({ kind: 'post', part: 'main', id: mongoose.trusted({ $gte: 1, $lte: 500 }) }),
			SearchEntryModel.find({
				pending: mongoose.trusted({ $ne: 0 }),
				touchedAt: mongoose.trusted({ $lte: new Date() }),
			}),
		]
		for (const query of reads) {
			const plan = await stages(query as unknown as mongoose.Query<unknown, unknown>)
			expect(plan).toContain('IXSCAN')
			expect(plan).not.toContain('COLLSCAN')
		}
	})
})

it('the demo is searchable from the start: the seed builds the index', async () => {
	const member = await demoMember(server.url, 'member')
	const found = await searchAs(member, 'feedback')
	expect(found.total).toBeGreaterThan(0)
	expect(await UserModel.countDocuments()).toBeGreaterThan(0)
})
