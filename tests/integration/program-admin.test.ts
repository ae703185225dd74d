import mongoose from 'mongoose'
import { beforeAll, describe, expect, it } from 'vitest'
import { AuditEntryModel, ProgramEnrolmentModel, ProgramModel, type Program } from '#models/index'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { textOf } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { snapshot } from './admin-helpers'
import { learner, makeProgram, reading } from './program-helpers'

/**
 * The Programs tab and each program's outline page (product §2
 * "Administration panel", Programs; docs/decisions/153), as a browser
 * without JavaScript uses them: every dialog a route, reordering with plain
 * up/down forms, an audit entry for each change; and the same programs
 * through the JSON admin API. Then Insights' programs part.
 */
const server = useSeededTestServer()
let admin: TestClient
let manager: TestClient

beforeAll(async () => {
	admin = await logIn(server.url, 'admin')
	manager = await logIn(server.url, 'manager')
})

const stored = (id: number) => ProgramModel.findOne({ id }).lean<Program>()
const lastAudit = async () => (await AuditEntryModel.find().sort({ id: -1 }).limit(1).lean())[0]!

/** Posts a dialog's form as a browser without JavaScript does, and expects to be sent back where it belongs. */
async function submit(client: TestClient, path: string, fields: Record<string, string>, back: string) {
	const response = await client.submitForm(path, fields)
	expect(response.status, `${path}: ${textOf(await response.clone().text()).slice(0, 400)}`).toBe(302)
	expect(response.headers.get('Location')).toBe(back)
	return textOf(await (await client.get(back)).text())
}

describe('the Programs tab (a catalogue kind)', () => {
	it('lists the programs, adds one as a draft in a dialog, publishes it with its checkbox, and deletes it', async () => {
		const tab = textOf(await (await manager.get('/admin?tab=programs')).text())
		for (const words of ['Programs', 'Add Program', 'New Manager Foundations', 'Published', 'Added By'])
			expect(tab).toContain(words)
		// Each program's name leads to its outline.
		const outlineLink = /<a [^>]*aria-label="Outline of New Manager Foundations"[^>]*>/.exec(
			await (await manager.get('/admin?tab=programs')).text(),
		)
		expect(outlineLink?.[0]).toContain('href="/admin/programs/1"')

		const added = await submit(
			manager,
			'/admin/programs/new',
			{ intent: 'save-program', title: 'Coaching Basics', summary: 'Coach, do not tell', description: '', cover: '' },
			'/admin?tab=programs',
		)
		expect(added).toContain('Program added "Coaching Basics" has been saved.')
		const created = await ProgramModel.findOne({ title: 'Coaching Basics' }).lean<Program>()
		expect(created).toMatchObject({ published: false, modules: [], summary: 'Coach, do not tell' })
		expect(await lastAudit()).toMatchObject({ kind: 'program.created', targetLabel: 'Coaching Basics' })

		const edit = await (await manager.get(`/admin/programs/${created!.id}/edit`)).text()
		expect(edit).toMatch(/<input [^>]*name="published"[^>]*type="checkbox"/)
		await submit(
			manager,
			`/admin/programs/${created!.id}/edit`,
			{ intent: 'save-program', title: 'Coaching Basics', summary: '', description: '', cover: '', published: 'on' },
			'/admin?tab=programs',
		)
		expect(await stored(created!.id)).toMatchObject({ published: true, summary: null })
		expect(await lastAudit()).toMatchObject({ kind: 'program.updated', after: { published: true, summary: null } })

		const refused = await manager.submitForm('/admin/programs/new', { intent: 'save-program', title: '' })
		expect(refused.status).toBe(400)
		expect(textOf(await refused.text())).toContain('Title is required')

		expect(textOf(await (await manager.get(`/admin/programs/${created!.id}/delete`)).text())).toContain(
			'Are you sure you want to delete program "Coaching Basics"? This action cannot be undone.',
		)
		await submit(manager, `/admin/programs/${created!.id}/delete`, { intent: 'delete' }, '/admin?tab=programs')
		expect(await stored(created!.id)).toBeNull()
		expect(await lastAudit()).toMatchObject({ kind: 'program.deleted', targetLabel: 'Coaching Basics' })
	})

	it('the JSON admin API: POST, PATCH and DELETE /api/admin/programs, for admins and content managers', async () => {
		const created = await admin.json('POST', '/api/admin/programs', { title: 'API Program', createdBy: 1 })
		expect(created.status).toBe(201)
		const program = await created.json()
		expect(program).toMatchObject({ title: 'API Program', published: false, moduleCount: 0, itemCount: 0 })
		const patched = await manager.json('PATCH', `/api/admin/programs/${program.id}`, { published: true })
		expect(await patched.json()).toMatchObject({ id: program.id, title: 'API Program', published: true })
		expect((await manager.json('PATCH', `/api/admin/programs/${program.id}`, {})).status).toBe(400)
		expect((await manager.json('PATCH', `/api/admin/programs/${program.id}`, { published: 'yes' })).status).toBe(400)
		const member = await logIn(server.url, 'member')
		expect((await member.json('DELETE', `/api/admin/programs/${program.id}`)).status).toBe(403)
		expect(await (await admin.json('DELETE', `/api/admin/programs/${program.id}`)).json()).toEqual({ success: true })
		expect((await admin.json('DELETE', `/api/admin/programs/${program.id}`)).status).toBe(404)
	})
})

