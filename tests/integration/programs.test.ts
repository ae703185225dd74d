import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose'
import { describe, expect, it } from 'vitest'
import {
	AuditEntryModel,
	CertificateModel,
	NotificationModel,
	ProgramCheckAttemptModel,
	ProgramEnrolmentModel,
	ProgramModel,
	UserModel,
} from '#models/index'
import { runJobNow } from '~/platform/jobs.server'
import {
	enrol,
	getProgramOutline,
	listProgramsForMember,
	listStartedPrograms,
	markItemDone,
	submitCheck,
} from '~/services/learning/program-learning.server'
import { getProgramProgress, programUnlocksJob } from '~/services/learning/program-progress.server'
import { programSearchText } from '~/services/learning/programs.server'
import { nthMailTo } from '../setup/caught-mail'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { textOf } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { userIdOf } from './admin-helpers'
import { RIGHT_ANSWERS, check, learner, lesson, makeProgram, reading, reflection } from './program-helpers'

/**
 * Issue 23, programs (product §2 "Programs", "Certificates", §7): every rule
 * of what opens when, on the server, with the clock moved where time
 * matters; the pass mark; answers that never reach the browser before they
 * are sent; a free account's limits; certificates issued once and verified
 * with the site's public key alone; revocation.
 */
const server = useSeededTestServer()

const DAY = 86_400_000
const itemPage = (programId: number, itemId: number) => `/programs/${programId}/items/${itemId}`

