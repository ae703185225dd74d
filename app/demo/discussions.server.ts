import mongoose from 'mongoose'
import {
	CommunityModel,
	DiscussionCommentModel,
	DiscussionFollowModel,
	DiscussionPostModel,
	DiscussionReactionModel,
	UserModel,
	nextId,
	type ReactionKind,
} from '#models/index'

/**
 * The demo's discussions (product §2 "Discussions"): a few dozen posts in
 * the three default communities, with comments, replies and reactions, a
 * pinned welcome post in each, and a locked announcement; the demo members'
 * memberships, which differ per member; and their directory profiles.
 * Written straight to the models (as the rest of the demo history is), once:
 * a database that already has posts is left as it is.
 */

const DAY = 86_400_000
const MINUTE = 60_000

type Reaction = [username: string, kind: ReactionKind]
interface DemoComment {
	by: string
	text: string
	/** Minutes after the post. */
	after: number
	replies?: Array<{ by: string; text: string; after: number }>
	reactions?: Reaction[]
}
interface DemoPost {
	by: string
	title: string
	body: string
	daysAgo: number
	pinned?: boolean
	locked?: boolean
	comments?: DemoComment[]
	reactions?: Reaction[]
}

const WELCOME = (room: string, focus: string): DemoPost => ({
	by: 'moderator',
	title: `Welcome to ${room}: start here`,
	body: `Welcome! This is the place for **${focus}**.\n\nA few house rules:\n\n1. Ask real questions about real situations; leave names of colleagues out.\n2. Share what worked *and* what did not.\n3. Be kind. Report anything that is not, and a moderator will look at it.\n\nIntroduce yourself below: your role, your team, and one thing you are working on this quarter.`,
	daysAgo: 20,
	pinned: true,
	reactions: [
		['maria', 'like'],
		['david', 'like'],
		['premium', 'celebrate'],
		['admin', 'like'],
	],
	comments: [
		{
			by: 'maria',
			text: 'Maria, VP of Operations. Working on handing more of the weekly operations review to my directors.',
			after: 90,
			reactions: [['moderator', 'like']],
		},
		{
			by: 'david',
			text: 'David, founder. Scaling from 25 to 40 people and learning to hire managers instead of doing everything myself.',
			after: 300,
			replies: [{ by: 'maria', text: 'The jump past 30 is where it changes. Happy to compare notes.', after: 420 }],
		},
	],
})

