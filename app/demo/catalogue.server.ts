/**
 * The demo library (docs/decisions/069): sixteen lessons, each with its own
 * clip and cover. The numbers are true: a lesson of 14 minutes plays a clip
 * of 14 minutes. `scripts/make-demo-media.ts` draws the clips
 * (private/media/{slug}.mp4, a slide lecture at one frame a second) and the
 * covers (public/images/thumbnails/{slug}.svg) from this list; the seed
 * stores the lessons. Pure data, so the script can read it without a
 * database.
 */

export type DemoCategory = 'Leadership Fundamentals' | 'Communication' | 'Strategy' | 'Team Building'

export interface DemoLesson {
	/** The file names: /media/{slug}.mp4 and /images/thumbnails/{slug}.svg. */
	slug: string
	title: string
	description: string
	category: DemoCategory
	/** The clip's length in whole minutes, as stored (docs/decisions/005). */
	minutes: number
	/** The lecture's parts: a heading and the one idea the slide states. */
	chapters: Array<[heading: string, point: string]>
	/** The last slide: what to try this week. */
	takeaway: string
}

/** In library order: the first ten are the free lessons (docs/decisions/011). */
export const DEMO_LESSONS: DemoLesson[] = [
	{
		slug: 'what-great-leaders-do-differently',
		title: 'What Great Leaders Do Differently',
		description: 'The habits that separate managers who are followed from managers who are obeyed.',
		category: 'Leadership Fundamentals',
		minutes: 12,
		chapters: [
			['Followed, not obeyed', 'Authority gets compliance; trust gets effort.'],
			['Clarity before speed', 'Say what matters, why, and what good looks like.'],
			['Consistency', 'People follow the leader they can predict.'],
			['Credit and blame', 'Give the first away; keep the second.'],
		],
		takeaway: 'Ask your team which of your habits helps them most.',
	},
	{
		slug: 'leading-yourself-before-leading-others',
		title: 'Leading Yourself Before Leading Others',
		description: 'Self-awareness, values and the daily disciplines of a credible leader.',
		category: 'Leadership Fundamentals',
		minutes: 9,
		chapters: [
			['Know your defaults', 'Stress shows your habits before your values.'],
			['Name your values', 'Three words you would defend in a hard meeting.'],
			['Daily disciplines', 'Plan the week, protect focus, review on Friday.'],
		],
		takeaway: 'Write down your three values and one habit that breaks them.',
	},
	{
		slug: 'giving-feedback-that-lands',
		title: 'Giving Feedback That Lands',
		description: 'A simple structure for feedback people can hear, remember and act on.',
		category: 'Communication',
		minutes: 14,
		chapters: [
			['Why feedback fails', 'Too late, too vague, or about the person.'],
			['Situation, behaviour, impact', 'Describe what you saw and what it changed.'],
			['Make it a conversation', 'Ask what they saw before you suggest a fix.'],
			['Follow up', 'Notice the change, and say so.'],
		],
		takeaway: 'Give one piece of specific, positive feedback today.',
	},
	{
		slug: 'running-one-on-ones-that-matter',
		title: 'Running One-on-Ones That Matter',
		description: 'Turn the weekly one-on-one into the most valuable half hour of your week.',
		category: 'Communication',
		minutes: 11,
		chapters: [
			['Their meeting, not yours', 'They bring the agenda; you bring attention.'],
			['Three questions', "What's on your mind? What's in your way? How can I help?"],
			['Keep the thread', 'Notes, commitments, and a check next week.'],
		],
		takeaway: 'Move your next one-on-one agenda into their hands.',
	},
	{
		slug: 'setting-a-clear-direction',
		title: 'Setting a Clear Direction',
		description: 'How to write a strategy your team can repeat from memory.',
		category: 'Strategy',
		minutes: 16,
		chapters: [
			['Where we play', 'Choose the customers and problems that matter.'],
			['How we win', 'One advantage, stated plainly.'],
			['What we stop', 'A strategy is also a list of no.'],
			['Say it in one breath', 'If it needs slides, it is not clear yet.'],
		],
		takeaway: 'Ask three people to tell you the strategy, and listen.',
	},
	{
		slug: 'building-psychological-safety',
		title: 'Building Psychological Safety',
		description: 'Create a team where people speak up early, disagree well and learn fast.',
		category: 'Team Building',
		minutes: 13,
		chapters: [
			['What it is not', 'Safety is not comfort: it is candour without fear.'],
			['Frame the work', 'Call it a learning problem, not an execution problem.'],
			['Respond productively', 'Thank the messenger, then fix the message.'],
		],
		takeaway: 'Thank the next person who brings you bad news.',
	},
	{
		slug: 'delegation-without-abdication',
		title: 'Delegation Without Abdication',
		description: 'Hand off work, keep the context, and grow your people in the process.',
		category: 'Leadership Fundamentals',
		minutes: 10,
		chapters: [
			['Delegate outcomes', 'Say what done means, not every step.'],
			['Match the level', 'Tell, ask, or trust: choose per task and person.'],
			['Stay reachable', 'Check-ins are support, not surveillance.'],
		],
		takeaway: 'Hand off one task you are holding on to.',
	},
	{
		slug: 'difficult-conversations',
		title: 'Difficult Conversations',
		description: 'Prepare for, open and close the conversations most leaders avoid.',
		category: 'Communication',
		minutes: 18,
		chapters: [
			['Prepare the facts', 'Separate what happened from your story about it.'],
			['Open well', 'Name the topic in the first sentence.'],
			['Listen to disagree', 'Understand before you answer.'],
			['Close with a plan', 'Who does what, by when.'],
		],
		takeaway: 'Put the conversation you are avoiding in your calendar.',
	},
	{
		slug: 'prioritising-when-everything-is-urgent',
		title: 'Prioritising When Everything Is Urgent',
		description: 'A practical triage method for leaders with too many top priorities.',
		category: 'Strategy',
		minutes: 8,
		chapters: [
			['Urgent or important', 'Urgent asks for attention; important earns it.'],
			['One top priority', 'Priorities, plural, is a recent word.'],
			['Say what waits', 'Tell people what is not happening now.'],
		],
		takeaway: 'Name your one priority for this week, out loud.',
	},
	{
		slug: 'hiring-for-culture-add',
		title: 'Hiring for Culture Add',
		description: 'Interview for what your team is missing, not for more of the same.',
		category: 'Team Building',
		minutes: 15,
		chapters: [
			['Fit is a trap', 'Fit hires the people you already have.'],
			['Define the gap', 'What perspective is the team missing?'],
			['Structured interviews', 'Same questions, scored before you talk.'],
			['Close the loop', 'Every candidate hears back.'],
		],
		takeaway: 'Write down the one skill your next hire must add.',
	},
	{
		slug: 'decision-making-under-uncertainty',
		title: 'Decision-Making Under Uncertainty',
		description: 'Make good calls with incomplete information, and explain them well.',
		category: 'Strategy',
		minutes: 17,
		chapters: [
			['Reversible or not', 'Two-way doors deserve speed.'],
			['Enough information', 'Decide at seventy percent, then adjust.'],
			['Pre-mortem', 'Imagine it failed: why?'],
			['Explain the call', 'The reasons, the risks, and when you will review.'],
		],
		takeaway: 'Label your next decision: reversible or not.',
	},
	{
		slug: 'leading-through-change',
		title: 'Leading Through Change',
		description: 'Help a team let go of the old way and commit to the new one.',
		category: 'Leadership Fundamentals',
		minutes: 21,
		chapters: [
			['Endings first', 'People let go before they take up anything new.'],
			['The neutral zone', 'Confusion is a stage, not a failure.'],
			['Make it concrete', 'What changes on Monday morning?'],
			['Celebrate early wins', 'Show that the new way works.'],
		],
		takeaway: 'Tell your team what is ending, not only what is starting.',
	},
	{
		slug: 'presenting-to-executives',
		title: 'Presenting to Executives',
		description: 'Lead with the answer, respect the clock, and handle the hard questions.',
		category: 'Communication',
		minutes: 12,
		chapters: [
			['Answer first', 'The recommendation goes on the first slide.'],
			['Three supports', 'Evidence, not everything you know.'],
			['Hard questions', "Say what you know, what you don't, and when you will."],
		],
		takeaway: 'Rewrite your next deck with the answer on page one.',
	},
	{
		slug: 'resolving-team-conflict',
		title: 'Resolving Team Conflict',
		description: 'Turn friction between colleagues into better decisions.',
		category: 'Team Building',
		minutes: 19,
		chapters: [
			['Task or relationship', 'Different conflicts need different fixes.'],
			['Bring it to the table', 'Meet together, not in turns.'],
			['Shared goal', 'Start from what both want.'],
			['Agree the next step', 'Write it down, check in a week.'],
		],
		takeaway: 'Ask two colleagues who disagree to meet with you together.',
	},
	{
		slug: 'coaching-your-direct-reports',
		title: 'Coaching Your Direct Reports',
		description: 'Ask more, tell less: a coaching toolkit for busy managers.',
		category: 'Leadership Fundamentals',
		minutes: 24,
		chapters: [
			['Coach or advise', 'Advice solves today; coaching solves next time.'],
			['The first question', "What's the real challenge here for you?"],
			['Stay curious longer', 'Hold your advice for one more question.'],
			['Commit to an action', 'What will you try, and when?'],
			['Follow through', 'Ask how it went.'],
		],
		takeaway: 'In your next one-on-one, ask three questions before any advice.',
	},
	{
		slug: 'measuring-what-matters',
		title: 'Measuring What Matters',
		description: 'Pick the few metrics that tell you whether your strategy is working.',
		category: 'Strategy',
		minutes: 7,
		chapters: [
			['Leading and lagging', 'Outcomes arrive late; pick signals that move first.'],
			['Fewer numbers', 'Three you review weekly beat thirty you never read.'],
		],
		takeaway: 'Cross out one metric nobody acts on.',
	},
]