describe('when modules open', () => {
	it('N days after the member started: locked until then, open from then (the clock moved)', async () => {
		const program = await makeProgram([
			{ unlock: { kind: 'immediately' }, items: [reading()] },
			{ unlock: { kind: 'after_days', days: 7 }, items: [reading('Week two')] },
		])
		const weekTwo = program.modules[1]!.items[0]!
		const { member } = await learner(server.url)

		// Before starting, the outline says when it will open, counted from the start.
		const unstarted = await getProgramOutline(member, program.id)
		expect(unstarted.modules[1]!.lock).toEqual({ reason: 'after_start', days: 7 })

		const start = new Date('2031-03-03T09:00:00Z')
		await enrol(member, program.id, start)
		const opensAt = new Date(start.getTime() + 7 * DAY)
		const dayBefore = await getProgramOutline(member, program.id, new Date(opensAt.getTime() - 60_000))
		expect(dayBefore.modules[1]).toMatchObject({
			state: 'locked',
			lock: { reason: 'opens_on', opensAt: opensAt.toISOString() },
		})
		await expect(markItemDone(member, weekTwo, new Date(start.getTime() + 6 * DAY))).rejects.toMatchObject({
			status: 403,
			message: 'This item is locked: Opens on Mar 10, 2031.',
		})
		expect((await getProgramOutline(member, program.id, opensAt)).modules[1]!.state).toBe('open')
		expect(await markItemDone(member, weekTwo, opensAt)).toMatchObject({ done: true })
	})

	it('on a date: locked before it for everyone, open from it', async () => {
		const date = new Date('2031-06-01T08:00:00Z')
		const program = await makeProgram([
			{ unlock: { kind: 'immediately' }, items: [reading()] },
			{ unlock: { kind: 'on_date', date: date.toISOString() }, items: [reading('June')] },
		])
		const { member } = await learner(server.url)
		await enrol(member, program.id, new Date('2031-05-01T00:00:00Z'))
		const before = await getProgramOutline(member, program.id, new Date(date.getTime() - 1000))
		expect(before.modules[1]!.lock).toEqual({ reason: 'opens_on', opensAt: date.toISOString() })
		expect(before.modules[1]!.items[0]!.state).toBe('locked')
		await expect(
			markItemDone(member, program.modules[1]!.items[0]!, new Date(date.getTime() - 1000)),
		).rejects.toMatchObject({
			status: 403,
		})
		const after = await getProgramOutline(member, program.id, date)
		expect(after.modules[1]).toMatchObject({ state: 'open', lock: null })
	})

	it('after the module before it: once every item of that module is done, not before', async () => {
		const program = await makeProgram([
			{ unlock: { kind: 'immediately' }, items: [reading('One'), reading('Two')] },
			{ unlock: { kind: 'after_previous' }, items: [reading('Three')] },
		])
		const [[one, two], [three]] = program.modules.map((module) => module.items) as [number[], number[]]
		const { member } = await learner(server.url)
		await enrol(member, program.id)
		expect((await getProgramOutline(member, program.id)).modules[1]!.lock).toEqual({
			reason: 'previous_module',
			moduleNumber: 1,
			moduleTitle: 'Module 1',
		})
		await markItemDone(member, one!)
		await expect(markItemDone(member, three!)).rejects.toMatchObject({
			status: 403,
			message: 'This item is locked: Complete module 1 first.',
		})
		await markItemDone(member, two!)
		const outline = await getProgramOutline(member, program.id)
		expect(outline.modules.map((module) => module.state)).toEqual(['complete', 'open'])
		expect(outline.progress).toMatchObject({ done: 2, total: 3, percent: 66, nextItem: { id: three } })
	})

	it('the server refuses a locked item: the JSON call answers 403 with the reason, the page says why, and no content leaves', async () => {
		const program = await makeProgram([
			{ unlock: { kind: 'immediately' }, items: [reading()] },
			{ unlock: { kind: 'after_days', days: 7 }, items: [reading('Week two', 'SECRET-WEEK-TWO-TEXT')] },
		])
		const weekTwo = program.modules[1]!.items[0]!
		const { client, id } = await learner(server.url)
		expect((await client.json('POST', `/api/programs/${program.id}/enrol`)).status).toBe(200)

		const refused = await client.json('POST', `/api/program-items/${weekTwo}/done`)
		expect(refused.status).toBe(403)
		expect((await refused.json()).message).toMatch(/^This item is locked: Opens on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/)
		const page = await client.get(itemPage(program.id, weekTwo))
		expect(page.status).toBe(403)
		const html = await page.text()
		expect(textOf(html)).toContain('This item is locked')
		expect(textOf(html)).toMatch(/Opens on [A-Z][a-z]{2} \d{1,2}, \d{4}/)
		expect(html).not.toContain('SECRET-WEEK-TWO-TEXT')
		// Without JavaScript: the page's own "Mark as done" form is refused too, and nothing is stored.
		const token = await client.csrfToken(itemPage(program.id, program.modules[0]!.items[0]!))
		const form = await client.postForm(itemPage(program.id, weekTwo), { csrf: token!, intent: 'done' })
		expect(form.status).toBe(403)
		expect((await getProgramProgress({ id, subscriptionStatus: 'active' }, program.id)).done).toBe(0)

		// A week passes (the start moved back, as the clock would move on): the same calls now work.
		const enrolment = await ProgramEnrolmentModel.findOne({ userId: id, programId: program.id }).lean()
		await ProgramEnrolmentModel.updateOne(
			{ id: enrolment!.id },
			{ $set: { startedAt: new Date(enrolment!.startedAt.getTime() - 8 * DAY) } },
		)
		const opened = await client.get(itemPage(program.id, weekTwo))
		expect(opened.status).toBe(200)
		expect(await opened.text()).toContain('SECRET-WEEK-TWO-TEXT')
		expect((await client.json('POST', `/api/program-items/${weekTwo}/done`)).status).toBe(200)
	})

	it('tells the member when a module opens by the clock, once, from the leased job, by email too', async () => {
		const program = await makeProgram([
			{ unlock: { kind: 'immediately' }, items: [reading()] },
			{ title: 'Week two, for real', unlock: { kind: 'after_days', days: 3 }, items: [reading('Later')] },
		])
		const { member, email } = await learner(server.url)
		const start = new Date()
		await enrol(member, program.id, start)
		const notices = () => NotificationModel.find({ recipientId: member.id, kind: 'program_module_unlocked' }).lean()
		const runAt = async (now: Date) => {
			// The server runs the same job on its own clock: ask until this run was ours.
			while ((await runJobNow(programUnlocksJob, { now })) !== 'ran') {
				// Skipped: a run is in progress in the server process.
			}
		}
		await runAt(new Date(start.getTime() + 2 * DAY))
		expect(await notices()).toHaveLength(0)
		await runAt(new Date(start.getTime() + 3 * DAY + 60_000))
		expect(await notices()).toMatchObject([{ title: 'Now open: Week two, for real', link: `/programs/${program.id}` }])
		await runAt(new Date(start.getTime() + 4 * DAY))
		expect(await notices()).toHaveLength(1)
		expect((await nthMailTo(server.url, email)).subject).toBe('Now open: Week two, for real')
	})
})