const POSTS: Record<string, DemoPost[]> = {
	'Executive Leadership': [
		WELCOME('Executive Leadership', 'senior leaders: strategy, boards and leading leaders'),
		{
			by: 'admin',
			title: 'Announcement: the Annual Leadership Summit agenda is out',
			body: 'The agenda for the **Annual Leadership Summit** is on the Events page. Sessions on board communication, succession planning and leading through a reorganisation.\n\nQuestions about the summit go to the Events page or a private message to me; this thread is locked so the announcement stays easy to find.',
			daysAgo: 12,
			locked: true,
			reactions: [
				['maria', 'celebrate'],
				['david', 'celebrate'],
				['premium', 'like'],
			],
			comments: [{ by: 'maria', text: 'Looking forward to the succession planning session.', after: 60 }],
		},
		{
			by: 'david',
			title: 'How do you prepare for a board meeting without drowning in slides?',
			body: 'Our board meets quarterly and I spend **two weeks** on the deck. It feels like theatre.\n\nHow do you keep the preparation proportionate and still give the board what it needs?',
			daysAgo: 9,
			reactions: [
				['maria', 'insightful'],
				['admin', 'like'],
				['premium', 'like'],
			],
			comments: [
				{
					by: 'maria',
					text: 'Send a short memo a week ahead instead: three decisions you need, the numbers behind them, the risks. The meeting then discusses rather than presents.',
					after: 45,
					reactions: [
						['david', 'insightful'],
						['premium', 'insightful'],
					],
					replies: [
						{ by: 'david', text: 'A memo instead of slides. Trying it next quarter.', after: 80 },
						{ by: 'admin', text: 'Amazon-style six-pagers are the extreme version. Two pages is plenty.', after: 200 },
					],
				},
				{
					by: 'premium',
					text: 'We ask each board member which one question they want answered before the meeting. It focuses the pack a lot.',
					after: 500,
				},
			],
		},
		{
			by: 'maria',
			title: 'Delegation at the top: what do you keep?',
			body: 'Everyone says "delegate more". At the executive level I find the harder question is **what to keep**.\n\nMy list so far:\n\n- hiring and firing my direct reports\n- the one or two bets that define the year\n- how we treat people when things go wrong\n\nWhat is on yours?',
			daysAgo: 6,
			reactions: [
				['david', 'insightful'],
				['moderator', 'insightful'],
				['premium', 'like'],
				['admin', 'insightful'],
			],
			comments: [
				{
					by: 'david',
					text: 'Culture calls. Anything that sets a precedent for how we behave, I keep.',
					after: 30,
				},
				{
					by: 'admin',
					text: 'I would add: the bad news. Delivering it myself is part of the job.',
					after: 130,
					reactions: [['maria', 'like']],
				},
			],
		},
		{
			by: 'premium',
			title: 'Reading list for a first-time director',
			body: 'I step into a director role next month. Which books or articles actually changed how you lead?\n\nI have *The Five Dysfunctions of a Team* from the Resources page already.',
			daysAgo: 3,
			reactions: [['maria', 'like']],
			comments: [
				{
					by: 'maria',
					text: '*High Output Management*. Old, still the best on how a manager multiplies a team.',
					after: 25,
				},
				{ by: 'david', text: '*An Elegant Puzzle* if you lead engineers.', after: 70 },
			],
		},
		{
			by: 'david',
			title: 'Running a reorganisation without losing your best people',
			body: 'We are merging two teams. Last time we did this we lost two senior engineers within three months.\n\nWhat would you do differently?',
			daysAgo: 1,
			comments: [
				{
					by: 'maria',
					text: 'Talk to the people you cannot lose **before** the announcement, one by one. Tell them what changes for them and ask what worries them.',
					after: 40,
					reactions: [['david', 'insightful']],
				},
			],
		},
	],
	'New Managers': [
		WELCOME('New Managers', 'your first years of managing people'),
		{
			by: 'premium',
			title: 'First one-on-ones with former peers',
			body: 'I was promoted to lead the team I was on. My first one-on-ones are next week.\n\nHow do I make them not awkward?',
			daysAgo: 14,
			reactions: [
				['maria', 'like'],
				['david', 'like'],
				['moderator', 'like'],
			],
			comments: [
				{
					by: 'maria',
					text: 'Name it: "This is new for both of us." Then ask each person what they want from you as a manager, and write it down. Follow up on it in a month.',
					after: 20,
					reactions: [
						['premium', 'insightful'],
						['david', 'insightful'],
					],
					replies: [{ by: 'premium', text: 'Writing it down is a great tip, thank you.', after: 60 }],
				},
				{
					by: 'moderator',
					text: 'The lesson "Running One-on-Ones That Matter" in the library covers exactly this.',
					after: 95,
				},
			],
		},
		{
			by: 'olivia',
			title: 'How do you give feedback to someone more experienced than you?',
			body: 'One of the nurses on my ward has ten more years of experience than me. Their care is excellent but they skip the handover checklist.\n\nAny advice on raising it?',
			daysAgo: 8,
			reactions: [['premium', 'like']],
			comments: [
				{
					by: 'david',
					text: 'Make it about the team standard, not their skill: "We all use the checklist, including me."',
					after: 55,
				},
				{
					by: 'maria',
					text: 'Ask first: "What would make the checklist worth your time?" Experienced people often skip steps that feel slow or shallow.',
					after: 110,
					reactions: [['premium', 'insightful']],
				},
			],
		},
		{
			by: 'premium',
			title: 'Delegation: I keep taking the tasks back',
			body: 'I hand a task over, see it going slowly, and take it back "just this once". Then I am the bottleneck again.\n\nHow did you break the habit?',
			daysAgo: 5,
			reactions: [
				['maria', 'insightful'],
				['david', 'like'],
				['moderator', 'like'],
				['admin', 'like'],
			],
			comments: [
				{
					by: 'maria',
					text: 'Agree on the *outcome and the deadline*, not the steps. Then ask for a check-in halfway instead of watching.',
					after: 35,
				},
				{ by: 'david', text: 'Slow is the price of them learning. Budget for it.', after: 60 },
			],
		},
		{
			by: 'maria',
			title: 'A simple weekly team meeting agenda',
			body: 'Ours takes 30 minutes:\n\n1. Wins of the week (5 min)\n2. Numbers that matter (5 min)\n3. Blockers, one per person (15 min)\n4. Anything else (5 min)\n\nShare yours!',
			daysAgo: 2,
			reactions: [
				['premium', 'like'],
				['noah', 'like'],
			],
			comments: [{ by: 'premium', text: 'Stealing the wins section. Our meetings are all problems.', after: 15 }],
		},
	],
	'Women in Leadership': [
		WELCOME('Women in Leadership', 'support, mentoring and stories from women who lead'),
		{
			by: 'maria',
			title: 'Negotiating a promotion: what worked for you?',
			body: 'I mentor two new managers who are about to ask for their first promotion.\n\nWhat did you say, and what do you wish you had said?',
			daysAgo: 10,
			reactions: [
				['premium', 'insightful'],
				['noah', 'like'],
			],
			comments: [
				{
					by: 'premium',
					text: 'Bring the evidence in writing: the scope you already carry, with numbers. It moved the conversation from "if" to "when".',
					after: 50,
					reactions: [['maria', 'insightful']],
				},
			],
		},
		{
			by: 'emma',
			title: 'Finding a mentor outside my company',
			body: 'Is it normal to ask someone you admire to mentor you, out of the blue? How did you find yours?',
			daysAgo: 4,
			reactions: [['maria', 'like']],
			comments: [
				{
					by: 'maria',
					text: 'Ask for one conversation about one question, not for "mentoring". If it goes well, ask for a second.',
					after: 40,
					replies: [{ by: 'emma', text: 'That feels much less daunting. Thank you!', after: 90 }],
				},
			],
		},
		{
			by: 'premium',
			title: 'Meetup next week: who is coming?',
			body: 'The **Women in Leadership Meetup** is on the Events page. Let us find each other there!',
			daysAgo: 1,
			reactions: [
				['maria', 'celebrate'],
				['noah', 'celebrate'],
			],
		},
	],
}