/**
 * A slide of a lesson's lecture: shown from `start` up to `end` (seconds).
 * The clips (scripts/make-demo-media.ts) draw them at these times, and the
 * captions and chapters (below) say their words at the same times.
 */
export interface DemoSlide {
	start: number
	end: number
	label: string
	heading: string
	body?: string
	headingSize: number
	/** Which part this slide is (for the dots at the bottom), or null. */
	part: number | null
}

/** A lesson's slides: the title for 20 seconds, one per part in equal shares, the next step for the last 30 seconds. */
export function demoLessonSlides(lesson: DemoLesson, index: number): DemoSlide[] {
	const total = lesson.minutes * 60
	const titleEnd = 20
	const closingStart = total - 30
	const parts = lesson.chapters.length
	const partLength = (closingStart - titleEnd) / parts
	const category = lesson.category.toUpperCase()
	return [
		{
			start: 0,
			end: titleEnd,
			label: `${category}  ·  LESSON ${String(index + 1).padStart(2, '0')}`,
			heading: lesson.title,
			body: `${lesson.minutes} minutes  ·  ${parts} parts`,
			headingSize: 34,
			part: null,
		},
		...lesson.chapters.map(([heading, point], part) => ({
			start: Math.round(titleEnd + part * partLength),
			end: Math.round(titleEnd + (part + 1) * partLength),
			label: `PART ${part + 1} OF ${parts}`,
			heading,
			body: point,
			headingSize: 30,
			part,
		})),
		{
			start: closingStart,
			end: total,
			label: 'YOUR NEXT STEP',
			heading: lesson.takeaway,
			body: 'Thanks for watching.',
			headingSize: 26,
			part: null,
		},
	]
}

