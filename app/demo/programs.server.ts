import {
	ProgramCheckAttemptModel,
	ProgramEnrolmentModel,
	ProgramItemStateModel,
	ProgramModel,
	ProgressModel,
	UserModel,
	VideoModel,
	nextId,
	type Program,
	type ProgramItem,
	type ProgramModule,
	type StoredQuestion,
} from '#models/index'
import { refreshEnrolment } from '~/services/learning/program-progress.server'

/**
 * The demo's programs (product §2 "Programs"; docs/decisions/150), built
 * from the demo lessons: "New Manager Foundations" (four modules, every kind
 * of item, the last opening once the one before is complete), "Leading
 * Through Change" (a module a week) and a short "Leadership Essentials".
 * `premium` has finished the first two modules of the first (with no lesson
 * more than the seed gave them: their lessons watched stay what they were)
 * and holds the certificate of the third; `member` (free) has started the first; Maria
 * completed the first and David started the second, so Insights has a
 * funnel to draw. Idempotent, like the rest of the seed: a program that
 * exists (same title) is left as it is, and so is a member's start.
 */

const DAY = 86_400_000

type ItemSpec =
	| { lesson: string }
	| { reading: string; body: string }
	| { reflection: string; prompt: string }
	| { check: string; questions: StoredQuestion[] }

interface ModuleSpec {
	title: string
	description: string
	unlock: ProgramModule['unlock']
	items: ItemSpec[]
}

interface ProgramSpec {
	title: string
	summary: string
	description: string
	cover: string
	modules: ModuleSpec[]
}

const open = { kind: 'immediately' as const }
const afterDays = (days: number) => ({ kind: 'after_days' as const, days })
const afterPrevious = { kind: 'after_previous' as const }