/** Who belongs where (product §2 "Communities"): the demo members differ; everyone else has the defaults. */
const MEMBERSHIPS: Record<string, string[]> = {
	admin: ['Executive Leadership', 'New Managers', 'Women in Leadership', 'Remote Team Leaders'],
	manager: ['Executive Leadership', 'New Managers'],
	moderator: ['New Managers', 'Women in Leadership', 'Remote Team Leaders'],
	member: ['New Managers', 'Women in Leadership'],
	premium: ['Executive Leadership', 'New Managers', 'Remote Team Leaders'],
	maria: ['Executive Leadership', 'New Managers', 'Women in Leadership'],
	david: ['Executive Leadership', 'Remote Team Leaders'],
}

/** The demo members' directory profiles. */
const PROFILES: Record<
	string,
	{ headline: string; location: string; linkedinUrl?: string; interests: string[]; hidden?: boolean }
> = {
	admin: {
		headline: 'Executive coach and community lead',
		location: 'Chicago, IL',
		linkedinUrl: 'https://www.linkedin.com/in/alex-morgan-demo',
		interests: ['Coaching', 'Board communication', 'Community building'],
	},
	manager: {
		headline: 'Head of learning content',
		location: 'Toronto, Canada',
		interests: ['Instructional design', 'Video', 'Leadership development'],
	},
	moderator: {
		headline: 'Community moderator, people manager',
		location: 'Austin, TX',
		interests: ['Facilitation', 'Feedback', 'New managers'],
	},
	member: {
		headline: 'First-time team lead in healthcare',
		location: 'Denver, CO',
		interests: ['Healthcare', 'Feedback', 'Mentoring'],
	},
	premium: {
		headline: 'Engineering manager growing into a director role',
		location: 'Seattle, WA',
		linkedinUrl: 'https://www.linkedin.com/in/taylor-brooks-demo',
		interests: ['Delegation', 'Engineering management', 'One-on-ones'],
	},
	maria: {
		headline: 'VP of Operations, mentor for new managers',
		location: 'Madrid, Spain',
		linkedinUrl: 'https://www.linkedin.com/in/maria-gonzalez-demo',
		interests: ['Operations', 'Mentoring', 'Delegation', 'Healthcare'],
	},
	david: {
		headline: 'Founder and CEO, scaling a team of 40',
		location: 'San Francisco, CA',
		interests: ['Startups', 'Hiring', 'Board meetings'],
	},
	noah: {
		headline: 'Plant manager',
		location: 'Manchester, UK',
		interests: ['Manufacturing', 'Safety culture'],
	},
	olivia: {
		headline: 'Nurse manager',
		location: 'Boston, MA',
		interests: ['Healthcare', 'Shift work', 'Burnout'],
	},
	casey: { headline: 'Sales team lead', location: 'Dublin, Ireland', interests: ['Sales'], hidden: true },
}