describe("a program's outline page", () => {
	it('adds modules with each unlock rule and items of every kind, each in its dialog, with an audit entry each', async () => {
		const { id } = await makeProgram([], { title: 'Outline Under Test' })
		const outline = `/admin/programs/${id}`
		const page = textOf(await (await manager.get(outline)).text())
		expect(page).toContain('Outline Under Test')
		expect(page).toContain('No modules yet.')

		await submit(
			manager,
			`${outline}/modules/new`,
			{ intent: 'save-module', title: 'Start here', description: '', unlock: 'immediately', timeZone: 'UTC' },
			outline,
		)
		await submit(
			manager,
			`${outline}/modules/new`,
			{ intent: 'save-module', title: 'Week two', description: '', unlock: 'after_days', days: '7', timeZone: 'UTC' },
			outline,
		)
		const text = await submit(
			manager,
			`${outline}/modules/new`,
			{
				intent: 'save-module',
				title: 'In June',
				description: '',
				unlock: 'on_date',
				opensAt: '2031-06-01T09:00',
				timeZone: 'Europe/Paris',
			},
			outline,
		)
		expect(text).toContain('Opens 7 days after the member starts')
		expect(text).toContain('Opens on Jun 1, 2031')
		let program = (await stored(id))!
		expect(program.modules.map((module) => module.unlock.kind)).toEqual(['immediately', 'after_days', 'on_date'])
		expect(new Date(program.modules[2]!.unlock.date!).toISOString()).toBe('2031-06-01T07:00:00.000Z')
		expect(await lastAudit()).toMatchObject({
			kind: 'program.outline_changed',
			summary: 'Added module "In June" in program "Outline Under Test"',
		})

		// Refused without the days or the date their rule needs, with the form again.
		const noDays = await manager.submitForm(`${outline}/modules/new`, {
			intent: 'save-module',
			title: 'Later',
			unlock: 'after_days',
			days: '',
		})
		expect(noDays.status).toBe(400)
		expect(textOf(await noDays.text())).toContain('Say after how many days the module opens')

		const moduleId = program.modules[0]!.id
		const items = `${outline}/modules/${moduleId}/items/new`
		await submit(manager, `${items}?kind=lesson`, { intent: 'save-item', videoId: '2', title: '' }, outline)
		await submit(
			manager,
			`${items}?kind=reading`,
			{ intent: 'save-item', title: 'Read me', body: '# Hello\n\nWorld' },
			outline,
		)
		await submit(manager, `${items}?kind=reflection`, { intent: 'save-item', title: 'Think', prompt: 'Why?' }, outline)
		const checkFields = {
			intent: 'save-item',
			title: 'Check it',
			passMark: '',
			q1Prompt: 'One?',
			q1Choice1: 'Yes',
			q1Choice2: 'No',
			q1Answer: '1',
			q1Explanation: 'Because.',
			q2Prompt: 'Two?',
			q2Choice1: 'A',
			q2Choice3: 'C',
			q2Answer: '3',
			q2Explanation: 'C it is.',
		}
		await submit(manager, `${items}?kind=check`, checkFields, outline)
		program = (await stored(id))!
		const [lessonItem, readingItem, reflectionItem, checkItem] = program.modules[0]!.items
		expect(lessonItem).toMatchObject({ kind: 'lesson', videoId: 2, title: null })
		expect(readingItem).toMatchObject({ kind: 'reading', title: 'Read me', body: '# Hello\n\nWorld' })
		expect(reflectionItem).toMatchObject({ kind: 'reflection', prompt: 'Why?' })
		expect(checkItem).toMatchObject({
			kind: 'check',
			passMark: 70,
			questions: [
				{ prompt: 'One?', choices: ['Yes', 'No'], answer: 0, explanation: 'Because.' },
				// An empty choice between two is left out, and the right answer follows its choice.
				{ prompt: 'Two?', choices: ['A', 'C'], answer: 1, explanation: 'C it is.' },
			],
		})
		const edited = textOf(await (await manager.get(`${outline}/items/${checkItem!.id}/edit`)).text())
		expect(edited).toContain('Edit Knowledge check')

		// Refusals keep the dialog open with what is wrong.
		for (const [kind, fields, message] of [
			['lesson', { videoId: '99999' }, 'That lesson is not in the library'],
			[
				'check',
				{ ...checkFields, q2Prompt: '', q2Choice1: '', q2Choice3: '', q2Answer: '', q2Explanation: '' },
				'A knowledge check has 2 to 10 questions',
			],
			['check', { ...checkFields, q2Answer: '2' }, 'Choose the right answer of question 2 among its choices'],
			['reading', { title: 'Empty', body: '' }, 'Text is required'],
		] as const) {
			const refused = await manager.submitForm(`${items}?kind=${kind}`, { intent: 'save-item', ...fields })
			expect(refused.status, kind).toBe(400)
			expect(textOf(await refused.text())).toContain(message)
		}
		expect((await manager.get(`${items}?kind=video`)).status).toBe(404)
		expect((await stored(id))!.modules[0]!.items).toHaveLength(4)
	})

	it('reorders modules and items with plain up and down forms, across modules too, and deletes them', async () => {
		const made = await makeProgram([
			{ title: 'First', unlock: { kind: 'immediately' }, items: [reading('A'), reading('B')] },
			{ title: 'Second', unlock: { kind: 'immediately' }, items: [reading('C')] },
		])
		const outline = `/admin/programs/${made.id}`
		const titles = async () =>
			(await stored(made.id))!.modules.map((module) => [module.title, module.items.map((item) => item.title)])
		const move = (intent: string, id: number, direction: string) =>
			submit(manager, outline, { intent, id: String(id), direction }, outline)
		const [a, b] = made.modules[0]!.items as [number, number]

		await move('move-item', b, 'down')
		expect(await titles()).toEqual([
			['First', ['A']],
			['Second', ['B', 'C']],
		])
		await move('move-module', made.modules[1]!.id, 'up')
		expect(await titles()).toEqual([
			['Second', ['B', 'C']],
			['First', ['A']],
		])
		expect(await lastAudit()).toMatchObject({
			kind: 'program.outline_changed',
			summary: expect.stringContaining('Moved module "Second" up'),
		})
		// The first cannot go up: refused with the reason, nothing moved.
		const refused = await manager.submitForm(outline, {
			intent: 'move-module',
			id: String(made.modules[1]!.id),
			direction: 'up',
		})
		expect(refused.status).toBe(400)
		expect(textOf(await refused.text())).toContain('This module is already the first')

		expect(textOf(await (await manager.get(`${outline}/items/${a}/delete`)).text())).toContain(
			'Are you sure you want to delete "A" from this program?',
		)
		await submit(manager, `${outline}/items/${a}/delete`, { intent: 'delete' }, outline)
		await submit(manager, `${outline}/modules/${made.modules[0]!.id}/delete`, { intent: 'delete' }, outline)
		expect(await titles()).toEqual([['Second', ['B', 'C']]])
	})

	it('an add dialog posted twice from one page adds once; titles are one line of visible text', async () => {
		const made = await makeProgram([{ title: 'Only', unlock: { kind: 'immediately' }, items: [] }])
		const outline = `/admin/programs/${made.id}`
		for (const [path, fields] of [
			[`${outline}/modules/new`, { intent: 'save-module', title: 'Twice', unlock: 'immediately', timeZone: 'UTC' }],
			[
				`${outline}/modules/${made.modules[0]!.id}/items/new?kind=reading`,
				{ intent: 'save-item', title: 'Read twice', body: 'Once is enough.' },
			],
		] as const) {
			const html = await (await manager.get(path)).text()
			const hidden = {
				csrf: /name="csrf" value="([^"]+)"/.exec(html)![1]!,
				formOnce: /name="formOnce" value="([^"]+)"/.exec(html)![1]!,
			}
			const answers = [
				await manager.postForm(path, { ...hidden, ...fields }),
				await manager.postForm(path, { ...hidden, ...fields }),
			]
			expect(answers.map((answer) => [answer.status, answer.headers.get('Location')])).toEqual([
				[302, outline],
				[302, outline],
			])
		}
		expect((await stored(made.id))!.modules.map((module) => [module.title, module.items.length])).toEqual([
			['Only', 1],
			['Twice', 0],
		])

		// A right-to-left override would show another title than the one stored.
		for (const [path, fields] of [
			[`${outline}/modules/new`, { intent: 'save-module', title: 'Week \u202etwo', unlock: 'immediately' }],
			[
				`${outline}/modules/${made.modules[0]!.id}/items/new?kind=reflection`,
				{ intent: 'save-item', title: 'Think\u200b', prompt: 'Why?' },
			],
			[`/admin/programs/${made.id}/edit?tab=programs`, { intent: 'save-program', title: 'Line\none' }],
		] as const) {
			const refused = await manager.submitForm(path, fields)
			expect(refused.status, path).toBe(400)
			expect(textOf(await refused.text())).toContain(
				'Title may not contain line breaks, control characters or invisible characters',
			)
		}
		expect((await stored(made.id))!.modules).toHaveLength(2)
	})

	it('publishes and unpublishes from the outline; members and moderators are sent to the dashboard', async () => {
		const made = await makeProgram([{ unlock: { kind: 'immediately' }, items: [reading()] }], { published: false })
		const outline = `/admin/programs/${made.id}`
		expect(await submit(manager, outline, { intent: 'publish' }, outline)).toContain('Program published')
		expect((await stored(made.id))!.published).toBe(true)
		expect(await submit(manager, outline, { intent: 'unpublish' }, outline)).toContain('Program unpublished')
		for (const username of ['member', 'moderator']) {
			const client = await logIn(server.url, username)
			for (const path of [outline, `${outline}/modules/new`, `${outline}/items/${made.modules[0]!.items[0]}/edit`])
				expect((await client.get(path)).headers.get('Location'), `${path} as ${username}`).toBe('/dashboard')
		}
		expect((await new TestClient(server.url).get(outline)).headers.get('Location')).toBe('/auth')
	})

	it('an unknown or malformed id is a 404, and changes nothing', async () => {
		const before = await snapshot()
		for (const path of [
			'/admin/programs/99999',
			'/admin/programs/abc',
			'/admin/programs/1/modules/99999/edit',
			'/admin/programs/1/items/99999/delete',
			'/admin/programs/1/certificates/99999/revoke',
		])
			expect((await admin.get(path)).status, path).toBe(404)
		expect(await snapshot()).toBe(before)
	})
})