export const DEMO_PROGRAMS: ProgramSpec[] = [
	{
		title: 'New Manager Foundations',
		summary: 'Your first ninety days leading people: one-on-ones, feedback, delegation and a team that trusts you.',
		description:
			'Four modules for people who have just started managing. Watch the lessons, read the short guides, write down what you will try, and check that it landed.\n\nThe second and third modules open a week apart, so there is time to practise; the last opens once you have finished the third.',
		cover: '/images/programs/new-manager-foundations.svg',
		modules: [
			{
				title: 'Your first weeks as a manager',
				description: 'What changes when you stop doing the work and start leading it.',
				unlock: open,
				items: [
					{ lesson: 'What Great Leaders Do Differently' },
					{
						reading: 'From doing the work to leading it',
						body: `Most new managers were promoted for being good at the work. The trap is to keep doing it.

## What changes

- **Your output is your team's output.** A day spent fixing a bug yourself is a day nobody on the team learned to.
- **Your calendar is a message.** Where you spend time tells people what matters.
- **Silence reads as disapproval.** People cannot see what you think; say it.

## Three habits for the first month

1. Meet each person one-on-one within the first two weeks and ask what they want from you.
2. Write down the three things the team must get right this quarter, and share the list.
3. At the end of each week, note one decision you made and why.

> You are not paid to be the best engineer, salesperson or designer on the team any more. You are paid for the team.`,
					},
					{
						reflection: 'The manager you want to be',
						prompt:
							'Think of the best manager you ever had. What did they do in their first weeks that made you trust them? Which one of those will you do this week, and how?',
					},
				],
			},
			{
				title: 'Feedback people can use',
				description: 'Situation, behaviour, impact: and then a question.',
				unlock: afterDays(7),
				items: [
					{
						reading: 'The SBI model in one page',
						body: `**Situation**: when and where. **Behaviour**: what they did, as a camera would record it. **Impact**: what it caused.

Then ask: *"How did you see it?"* The question turns feedback into a conversation.

- Not: "You were rude in the meeting."
- But: "In Tuesday's planning meeting (S), you cut Priya off twice (B). She stopped contributing for the rest of the hour (I). How did you see it?"

Give it soon after the event, and in private.`,
					},
					{
						check: 'Feedback check',
						questions: [
							{
								prompt: 'What does the B in SBI stand for?',
								choices: ['Belief', 'Behaviour', 'Benefit', 'Blame'],
								answer: 1,
								explanation: 'Behaviour: what the person did, described as a camera would record it.',
							},
							{
								prompt: 'After giving SBI feedback you should…',
								choices: ['Leave', 'Ask how they saw it', 'Repeat it', 'Put it in writing'],
								answer: 1,
								explanation: 'The question opens a conversation and often shows what you did not know.',
							},
							{
								prompt: 'When is the best time to give feedback on something that just happened?',
								choices: ['At the yearly review', 'Soon, and in private', 'In the team meeting', 'Only when asked'],
								answer: 1,
								explanation: 'Feedback lands when it is close to the event and given where nobody else is watching.',
							},
						],
					},
				],
			},
			{
				title: 'One-on-ones and delegation',
				description: 'The meeting that is theirs, and the work that grows them.',
				unlock: afterDays(14),
				items: [
					{ lesson: 'Running One-on-Ones That Matter' },
					{ lesson: 'Delegation Without Abdication' },
					{
						reading: 'The delegation ladder',
						body: `Delegating is not one thing. Say which rung you mean:

1. **Look into it** and report back.
2. **Recommend** what to do; I decide.
3. **Decide**, and tell me before you act.
4. **Act**, and tell me afterwards.
5. **Act**; no need to tell me.

Most trouble comes from a manager who means rung 2 and a report who heard rung 4. Name the rung every time you hand something over, and move people up it as they earn it.`,
					},
				],
			},
			{
				title: 'Leading your team',
				description: 'Psychological safety, and your plan for the months ahead.',
				unlock: afterPrevious,
				items: [
					{ lesson: 'Building Psychological Safety' },
					{
						reflection: 'Your first 90 days',
						prompt:
							'Looking back at this program, what are the three things you will keep doing with your team, and what will you stop doing?',
					},
					{
						check: 'Team leadership',
						questions: [
							{
								prompt: 'Psychological safety means…',
								choices: [
									'Nobody is ever criticised',
									'People can speak up without fear of being punished for it',
									'Everyone agrees',
									'There are no deadlines',
								],
								answer: 1,
								explanation:
									'Safety is about candour without fear, not comfort: high standards and safety go together.',
							},
							{
								prompt: 'Which rung of the delegation ladder is "Decide, and tell me before you act"?',
								choices: ['The first', 'The second', 'The third', 'The fifth'],
								answer: 2,
								explanation: 'Rung three: the report decides, and you hear about it before anything happens.',
							},
						],
					},
				],
			},
		],
	},
	{
		title: 'Leading Through Change',
		summary: 'Four weeks on leading people through a reorganisation, a new strategy or a market that moved.',
		description:
			'A module opens every week from the day you start, so you can try each idea with your team before the next one.',
		cover: '/images/programs/leading-through-change.svg',
		modules: [
			{
				title: 'Why change is hard',
				description: 'What people lose, and what they need to hear from you.',
				unlock: open,
				items: [
					{ lesson: 'Leading Through Change' },
					{
						reading: 'The change curve',
						body: `People move through a change at different speeds: **shock, doubt, exploring, commitment**. Your job is not to skip the early stages but to shorten them.

- In *shock*, repeat the why and the what; they will not hear the how yet.
- In *doubt*, listen more than you argue.
- In *exploring*, give small wins and room to try.
- In *commitment*, recognise it out loud.`,
					},
				],
			},
			{
				title: 'Deciding with incomplete information',
				description: 'Make the call, say what would change your mind.',
				unlock: afterDays(7),
				items: [
					{ lesson: 'Decision-Making Under Uncertainty' },
					{
						reflection: 'A change you are leading',
						prompt:
							'Describe a change you are leading now. Where is each person on the change curve, and what does each need from you?',
					},
				],
			},
			{
				title: 'Bringing people with you',
				description: 'Up, across and down: the conversations a change needs.',
				unlock: afterDays(14),
				items: [
					{ lesson: 'Presenting to Executives' },
					{ lesson: 'Resolving Team Conflict' },
					{
						check: 'Leading change',
						questions: [
							{
								prompt: 'Someone in the "doubt" stage pushes back in a meeting. You…',
								choices: ['Win the argument', 'Listen, and ask what worries them', 'Move on', 'Escalate'],
								answer: 1,
								explanation: 'Doubt shortens when it is heard; arguing with it makes it dig in.',
							},
							{
								prompt: 'When presenting a change to executives, lead with…',
								choices: ['The history', 'The decision you need', 'Every option', 'The team’s feelings'],
								answer: 1,
								explanation: 'Executives need the ask first; the detail follows if they want it.',
							},
						],
					},
				],
			},
			{
				title: 'Making it stick',
				description: 'Measure what changed, and keep it.',
				unlock: afterDays(21),
				items: [
					{ lesson: 'Measuring What Matters' },
					{
						reflection: 'What will you keep doing?',
						prompt: 'Which measure will tell you, three months from now, that the change worked?',
					},
				],
			},
		],
	},
	{
		title: 'Leadership Essentials',
		summary: 'A short program on the habits that make people follow a leader.',
		description: 'One module: a lesson, a one-page guide and a quick check. An afternoon, start to finish.',
		cover: '/images/programs/leadership-essentials.svg',
		modules: [
			{
				title: 'Followed, not obeyed',
				description: 'Clarity, consistency, and giving the credit away.',
				unlock: open,
				items: [
					{ lesson: 'What Great Leaders Do Differently' },
					{
						reading: 'Followed, not obeyed',
						body: `Authority gets compliance; trust gets effort. Three habits earn the second:

1. **Clarity before speed.** Say what matters, why, and what good looks like.
2. **Consistency.** People follow the leader they can predict.
3. **Credit and blame.** Give the first away; keep the second.

Try one this week, and ask your team which of your habits helps them most.`,
					},
					{
						check: 'Leadership essentials',
						questions: [
							{
								prompt: 'What does authority alone get you?',
								choices: ['Effort', 'Compliance', 'Trust', 'Loyalty'],
								answer: 1,
								explanation: 'Authority gets compliance; trust is what gets people’s effort.',
							},
							{
								prompt: 'When the team succeeds, the credit goes…',
								choices: ['To you', 'To the team', 'To whoever asks', 'Nowhere'],
								answer: 1,
								explanation: 'Give the credit away and keep the blame: people follow the leader who does.',
							},
						],
					},
				],
			},
		],
	},
]