/** How long a slide's heading is captioned before its body takes over (at most half the slide). */
const HEADING_CAPTION_SECONDS = 8

/** "00:01:05.000": a WebVTT timestamp. */
function vttTime(seconds: number): string {
	const two = (value: number) => String(value).padStart(2, '0')
	return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}.000`
}

/** What the captions say a slide says: its part and heading, then its body. */
function slideLines(slide: DemoSlide, lesson: DemoLesson): [string, string | null] {
	if (slide.part !== null)
		return [`Part ${slide.part + 1} of ${lesson.chapters.length}: ${slide.heading}`, slide.body ?? null]
	if (slide.start === 0)
		return [`Welcome to ${lesson.title}.`, `${lesson.minutes} minutes, in ${lesson.chapters.length} parts.`]
	return [`Your next step: ${slide.heading}`, slide.body ?? null]
}

/**
 * A lesson's English captions (docs/decisions/174): each slide's words at
 * the time the slide shows, its heading first and then its body, as a
 * WebVTT file.
 */
export function demoLessonCaptions(lesson: DemoLesson, index: number): string {
	const cues = demoLessonSlides(lesson, index).flatMap((slide) => {
		const [heading, body] = slideLines(slide, lesson)
		const split = body
			? slide.start + Math.min(HEADING_CAPTION_SECONDS, Math.floor((slide.end - slide.start) / 2))
			: slide.end
		return [
			`${vttTime(slide.start)} --> ${vttTime(split)}\n${heading}`,
			...(body ? [`${vttTime(split)} --> ${vttTime(slide.end)}\n${body}`] : []),
		]
	})
	return `WEBVTT - ${lesson.title}\n\n${cues.join('\n\n')}\n`
}

/** A lesson's chapters: the introduction, each part at its slide, and the next step. */
export function demoLessonChapters(lesson: DemoLesson, index: number): Array<{ start: number; title: string }> {
	return demoLessonSlides(lesson, index).map((slide) => ({
		start: slide.start,
		title: slide.part !== null ? slide.heading : slide.start === 0 ? 'Introduction' : 'Your next step',
	}))
}

export const demoLessonMedia = (lesson: Pick<DemoLesson, 'slug'>) => `/media/${lesson.slug}.mp4`
export const demoLessonCover = (lesson: Pick<DemoLesson, 'slug'>) => `/images/thumbnails/${lesson.slug}.svg`

/** The demo members with a portrait (public/images/avatars/{username}.svg); the others show the letter of their name. */
export const DEMO_PORTRAITS = ['admin', 'manager', 'moderator', 'premium', 'maria', 'david'] as const
export const demoPortrait = (username: string) => `/images/avatars/${username}.svg`