describe('items', () => {
	it('a knowledge check passes from 70 %: 2 of 3 is not enough, 3 of 3 is; marked on the server, explained, retakes allowed', async () => {
		const program = await makeProgram([{ unlock: { kind: 'immediately' }, items: [check(), check(60)] }])
		const [strict, lenient] = program.modules[0]!.items as [number, number]
		const { client } = await learner(server.url)
		const send = (itemId: number, answers: unknown) =>
			client.json('POST', `/api/program-items/${itemId}/check`, { answers })

		const twoOfThree = await send(strict, [1, 2, 1])
		expect(twoOfThree.status).toBe(200)
		expect(await twoOfThree.json()).toMatchObject({
			score: 67,
			passed: false,
			passMark: 70,
			results: [
				{ correct: true, explanation: 'EXPLAINED-ONE' },
				{ correct: true, explanation: 'EXPLAINED-TWO' },
				{ correct: false, explanation: 'EXPLAINED-THREE' },
			],
		})
		const outline = await (await client.get(`/api/programs/${program.id}`)).json()
		expect(outline.modules[0].items[0]).toMatchObject({ state: 'open', done: false })

		expect(await (await send(strict, RIGHT_ANSWERS)).json()).toMatchObject({ score: 100, passed: true })
		expect(await (await send(lenient, [1, 2, 1])).json()).toMatchObject({ score: 67, passed: true, passMark: 60 })
		// A later, worse attempt does not undo a pass.
		expect(await (await send(strict, [0, 0, 1])).json()).toMatchObject({ score: 0, passed: false })
		const after = await (await client.get(`/api/programs/${program.id}`)).json()
		expect(after.modules[0].items.map((item: { state: string }) => item.state)).toEqual(['done', 'done'])

		for (const [answers, message] of [
			[[1, 2], 'Answer every question: 2 of 3 answered'],
			[[1, 2, 2], 'Question 3 has no choice 2'],
		] as const) {
			const refused = await send(strict, answers)
			expect(refused.status).toBe(400)
			expect((await refused.json()).message).toBe(message)
		}
	})

	it("a check's answers and explanations reach the browser only with the results of the member's own attempt", async () => {
		const program = await makeProgram([{ unlock: { kind: 'immediately' }, items: [check()] }])
		const itemId = program.modules[0]!.items[0]!
		const { client } = await learner(server.url)
		const before = [
			await (await client.get(itemPage(program.id, itemId))).text(),
			await (await client.get(`${itemPage(program.id, itemId)}?_data=routes/programs/$id/items/$itemId`)).text(),
			await (await client.get(`/api/programs/${program.id}`)).text(),
		]
		expect(before[0]).toContain('First question?')
		for (const body of before) {
			expect(body).not.toContain('EXPLAINED-')
			expect(body).not.toMatch(/"answer"\s*:/)
		}
		expect(before[2]).not.toContain('First question?')

		// Sent without JavaScript: the results page shows how each answer fared and why.
		const token = await client.csrfToken(itemPage(program.id, itemId))
		const sent = await client.postForm(itemPage(program.id, itemId), {
			csrf: token!,
			intent: 'check',
			answer1: '1',
			answer2: '0',
			answer3: '0',
		})
		expect(sent.status).toBe(302)
		const results = sent.headers.get('Location')!
		expect(results).toBe(`${itemPage(program.id, itemId)}?attempt=latest`)
		const shown = textOf(await (await client.get(results)).text())
		expect(shown).toContain('67%: not passed yet')
		expect(shown).toContain('EXPLAINED-TWO')
		expect(shown).toMatch(/Correct.*Not quite.*Correct/)

		// Someone else at the same address sees their own attempts (none); an attempt's number shows it to its owner only.
		const other = await learner(server.url)
		expect(await (await other.client.get(results)).text()).not.toContain('EXPLAINED-')
		const [attempt] = await ProgramCheckAttemptModel.find({ itemId }).lean()
		const byNumber = `${itemPage(program.id, itemId)}?attempt=${attempt!.id}`
		expect(await (await other.client.get(byNumber)).text()).not.toContain('EXPLAINED-')
		expect(await (await client.get(byNumber)).text()).toContain('EXPLAINED-TWO')
	})

	it("a reflection is its author's alone: 1 to 5,000 characters, editable, done once saved", async () => {
		const program = await makeProgram([{ unlock: { kind: 'immediately' }, items: [reflection()] }])
		const itemId = program.modules[0]!.items[0]!
		const author = await learner(server.url)
		const write = (text: unknown) => author.client.json('PUT', `/api/program-items/${itemId}/reflection`, { text })
		expect((await write('   ')).status).toBe(400)
		expect((await write('x'.repeat(5001))).status).toBe(400)
		expect(await (await write('MY-FIRST-WORDS')).json()).toMatchObject({ text: 'MY-FIRST-WORDS', done: true })
		expect(await (await write('MY-SECOND-WORDS')).json()).toMatchObject({ text: 'MY-SECOND-WORDS' })
		expect(await (await author.client.get(itemPage(program.id, itemId))).text()).toContain('MY-SECOND-WORDS')

		const admin = await logIn(server.url, 'admin')
		const other = await learner(server.url)
		for (const [who, client] of [
			['another member', other.client],
			['an admin', admin],
		] as const) {
			for (const path of [itemPage(program.id, itemId), `/api/programs/${program.id}`, '/api/users/me/export']) {
				expect(await (await client.get(path)).text(), `${path} as ${who}`).not.toContain('MY-SECOND-WORDS')
			}
		}
		expect((await author.client.get('/api/users/me/export')).status).toBe(200)
		expect(await (await author.client.get('/api/users/me/export')).text()).toContain('MY-SECOND-WORDS')
	})

	it("the dashboard's card of a program, from the held programs, says what the programs page's card says", async () => {
		const program = await makeProgram([
			{
				unlock: { kind: 'immediately' },
				items: [lesson(13), reading('Long read', 'word '.repeat(1000)), reflection()],
			},
			{ unlock: { kind: 'after_days', days: 3 }, items: [reading('Later'), check()] },
		])
		const { member } = await learner(server.url)
		await enrol(member, program.id)
		await markItemDone(member, program.modules[0]!.items[1]!)
		const onDashboard = (await listStartedPrograms(member)).find((card) => card.id === program.id)
		const onProgramsPage = (await listProgramsForMember(member)).find((card) => card.id === program.id)
		expect(onDashboard).toEqual(onProgramsPage)
		expect(onDashboard!.estimatedMinutes).toBeGreaterThan(5)
		expect(onDashboard!.progress.done).toBe(1)
	})

	it("a lesson's progress is its video's: the player's reports complete it at 95 %", async () => {
		const program = await makeProgram([{ unlock: { kind: 'immediately' }, items: [lesson(13), reading()] }])
		const { client } = await learner(server.url)
		await client.json('POST', `/api/programs/${program.id}/enrol`)
		const states = async () =>
			(await (await client.get(`/api/programs/${program.id}`)).json()).modules[0].items.map(
				(item: { state: string }) => item.state,
			)
		// The dashboard's card works the lesson out from the member's started videos (decision 230): the same answer.
		const dashboardSaysNextIsTheReading = async () =>
			textOf(await (await client.get('/dashboard')).text()).includes('Next: A reading')
		await client.json('POST', '/api/progress', { videoId: 13, progress: 94 })
		expect(await states()).toEqual(['open', 'open'])
		expect(await dashboardSaysNextIsTheReading()).toBe(false)
		await client.json('POST', '/api/progress', { videoId: 13, progress: 95 })
		expect(await states()).toEqual(['done', 'open'])
		expect(await dashboardSaysNextIsTheReading()).toBe(true)
	})

	it('free members: lessons by the free-video rule, the other items of the first module open, the rest Premium', async () => {
		const program = await makeProgram([
			{ unlock: { kind: 'immediately' }, items: [lesson(2), lesson(12), reading('Free reading')] },
			{ unlock: { kind: 'immediately' }, items: [lesson(3), reading('Premium reading', 'PREMIUM-ONLY-TEXT')] },
		])
		const [[free, premiumLesson, freeReading], [laterLesson, premiumReading]] = program.modules.map(
			(module) => module.items,
		) as [number[], number[]]
		const { client } = await learner(server.url, { premium: false })
		const outline = await (await client.get(`/api/programs/${program.id}`)).json()
		expect(
			outline.modules.flatMap((module: { items: Array<{ state: string; lock: { reason: string } | null }> }) =>
				module.items.map((item) => item.lock?.reason ?? item.state),
			),
		).toEqual(['open', 'premium', 'open', 'open', 'premium'])
		expect(outline.modules[1].items.find((item: { id: number }) => item.id === laterLesson).state).toBe('open')

		const refused = await client.json('POST', `/api/program-items/${premiumReading}/done`)
		expect(refused.status).toBe(403)
		expect((await refused.json()).message).toBe(
			'This item is part of Premium. Subscribe to open it and track your progress.',
		)
		const lockedLesson = await client.get(itemPage(program.id, premiumLesson!))
		expect(lockedLesson.status).toBe(403)
		const lockedHtml = await lockedLesson.text()
		expect(textOf(lockedHtml)).toContain('Premium Content')
		expect(lockedHtml).toContain('href="/subscribe"')
		expect(lockedHtml).not.toContain('/media/leading-through-change.mp4')
		expect(await (await client.get(itemPage(program.id, premiumReading!))).text()).not.toContain('PREMIUM-ONLY-TEXT')
		expect((await client.get(itemPage(program.id, free!))).status).toBe(200)
		expect((await client.json('POST', `/api/program-items/${freeReading}/done`)).status).toBe(200)
	})

	it('an item is found in its own program only; a draft is for staff only', async () => {
		const draft = await makeProgram([{ unlock: { kind: 'immediately' }, items: [reading()] }], { published: false })
		const other = await makeProgram([{ unlock: { kind: 'immediately' }, items: [reading()] }])
		const { client } = await learner(server.url)
		expect((await client.get(`/programs/${draft.id}`)).status).toBe(404)
		expect((await client.get(`/api/programs/${draft.id}`)).status).toBe(404)
		expect((await client.json('POST', `/api/programs/${draft.id}/enrol`)).status).toBe(404)
		expect((await client.json('POST', `/api/program-items/${draft.modules[0]!.items[0]}/done`)).status).toBe(404)
		expect((await client.get(itemPage(other.id, draft.modules[0]!.items[0]!))).status).toBe(404)
		const manager = await logIn(server.url, 'manager')
		expect(textOf(await (await manager.get(`/programs/${draft.id}`)).text())).toContain('Draft: only staff see it')
	})
})