async function itemOf(spec: ItemSpec): Promise<ProgramItem> {
	const id = await nextId('programItems')
	if ('lesson' in spec) {
		const video = await VideoModel.findOne({ title: spec.lesson }).select('id').lean<{ id: number }>()
		if (!video) throw new Error(`The demo program needs the lesson "${spec.lesson}"`)
		return { id, kind: 'lesson', title: null, videoId: video.id }
	}
	if ('reading' in spec) return { id, kind: 'reading', title: spec.reading, body: spec.body }
	if ('reflection' in spec) return { id, kind: 'reflection', title: spec.reflection, prompt: spec.prompt }
	return { id, kind: 'check', title: spec.check, passMark: 70, questions: spec.questions }
}

async function createProgram(spec: ProgramSpec, createdBy: number, createdAt: Date): Promise<void> {
	if (await ProgramModel.exists({ title: spec.title })) return
	const modules: ProgramModule[] = []
	for (const module of spec.modules) {
		const items: ProgramItem[] = []
		for (const item of module.items) items.push(await itemOf(item))
		modules.push({
			id: await nextId('programModules'),
			title: module.title,
			description: module.description,
			unlock: module.unlock,
			items,
		})
	}
	await ProgramModel.create({
		id: await nextId('programs'),
		title: spec.title,
		summary: spec.summary,
		description: spec.description,
		cover: spec.cover,
		published: true,
		modules,
		revision: 0,
		createdBy,
		createdAt,
	})
}

