import { UserModel } from '#models/index'
import { type ItemInput } from '~/lib/program-schemas'
import { type UnlockRule } from '~/lib/programs'
import { addItem, addModule, createProgram } from '~/services/learning/programs.server'
import { signUpMember, type SignedUpMember } from '../setup/members'
import { uniqueName } from '../setup/unique-name'
import { userIdOf } from './admin-helpers'

/** Shared by the programs' integration tests: programs made as an admin would, and members to take them. */

export interface MadeProgram {
	id: number
	title: string
	/** Each module's id and its items' ids, in order. */
	modules: Array<{ id: number; items: number[] }>
}

/** A program made through the programs service by the demo admin (published unless told otherwise). */
export async function makeProgram(
	modules: Array<{ title?: string; unlock: UnlockRule; items: ItemInput[] }>,
	{ published = true, title = uniqueName('Program') }: { published?: boolean; title?: string } = {},
): Promise<MadeProgram> {
	const admin = { id: await userIdOf('admin'), role: 'admin' as const }
	const program = await createProgram(admin, {
		title,
		summary: 'A program made by a test',
		description: null,
		cover: null,
		published,
	})
	const made: MadeProgram = { id: program.id, title, modules: [] }
	for (const [index, module] of modules.entries()) {
		const moduleId = await addModule(admin, program.id, {
			title: module.title ?? `Module ${index + 1}`,
			description: null,
			unlock: module.unlock,
		})
		const items: number[] = []
		for (const item of module.items) items.push(await addItem(admin, program.id, moduleId, item))
		made.modules.push({ id: moduleId, items })
	}
	return made
}

export const reading = (title = 'A reading', body = 'Read **this** first.'): ItemInput => ({
	kind: 'reading',
	title,
	body,
})
export const reflection = (title = 'A reflection'): ItemInput => ({
	kind: 'reflection',
	title,
	prompt: 'What will you do differently?',
})
export const lesson = (videoId: number): ItemInput => ({ kind: 'lesson', title: null, videoId })

/** Three questions, the right answers 1, 2 and 0, each with an explanation the tests look for. */
export const CHECK_QUESTIONS = [
	{ prompt: 'First question?', choices: ['a', 'b', 'c'], answer: 1, explanation: 'EXPLAINED-ONE' },
	{ prompt: 'Second question?', choices: ['a', 'b', 'c'], answer: 2, explanation: 'EXPLAINED-TWO' },
	{ prompt: 'Third question?', choices: ['a', 'b'], answer: 0, explanation: 'EXPLAINED-THREE' },
]
export const RIGHT_ANSWERS = [1, 2, 0]

export const check = (passMark = 70): ItemInput => ({
	kind: 'check',
	title: 'A knowledge check',
	passMark,
	questions: CHECK_QUESTIONS,
})

/** A member signed up through the API, Premium unless told otherwise, with the shape the services take. */
export async function learner(
	serverUrl: string,
	{ premium = true }: { premium?: boolean } = {},
): Promise<SignedUpMember & { member: { id: number; role: 'member'; subscriptionStatus: string } }> {
	const signedUp = await signUpMember(serverUrl, 'learner', { name: 'Lee Learner' })
	const subscriptionStatus = premium ? 'active' : 'inactive'
	if (premium) await UserModel.updateOne({ id: signedUp.id }, { $set: { subscriptionStatus } })
	return { ...signedUp, member: { id: signedUp.id, role: 'member', subscriptionStatus } }
}