describe('Insights: programs', () => {
	it('counts enrolments, completion by module, the median days to complete and the certificates, with charts and tables', async () => {
		const made = await makeProgram([
			{ title: 'Step one', unlock: { kind: 'immediately' }, items: [reading()] },
			{ title: 'Step two', unlock: { kind: 'immediately' }, items: [reading()] },
		])
		for (const steps of [0, 1, 2]) {
			const { client } = await learner(server.url)
			await client.json('POST', `/api/programs/${made.id}/enrol`)
			for (const module of made.modules.slice(0, steps))
				await client.json('POST', `/api/program-items/${module.items[0]}/done`)
		}
		// The one who finished took three days.
		const finished = await ProgramEnrolmentModel.findOne({
			programId: made.id,
			completedAt: mongoose.trusted({ $ne: null }),
		}).lean()
		await ProgramEnrolmentModel.updateOne(
			{ id: finished!.id },
			{ $set: { startedAt: new Date(finished!.completedAt!.getTime() - 3 * 86_400_000) } },
		)
		const insights = await (await manager.get('/api/admin/insights')).json()
		expect(
			insights.programs.perProgram.find((program: { programId: number }) => program.programId === made.id),
		).toEqual({
			programId: made.id,
			title: made.title,
			published: true,
			enrolments: 3,
			completions: 1,
			completionRate: 1 / 3,
			medianDaysToComplete: 3,
			certificatesIssued: 1,
			modules: [
				{ moduleId: made.modules[0]!.id, title: 'Step one', completed: 2 },
				{ moduleId: made.modules[1]!.id, title: 'Step two', completed: 1 },
			],
		})
		expect(insights.programs).toMatchObject({
			enrolments: expect.any(Number),
			completions: expect.any(Number),
			certificatesIssued: expect.any(Number),
		})
		const tab = textOf(await (await admin.get('/admin?tab=insights')).text())
		for (const words of [
			'Programs',
			'Enrolments',
			'Median days to complete',
			'Certificates issued',
			'Completion by module: New Manager Foundations',
		])
			expect(tab).toContain(words)
		expect(await (await admin.get('/admin?tab=insights')).text()).toMatch(/<svg[^>]*>[\s\S]*Completion by module/)
	})
})