/**
 * A member's work in a program, as if done through the app: started
 * `startedDaysAgo`, with the items of the first `modules` modules done
 * (lessons watched to the end, readings marked, reflections written, checks
 * passed), then their enrolment brought in step by the service.
 */
export async function takeProgram(
	username: string,
	title: string,
	{ startedDaysAgo, modules, finishedDaysAgo }: { startedDaysAgo: number; modules: number; finishedDaysAgo?: number },
	now: number,
): Promise<void> {
	const [learner, program] = await Promise.all([
		UserModel.findOne({ usernameKey: username })
			.select('id subscriptionStatus')
			.lean<{ id: number; subscriptionStatus: string }>(),
		ProgramModel.findOne({ title }).lean<Program>(),
	])
	if (!learner || !program) return
	if (await ProgramEnrolmentModel.exists({ userId: learner.id, programId: program.id })) return
	const startedAt = new Date(now - startedDaysAgo * DAY)
	const doneAt = new Date(now - (finishedDaysAgo ?? Math.max(0, startedDaysAgo - 3)) * DAY)
	for (const module of program.modules.slice(0, modules)) {
		for (const item of module.items) {
			if (item.kind === 'lesson') {
				await ProgressModel.updateOne(
					{ userId: learner.id, videoId: item.videoId },
					{ $setOnInsert: { id: await nextId('progress'), userId: learner.id, videoId: item.videoId } },
					{ upsert: true },
				)
				await ProgressModel.updateOne(
					{ userId: learner.id, videoId: item.videoId },
					{ $set: { progress: 100, completed: true, updatedAt: doneAt } },
				)
				continue
			}
			if (item.kind === 'check') {
				const questions = item.questions ?? []
				await ProgramCheckAttemptModel.create({
					id: await nextId('programCheckAttempts'),
					userId: learner.id,
					programId: program.id,
					itemId: item.id,
					answers: questions.map((question) => question.answer),
					score: 100,
					passed: true,
					createdAt: doneAt,
				})
			}
			await ProgramItemStateModel.create({
				userId: learner.id,
				programId: program.id,
				itemId: item.id,
				doneAt,
				reflection:
					item.kind === 'reflection'
						? 'Ask each person what they need from me, write it down, and come back to it in our next one-on-one.'
						: null,
				reflectionUpdatedAt: item.kind === 'reflection' ? doneAt : null,
				bestScore: item.kind === 'check' ? 100 : null,
				updatedAt: doneAt,
			})
		}
	}
	await ProgramEnrolmentModel.create({
		id: await nextId('programEnrolments'),
		userId: learner.id,
		programId: program.id,
		startedAt,
		completedAt: null,
		doneModuleIds: [],
		// What was open on the first day was seen then; what opened since is told now, as the job would have.
		announcedModuleIds: program.modules
			.filter((module) => module.unlock.kind === 'immediately')
			.map((module) => module.id),
		nextUnlockAt: null,
		updatedAt: doneAt,
	})
	// A program finished in the past is complete (and certified) on the day it was finished.
	await refreshEnrolment(learner, program, finishedDaysAgo === undefined ? new Date(now) : doneAt)
}

export async function seedDemoPrograms(now: number, userIds: Map<string, number>): Promise<void> {
	const managerId = userIds.get('manager')!
	for (const [index, spec] of DEMO_PROGRAMS.entries())
		await createProgram(spec, managerId, new Date(now - (60 - index * 10) * DAY))
	await takeProgram('premium', 'New Manager Foundations', { startedDaysAgo: 20, modules: 2 }, now)
	await takeProgram('premium', 'Leadership Essentials', { startedDaysAgo: 30, modules: 1, finishedDaysAgo: 26 }, now)
	await takeProgram('member', 'New Manager Foundations', { startedDaysAgo: 2, modules: 0 }, now)
	await takeProgram('maria', 'New Manager Foundations', { startedDaysAgo: 50, modules: 4, finishedDaysAgo: 21 }, now)
	await takeProgram('david', 'Leading Through Change', { startedDaysAgo: 9, modules: 1 }, now)
}