describe('taking a program without JavaScript', () => {
	it('Start leads to the first item; the dashboard lists the program with its next item', async () => {
		const program = await makeProgram([
			{ unlock: { kind: 'immediately' }, items: [reading('Begin here'), reflection()] },
		])
		const { client } = await learner(server.url)
		const page = textOf(await (await client.get(`/programs/${program.id}`)).text())
		expect(page).toContain('Not started')
		const started = await client.submitForm(`/programs/${program.id}`, { intent: 'start' })
		expect(started.status).toBe(302)
		expect(started.headers.get('Location')).toBe(itemPage(program.id, program.modules[0]!.items[0]!))
		const done = await client.submitForm(itemPage(program.id, program.modules[0]!.items[0]!), { intent: 'done' })
		expect(done.status).toBe(302)
		expect(textOf(await (await client.get(`/programs/${program.id}`)).text())).toContain('50% complete')
		const dashboard = textOf(await (await client.get('/dashboard')).text())
		expect(dashboard).toContain('Your programs')
		expect(dashboard).toContain(program.title)
		expect(dashboard).toContain('Next: A reflection')
	})

	it("a check's form sent twice from one page (a double click) records one attempt; a fresh page's form records another", async () => {
		const program = await makeProgram([{ unlock: { kind: 'immediately' }, items: [check()] }])
		const itemId = program.modules[0]!.items[0]!
		const { client, id } = await learner(server.url)
		const formOf = async () => {
			const html = await (await client.get(itemPage(program.id, itemId))).text()
			return {
				csrf: /name="csrf" value="([^"]+)"/.exec(html)![1]!,
				formOnce: /name="formOnce" value="([^"]+)"/.exec(html)![1]!,
				intent: 'check',
				answer1: '1',
				answer2: '2',
				answer3: '1',
			}
		}
		const fields = await formOf()
		const answers = [
			await client.postForm(itemPage(program.id, itemId), fields),
			await client.postForm(itemPage(program.id, itemId), fields),
		]
		const results = `${itemPage(program.id, itemId)}?attempt=latest`
		expect(answers.map((answer) => [answer.status, answer.headers.get('Location')])).toEqual([
			[302, results],
			[302, results],
		])
		expect(await ProgramCheckAttemptModel.countDocuments({ userId: id, itemId })).toBe(1)
		expect((await client.postForm(itemPage(program.id, itemId), await formOf())).status).toBe(302)
		expect(await ProgramCheckAttemptModel.countDocuments({ userId: id, itemId })).toBe(2)
	})
})