export async function seedDemoDiscussions(now: number, userIds: Map<string, number>): Promise<void> {
	const rooms = await CommunityModel.find().select('id name').lean<Array<{ id: number; name: string }>>()
	const roomId = (name: string) => rooms.find((room) => room.name === name)?.id
	await seedMemberships(userIds, roomId)
	await seedProfiles(userIds)
	if ((await DiscussionPostModel.estimatedDocumentCount()) > 0) return
	const id = (username: string) => userIds.get(username)
	for (const [roomName, posts] of Object.entries(POSTS)) {
		const communityId = roomId(roomName)
		if (communityId === undefined) continue
		for (const post of posts) {
			const authorId = id(post.by)
			if (authorId === undefined) continue
			const createdAt = new Date(now - post.daysAgo * DAY)
			const postId = await nextId('discussionPosts')
			const followers = new Set([authorId])
			const comments: Array<{ id: number; createdAt: Date }> = []
			const reactions: Array<{ targetType: 'post' | 'comment'; targetId: number; reaction: Reaction; at: Date }> = (
				post.reactions ?? []
			).map((reaction, index) => ({
				targetType: 'post',
				targetId: postId,
				reaction,
				at: new Date(createdAt.getTime() + (index + 1) * 7 * MINUTE),
			}))
			const writeComment = async (by: string, text: string, after: number, parentId: number | null) => {
				const commentAuthor = id(by)
				if (commentAuthor === undefined) return null
				const comment = {
					id: await nextId('discussionComments'),
					postId,
					communityId,
					authorId: commentAuthor,
					parentId,
					body: text,
					createdAt: new Date(Math.min(createdAt.getTime() + after * MINUTE, now - MINUTE)),
				}
				await DiscussionCommentModel.create(comment)
				comments.push(comment)
				followers.add(commentAuthor)
				return comment
			}
			for (const demo of post.comments ?? []) {
				const comment = await writeComment(demo.by, demo.text, demo.after, null)
				if (!comment) continue
				for (const reaction of demo.reactions ?? [])
					reactions.push({ targetType: 'comment', targetId: comment.id, reaction, at: comment.createdAt })
				for (const reply of demo.replies ?? []) await writeComment(reply.by, reply.text, reply.after, comment.id)
			}
			await DiscussionPostModel.create({
				id: postId,
				communityId,
				authorId,
				title: post.title,
				body: post.body,
				createdAt,
				editedAt: null,
				deletedAt: null,
				deletedBy: null,
				pinnedAt: post.pinned ? createdAt : null,
				lockedAt: post.locked ? createdAt : null,
				lastActivityAt: new Date(
					Math.max(createdAt.getTime(), ...comments.map((comment) => comment.createdAt.getTime())),
				),
			})
			for (const { targetType, targetId, reaction, at } of reactions) {
				const userId = id(reaction[0])
				if (userId === undefined) continue
				await DiscussionReactionModel.create({
					targetType,
					targetId,
					postId,
					communityId,
					userId,
					kind: reaction[1],
					createdAt: at,
				})
			}
			for (const userId of followers) await DiscussionFollowModel.create({ postId, userId, createdAt })
		}
	}
}

/** Each demo member's communities, unless they already chose; everyone else without any gets the defaults. */
async function seedMemberships(userIds: Map<string, number>, roomId: (name: string) => number | undefined) {
	for (const [username, names] of Object.entries(MEMBERSHIPS)) {
		const userId = userIds.get(username)
		if (userId === undefined) continue
		const communityIds = names.flatMap((name) => (roomId(name) === undefined ? [] : [roomId(name)!]))
		await UserModel.updateOne(
			{ id: userId, communityIds: mongoose.trusted({ $exists: false }) },
			{ $set: { communityIds } },
		)
	}
	const defaults = ['Executive Leadership', 'New Managers', 'Women in Leadership'].flatMap((name) =>
		roomId(name) === undefined ? [] : [roomId(name)!],
	)
	await UserModel.updateMany(
		{ communityIds: mongoose.trusted({ $exists: false }) },
		{ $set: { communityIds: defaults } },
	)
}

/** The demo members' headlines, places and interests, unless they wrote their own. */
async function seedProfiles(userIds: Map<string, number>) {
	for (const [username, profile] of Object.entries(PROFILES)) {
		const userId = userIds.get(username)
		if (userId === undefined) continue
		await UserModel.updateOne(
			{ id: userId, headline: null },
			{
				$set: {
					headline: profile.headline,
					location: profile.location,
					linkedinUrl: profile.linkedinUrl ?? null,
					interests: profile.interests,
					hiddenFromDirectory: Boolean(profile.hidden),
				},
			},
		)
	}
}