describe('certificates', () => {
	async function completedProgram() {
		const program = await makeProgram([
			{ title: 'The only module', unlock: { kind: 'immediately' }, items: [reading(), check()] },
		])
		const taker = await learner(server.url)
		const [readingId, checkId] = program.modules[0]!.items as [number, number]
		expect((await taker.client.json('POST', `/api/program-items/${readingId}/done`)).status).toBe(200)
		const passed = await taker.client.json('POST', `/api/program-items/${checkId}/check`, { answers: RIGHT_ANSWERS })
		expect((await passed.json()).progress).toMatchObject({ percent: 100, completedAt: expect.any(String) })
		const [certificate] = await (await taker.client.get('/api/certificates')).json()
		return { program, taker, certificate, checkId }
	}

	it('completing a program issues one certificate, once: notified, in the audit log', async () => {
		const { program, taker, certificate, checkId } = await completedProgram()
		expect(certificate).toMatchObject({
			programId: program.id,
			programTitle: program.title,
			recipientName: 'Lee Learner',
			modules: ['The only module'],
			revokedAt: null,
		})
		expect(certificate.code).toMatch(/^[A-Za-z0-9_-]{16,}$/)
		// Passing again issues nothing more.
		await taker.client.json('POST', `/api/program-items/${checkId}/check`, { answers: RIGHT_ANSWERS })
		expect(await CertificateModel.countDocuments({ userId: taker.id, programId: program.id })).toBe(1)
		expect(await NotificationModel.find({ recipientId: taker.id, kind: 'certificate_issued' }).lean()).toMatchObject([
			{ title: `Certificate earned: ${program.title}`, link: `/certificates/${certificate.code}` },
		])
		expect(
			await AuditEntryModel.findOne({
				kind: 'certificate.issued',
				targetLabel: `${program.title}: Lee Learner`,
			}).lean(),
		).toMatchObject({ actorName: 'System', summary: `Issued the certificate of "${program.title}" to Lee Learner` })
	})

	it('anyone verifies it: the public page, the PDF, and the credential checked with the public key alone', async () => {
		const { program, taker, certificate } = await completedProgram()
		const visitor = new TestClient(server.url)
		const page = await visitor.get(`/certificates/${certificate.code}`)
		expect(page.status).toBe(200)
		const text = textOf(await page.text())
		for (const words of [
			'Certificate of Completion',
			'Lee Learner',
			program.title,
			'The only module',
			'Valid',
			'LeaderForge',
		])
			expect(text).toContain(words)
		expect(text).not.toContain('Add to LinkedIn')
		const own = await (await taker.client.get(`/certificates/${certificate.code}`)).text()
		expect(own).toContain('https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME')
		expect(own).toContain(encodeURIComponent(`/certificates/${certificate.code}`))

		const pdf = await visitor.get(`/certificates/${certificate.code}.pdf`)
		expect(pdf.status).toBe(200)
		expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
		expect(
			Buffer.from(await pdf.arrayBuffer())
				.subarray(0, 5)
				.toString(),
		).toBe('%PDF-')

		const keys = (await (await visitor.get('/.well-known/jwks.json')).json()) as JSONWebKeySet
		expect(keys.keys).toHaveLength(1)
		expect(keys.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' })
		expect(keys.keys[0]).not.toHaveProperty('d')
		const credential = await (await visitor.get(`/certificates/${certificate.code}.json`)).json()
		expect(credential.status).toBe('valid')
		const { payload, protectedHeader } = await jwtVerify(credential.jwt, createLocalJWKSet(keys))
		expect(protectedHeader.alg).toBe('EdDSA')
		expect(payload).toMatchObject({
			'@context': [
				'https://www.w3.org/ns/credentials/v2',
				'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
			],
			type: ['VerifiableCredential', 'OpenBadgeCredential'],
			id: certificate.url,
			jti: certificate.url,
			issuer: { name: 'LeaderForge' },
			credentialSubject: {
				identifier: [{ identityType: 'name', identityHash: 'Lee Learner' }],
				achievement: { name: program.title, achievementType: 'Certificate' },
			},
		})
		// Changed by a byte, it no longer verifies.
		const [head, body, signature] = credential.jwt.split('.')
		const forged = `${head}.${body.slice(0, -2)}${body.slice(-2) === 'AA' ? 'AB' : 'AA'}.${signature}`
		await expect(jwtVerify(forged, createLocalJWKSet(keys))).rejects.toThrow()
	})

	it('an unknown code, or a malformed one, is a certificate that does not exist', async () => {
		const visitor = new TestClient(server.url)
		for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '%24where', 'a'.repeat(300)]) {
			const page = await visitor.get(`/certificates/${code}`)
			expect(page.status, code).toBe(404)
			expect(textOf(await page.text())).toContain('This certificate does not exist.')
			expect((await visitor.get(`/certificates/${code}.json`)).status).toBe(404)
			expect((await visitor.get(`/certificates/${code}.pdf`)).status).toBe(404)
		}
	})

	it('admins revoke it (the page says so, the credential loses its signature, the audit log says who); nobody else can', async () => {
		const { program, certificate } = await completedProgram()
		const stored = await CertificateModel.findOne({ code: certificate.code }).lean()
		const dialog = `/admin/programs/${program.id}/certificates/${stored!.id}/revoke`
		const manager = await logIn(server.url, 'manager')
		expect((await manager.get(dialog)).status).toBe(403)
		expect((await manager.submitForm(`/admin/programs/${program.id}`, { reason: 'No' }, dialog)).status).toBe(403)
		const admin = await logIn(server.url, 'admin')
		expect(textOf(await (await admin.get(dialog)).text())).toContain('Revoke Certificate')
		const revoked = await admin.submitForm(dialog, { intent: 'revoke', reason: 'Copied the answers' })
		expect(revoked.status).toBe(302)
		expect(revoked.headers.get('Location')).toBe(`/admin/programs/${program.id}`)

		const visitor = new TestClient(server.url)
		expect(textOf(await (await visitor.get(`/certificates/${certificate.code}`)).text())).toMatch(/Revoked on/)
		expect(await (await visitor.get(`/certificates/${certificate.code}.json`)).json()).toMatchObject({
			status: 'revoked',
			revokedAt: expect.any(String),
			jwt: null,
		})
		expect(await AuditEntryModel.findOne({ kind: 'certificate.revoked', targetId: stored!.id }).lean()).toMatchObject({
			actorName: 'Alex Morgan',
			summary: `Revoked the certificate of "${program.title}" of Lee Learner: Copied the answers`,
		})
		const again = await admin.submitForm(dialog, { intent: 'revoke', reason: '' })
		expect(again.status).toBe(409)
		expect(textOf(await again.text())).toContain('This certificate is already revoked')
	})
})

describe('for the services that build on programs', () => {
	it("the member's progress is one function; a program's searchable text holds its readings' words", async () => {
		const program = await makeProgram([
			{
				title: 'Searchable module',
				unlock: { kind: 'immediately' },
				items: [reading('R', 'Words **to find**'), check()],
			},
		])
		const { member } = await learner(server.url)
		await markItemDone(member, program.modules[0]!.items[0]!)
		await submitCheck(member, program.modules[0]!.items[1]!, [0, 0, 0])
		expect(await getProgramProgress(member, program.id)).toMatchObject({
			enrolled: true,
			done: 1,
			total: 2,
			percent: 50,
			currentModule: { number: 1, title: 'Searchable module' },
			nextItem: { id: program.modules[0]!.items[1], kind: 'check' },
		})
		const stored = await ProgramModel.findOne({ id: program.id }).lean()
		const text = programSearchText(stored!)
		expect(text).toContain('Searchable module')
		expect(text).toContain('Words to find')
		expect(text).not.toContain('**')
	})

	it('the account owner is the one whose progress it is: another id in a body changes nothing', async () => {
		const program = await makeProgram([{ unlock: { kind: 'immediately' }, items: [reading()] }])
		const { client, id } = await learner(server.url)
		const davidId = await userIdOf('david')
		await client.json('POST', `/api/programs/${program.id}/enrol`, { userId: davidId })
		expect(await ProgramEnrolmentModel.countDocuments({ programId: program.id, userId: davidId })).toBe(0)
		expect(await ProgramEnrolmentModel.countDocuments({ programId: program.id, userId: id })).toBe(1)
		expect(await UserModel.countDocuments({ id })).toBe(1)
	})
})
