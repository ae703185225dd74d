import { describe, expect, it } from 'vitest'
import {
	AuditEntryModel,
	BlockModel,
	CommunityModel,
	DiscussionPostModel,
	MuteModel,
	NotificationModel,
	UserModel,
	discussionGroupKey,
	nextId,
} from '#models/index'
import { mailTo } from '../setup/caught-mail'
import { pageHtml, textOf } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { snapshot, userIdOf } from './admin-helpers'
import { demoMember, newMember, type Member } from './chat-helpers'

/**
 * Discussions (product §2 "Discussions", issue 24): posts and comments in
 * each community beside its chat, through the built server: the JSON calls
 * and the pages' forms without JavaScript, and every rule: read-only free
 * members, lock, pin, removal, mutes and blocks, follows notified once per
 * post until read, mentions, reactions, reports, the posting limits, and
 * Markdown that can carry no script (decision 099).
 */
const server = useSeededTestServer()

let rooms = 0
/** A community of the test's own, so lists and orders are the test's alone. */
async function newCommunity(): Promise<number> {
	rooms += 1
	const id = await nextId('communities')
	await CommunityModel.create({ id, name: `Discussion Room ${rooms}`, createdBy: await userIdOf('admin') })
	return id
}

async function post(member: Member, communityId: number, title: string, body = 'What do you think?') {
	const response = await member.client.json('POST', `/api/communities/${communityId}/posts`, { title, body })
	expect(response.status, `${member.username} posts "${title}"`).toBe(201)
	return (await response.json()) as { id: number; url: string; title: string }
}

async function comment(member: Member, postId: number, body: string, parentId?: number) {
	const response = await member.client.json('POST', `/api/posts/${postId}/comments`, { body, parentId })
	expect(response.status, `${member.username} comments "${body}"`).toBe(201)
	return (await response.json()) as { id: number; parentId: number | null }
}

const titlesOf = async (member: Member, communityId: number, query = '') =>
	(
		(await (await member.client.get(`/api/communities/${communityId}/posts${query}`)).json()) as Array<{
			title: string
		}>
	).map((item) => item.title)

describe('posts and comments', () => {
	it('a Premium member posts (JSON and form), others comment with one level of replies, oldest first, and the author edits and deletes', async () => {
		const room = await newCommunity()
		const [author, reader] = [await newMember(server.url, { name: 'Avery Author' }), await newMember(server.url)]

		const first = await post(author, room, 'Delegation at the top', 'What do **you** keep for yourself?')
		expect(first.url).toBe(`/community/${room}/discussions/${first.id}`)
		// Without JavaScript: the new-post form on the list page, then the post's page.
		const byForm = await reader.client.submitForm(`/community/${room}/discussions`, {
			intent: 'create-post',
			title: 'Written without JavaScript',
			body: 'A plain form post.',
		})
		expect(byForm.status).toBe(303)
		expect(byForm.headers.get('Location')).toMatch(new RegExp(`^/community/${room}/discussions/\\d+$`))

		const top = await comment(reader, first.id, 'I keep hiring.')
		const reply = await comment(author, first.id, 'Hiring, same here.', top.id)
		// A reply to a reply joins the thread of the top-level comment: one level.
		const deeper = await comment(reader, first.id, 'And firing.', reply.id)
		expect(deeper.parentId).toBe(top.id)
		// Without JavaScript, a comment lands in the thread, at its own anchor.
		const formComment = await reader.client.submitForm(first.url, { intent: 'comment', body: 'A second thought.' })
		expect(formComment.status).toBe(303)
		expect(formComment.headers.get('Location')).toMatch(new RegExp(`^${first.url}#comment-\\d+$`))

		const thread = await (await reader.client.get(`/api/posts/${first.id}`)).json()
		expect(thread.post).toMatchObject({ title: 'Delegation at the top', commentCount: 4, locked: false })
		expect(thread.post.html.trim()).toBe('<p>What do <strong>you</strong> keep for yourself?</p>')
		expect(thread.comments.map((c: { body: string }) => c.body)).toEqual(['I keep hiring.', 'A second thought.'])
		expect(thread.comments[0].replies.map((c: { body: string }) => c.body)).toEqual([
			'Hiring, same here.',
			'And firing.',
		])

		// The author edits ('(edited)'); someone else may not (403).
		expect((await reader.client.json('PATCH', `/api/posts/${first.id}`, { title: 'Hijacked' })).status).toBe(403)
		const edited = await author.client.json('PATCH', `/api/posts/${first.id}`, { body: 'What do you keep?' })
		expect(edited.status).toBe(200)
		expect((await edited.json()).editedAt).toEqual(expect.any(String))
		const page = textOf(await pageHtml(reader.client, first.url))
		expect(page).toContain('Delegation at the top')
		expect(page).toContain('(edited)')

		// The author deletes their comment: 'Comment deleted' keeps the replies readable.
		expect((await author.client.json('DELETE', `/api/comments/${reply.id}`)).status).toBe(200)
		expect((await reader.client.json('DELETE', `/api/comments/${reply.id}`)).status).toBe(409)
		const afterDelete = textOf(await pageHtml(reader.client, first.url))
		expect(afterDelete).toContain('Comment deleted')
		expect(afterDelete).toContain('And firing.')
		expect(afterDelete).not.toContain('Hiring, same here.')

		// The author deletes the post: it leaves the list, its page says so, its comments still read.
		expect((await author.client.json('DELETE', `/api/posts/${first.id}`)).status).toBe(200)
		expect(await titlesOf(reader, room)).toEqual(['Written without JavaScript'])
		const gone = textOf(await pageHtml(reader.client, first.url))
		expect(gone).toContain('This post was deleted by its author.')
		expect(gone).toContain('I keep hiring.')
		expect((await reader.client.json('POST', `/api/posts/${first.id}/comments`, { body: 'Late' })).status).toBe(409)
	})

	it('refuses bad input with its reason and changes nothing', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		const before = await snapshot()
		for (const [body, message] of [
			[{ title: 'Hi', body: 'x' }, 'Title must be at least 3 characters long'],
			[{ title: 'x'.repeat(151), body: 'x' }, 'Title must be at most 150 characters long'],
			[{ title: 'A fine title', body: '   ' }, 'Body is required'],
			[{ title: 'A fine title', body: 'x'.repeat(10_001) }, 'Body must be at most 10,000 characters long'],
		] as const) {
			const response = await author.client.json('POST', `/api/communities/${room}/posts`, body)
			expect(response.status).toBe(400)
			expect((await response.json()).message).toContain(message)
		}
		expect(
			(await author.client.json('POST', '/api/communities/99999/posts', { title: 'Nowhere', body: 'x' })).status,
		).toBe(404)
		expect(await snapshot()).toBe(before)
	})
})

/** Text that would run script, load something or mislead if it reached the page as HTML. */
const XSS_PAYLOADS = [
	'<script>alert(1)</script>',
	'<img src=x onerror=alert(1)>',
	'<svg onload=alert(1)><circle r="1"/></svg>',
	'<iframe src="https://evil.example/"></iframe>',
	'<style>body { display: none }</style>',
	'<a href="javascript:alert(1)">a raw link</a>',
	'<a href="https://example.com/" onclick="alert(1)">a link with a handler</a>',
	'<details open ontoggle=alert(1)><summary>x</summary></details>',
	'[a markdown link](javascript:alert(1))',
	'[mixed case](JaVaScRiPt:alert(1))',
	'[entity](&#106;avascript:alert(1))',
	'[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
	'<javascript:alert(1)>',
	'![an image](https://evil.example/pixel.png)',
	'![broken](x" onerror="alert(1))',
	'<form action="https://evil.example/"><input name="password"></form>',
	'<meta http-equiv="refresh" content="0;url=https://evil.example/">',
	'`<script>alert(1)</script>` in code is only text',
]

/** The HTML of the rendered posts and comments of a page (sanitized HTML holds no <div>, so each block ends at the first). */
const richTextOf = (html: string) =>
	[...html.matchAll(/<div class="rich-text">([\s\S]*?)<\/div>/g)].map((match) => match[1]!)

/** Every tag of sanitized HTML is harmless: only the allowed tags, no handler, no script address, links marked. */
function expectHarmless(html: string, where: string) {
	const tags = html.match(/<[a-z][^>]*>/gi) ?? []
	for (const tag of tags) {
		expect.soft(tag, where).not.toMatch(/^<(script|iframe|img|svg|style|form|input|meta|details|object|embed)\b/i)
		expect.soft(tag, where).not.toMatch(/\son[a-z]+\s*=/i)
		expect.soft(tag, where).not.toMatch(/(href|src)\s*=\s*["']?\s*(javascript|data|vbscript):/i)
		if (/^<a\b/i.test(tag)) expect.soft(tag, `${where}: every link`).toContain('rel="nofollow ugc noopener"')
	}
}

describe('Markdown that can carry no script (decision 099)', () => {
	it('XSS payloads posted through the JSON calls and the forms come back harmless, in the page and in the JSON', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		const body = [...XSS_PAYLOADS, '[a fine link](https://example.com/guide)'].join('\n\n')
		const byJson = await post(author, room, '<script>alert("title")</script> A title', body)
		await comment(author, byJson.id, body)
		const byForm = await author.client.submitForm(`/community/${room}/discussions`, {
			intent: 'create-post',
			title: '<img src=x onerror=alert(2)> Form title',
			body,
		})
		const formUrl = byForm.headers.get('Location')!
		await author.client.submitForm(formUrl, { intent: 'comment', body })

		for (const url of [byJson.url, formUrl]) {
			const html = await pageHtml(author.client, url)
			const blocks = richTextOf(html)
			expect(blocks.length, url).toBe(2)
			for (const block of blocks) expectHarmless(block, url)
			expect(blocks.join('')).toContain(
				'<a href="https://example.com/guide" rel="nofollow ugc noopener">a fine link</a>',
			)
			expect(blocks.join('')).toContain('<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>')
			// Titles are text: escaped wherever they appear; no payload runs anywhere on the page.
			expect(html).not.toMatch(/<script>alert|<img src=x onerror/)
		}
		const thread = await (await author.client.get(`/api/posts/${byJson.id}`)).json()
		expectHarmless(thread.post.html, 'GET /api/posts/{id} post.html')
		expectHarmless(thread.comments[0].html, 'GET /api/posts/{id} comment html')
		const list = await pageHtml(author.client, `/community/${room}/discussions`)
		expect(list).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; A title')
	})
})

describe('free members read everything and write nothing (product §6)', () => {
	it('reads the list and the thread, sees the Premium panel, and is refused posting, commenting and reacting (403)', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		const created = await post(author, room, 'Open to everyone to read')
		const free = await newMember(server.url, { premium: false })

		expect(await titlesOf(free, room)).toEqual(['Open to everyone to read'])
		const list = textOf(await pageHtml(free.client, `/community/${room}/discussions`))
		expect(list).toContain('Premium Feature')
		expect(list).toContain('Free accounts can read community discussions. Premium members can post.')
		expect(list).not.toContain('Start a discussion')
		const thread = textOf(await pageHtml(free.client, created.url))
		expect(thread).toContain('Premium Feature')
		expect(thread).not.toContain('Add a comment')

		const before = await snapshot()
		const readOnly = 'Discussions are read-only for free accounts. Upgrade to Premium to join the conversation.'
		for (const [method, path, body] of [
			['POST', `/api/communities/${room}/posts`, { title: 'Free post', body: 'x' }],
			['POST', `/api/posts/${created.id}/comments`, { body: 'Free comment' }],
			['PUT', `/api/posts/${created.id}/reactions/like`, undefined],
		] as const) {
			const response = await free.client.json(method, path, body)
			expect(response.status, `${method} ${path}`).toBe(403)
			expect((await response.json()).message).toBe(readOnly)
		}
		const form = await free.client.submitForm(`/community/${room}/discussions`, {
			intent: 'create-post',
			title: 'Free post by form',
			body: 'x',
		})
		expect(form.status).toBe(403)
		expect(textOf(await form.text())).toContain(readOnly)
		expect(await snapshot()).toBe(before)
	})
})

describe('moderators and admins (product §6)', () => {
	it('lock stops new comments, pin keeps a post on top, and only they may do either', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		const moderator = await demoMember(server.url, 'moderator')
		const older = await post(author, room, 'The older post')
		const newer = await post(author, room, 'The newer post')
		expect(await titlesOf(author, room)).toEqual(['The newer post', 'The older post'])

		for (const path of [`/api/posts/${older.id}/pin`, `/api/posts/${older.id}/lock`]) {
			const refused = await author.client.json('POST', path, path.endsWith('pin') ? { pinned: true } : { locked: true })
			expect(refused.status).toBe(403)
		}
		expect((await moderator.client.json('POST', `/api/posts/${older.id}/pin`, { pinned: true })).status).toBe(200)
		expect(await titlesOf(author, room)).toEqual(['The older post', 'The newer post'])
		// A comment on the newer post is its latest activity, still below the pinned one.
		await comment(author, newer.id, 'Bumping this')
		expect(await titlesOf(author, room)).toEqual(['The older post', 'The newer post'])

		expect((await moderator.client.json('POST', `/api/posts/${newer.id}/lock`, { locked: true })).status).toBe(200)
		const locked = await author.client.json('POST', `/api/posts/${newer.id}/comments`, { body: 'Too late' })
		expect(locked.status).toBe(409)
		expect((await locked.json()).message).toBe('This discussion is locked: it takes no new comments.')
		const page = textOf(await pageHtml(author.client, newer.url))
		expect(page).toContain('Locked')
		expect(page).toContain('This discussion is locked: it takes no new comments.')
		// Without JavaScript too: the pin and lock forms of the post's menu.
		const unlock = await moderator.client.submitForm(newer.url, { intent: 'lock-post', locked: 'false' })
		expect(unlock.status).toBe(303)
		await comment(author, newer.id, 'Open again')
		expect(await AuditEntryModel.countDocuments({ kind: 'post.locked', targetId: newer.id })).toBe(1)
	})

	it("remove a member's post or comment ('Removed by a moderator'); a moderator cannot remove an admin's", async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		const moderator = await demoMember(server.url, 'moderator')
		const admin = await demoMember(server.url, 'admin')
		const spam = await post(author, room, 'Buy my course')
		const note = await comment(author, spam.id, 'Really, buy it')
		const adminPost = await post(admin, room, 'House rules')

		expect((await moderator.client.json('DELETE', `/api/comments/${note.id}`)).status).toBe(200)
		const removed = await moderator.client.submitForm(spam.url, { intent: 'delete-post' })
		expect(removed.status).toBe(303)
		const page = textOf(await pageHtml(author.client, spam.url))
		expect(page).toContain('Removed by a moderator')
		expect(page).not.toContain('Really, buy it')
		const refused = await moderator.client.json('DELETE', `/api/posts/${adminPost.id}`)
		expect(refused.status).toBe(403)
		expect((await refused.json()).message).toBe('Moderators cannot moderate an admin or another moderator')
		expect(await AuditEntryModel.countDocuments({ kind: 'post.removed', targetId: spam.id })).toBe(1)
	})

	it('a muted member cannot post or comment; the page shows the mute', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		const target = await post(author, room, 'Before the mute')
		const muted = await newMember(server.url)
		await MuteModel.create({
			userId: muted.id,
			until: new Date(Date.now() + 3_600_000),
			reason: 'Cooling off',
			mutedBy: await userIdOf('moderator'),
			createdAt: new Date(),
		})
		for (const [path, body] of [
			[`/api/communities/${room}/posts`, { title: 'Muted post', body: 'x' }],
			[`/api/posts/${target.id}/comments`, { body: 'Muted comment' }],
		] as const) {
			const response = await muted.client.json('POST', path, body)
			expect(response.status).toBe(403)
			expect((await response.json()).message).toMatch(/^You are muted until /)
		}
		expect(textOf(await pageHtml(muted.client, target.url))).toContain('A moderator muted you in every room.')
	})
})

describe('blocks hide what blocked members write from the blocker', () => {
	it('their posts leave the list and the dashboard, their comments the thread; nothing of theirs notifies the blocker', async () => {
		const room = await newCommunity()
		const [blocker, blocked, other] = [
			await newMember(server.url, { name: 'Blair Blocker' }),
			await newMember(server.url, { name: 'Bo Blocked' }),
			await newMember(server.url, { name: 'Olly Other' }),
		]
		await UserModel.updateOne({ id: blocker.id }, { $set: { communityIds: [room] } })
		expect((await blocker.client.json('POST', `/api/users/${blocked.id}/block`)).status).toBe(200)
		const theirs = await post(blocked, room, 'A post by the blocked member')
		const mine = await post(blocker, room, 'A post by the blocker')
		await comment(other, mine.id, 'A comment by someone else')
		const hidden = await comment(blocked, mine.id, `Hidden words, @${blocker.username}`)
		await comment(other, mine.id, 'A reply under the hidden comment', hidden.id)

		expect(await titlesOf(blocker, room)).toEqual(['A post by the blocker'])
		expect(await titlesOf(other, room)).toEqual(['A post by the blocker', 'A post by the blocked member'])
		expect((await blocker.client.get(`/api/posts/${theirs.id}`)).status).toBe(404)
		const thread = textOf(await pageHtml(blocker.client, mine.url))
		expect(thread).not.toContain('Hidden words')
		expect(thread).toContain('Hidden: a comment from a member you blocked.')
		expect(thread).toContain('A reply under the hidden comment')
		const dashboard = textOf(await pageHtml(blocker.client, '/dashboard'))
		expect(dashboard).toContain('A comment by someone else')
		expect(dashboard).not.toContain('A post by the blocked member')
		// The blocker follows their own post: the blocked member's comment and mention told them nothing.
		const notifications = await NotificationModel.find({ recipientId: blocker.id }).lean()
		expect(notifications.map((notification) => notification.text)).not.toContainEqual(
			expect.stringContaining('Hidden words'),
		)
		await BlockModel.deleteMany({ blockerId: blocker.id })
	})
})

describe('following, mentions and their notifications', () => {
	it('a follower gets one notification per post until they read it (and one email), the author and commenters follow by themselves', async () => {
		const room = await newCommunity()
		const [author, follower, writer] = [
			await newMember(server.url, { name: 'Ada Author' }),
			await newMember(server.url, { name: 'Fran Follower' }),
			await newMember(server.url, { name: 'Wren Writer' }),
		]
		const created = await post(author, room, 'Who follows this?')
		expect(await (await follower.client.json('PUT', `/api/posts/${created.id}/follow`)).json()).toEqual({
			following: true,
		})
		await comment(writer, created.id, 'First comment')
		await comment(writer, created.id, 'Second comment')
		const unread = async (who: Member) =>
			NotificationModel.find({ recipientId: who.id, groupKey: discussionGroupKey(created.id), readAt: null }).lean()
		const [pending] = await unread(follower)
		expect(await unread(follower)).toHaveLength(1)
		expect(pending).toMatchObject({
			kind: 'discussion_comment',
			title: 'New comments on "Who follows this?"',
			text: 'Wren Writer: Second comment',
		})
		// The author follows their own post; the writer is not told of their own comments.
		expect(await unread(author)).toHaveLength(1)
		expect(await unread(writer)).toHaveLength(0)
		// One email per post until it is read.
		const followerEmail = (await UserModel.findOne({ id: follower.id }).lean())!.email
		await expect
			.poll(async () => (await mailTo(server.url, followerEmail)).length, { timeout: 20_000 })
			.toBeGreaterThanOrEqual(1)
		expect((await mailTo(server.url, followerEmail)).map((mail) => mail.subject)).toEqual([
			'New comments on "Who follows this?"',
		])

		// Opening the post reads it; the next comment notifies again.
		await pageHtml(follower.client, created.url)
		expect(await unread(follower)).toHaveLength(0)
		await comment(writer, created.id, 'Third comment')
		expect(await unread(follower)).toHaveLength(1)
		// The writer follows now (a commenter); after unfollowing, nothing more.
		await comment(author, created.id, 'Thanks, Wren')
		expect(await unread(writer)).toHaveLength(1)
		await pageHtml(writer.client, created.url)
		expect((await writer.client.json('DELETE', `/api/posts/${created.id}/follow`)).status).toBe(200)
		await comment(author, created.id, 'Anyone else?')
		expect(await unread(writer)).toHaveLength(0)
	})

	it('@username in a post or comment notifies that member, as in chat', async () => {
		const room = await newCommunity()
		const [author, named] = [await newMember(server.url, { name: 'Mo Mentioner' }), await newMember(server.url)]
		const created = await post(author, room, 'A question for you', `What do you think, @${named.username}?`)
		const mention = await NotificationModel.findOne({ recipientId: named.id, kind: 'discussion_mention' }).lean()
		expect(mention).toMatchObject({
			title: 'Mo Mentioner mentioned you in "A question for you"',
			link: created.url,
		})
	})
})

describe('reactions', () => {
	it('Like, Insightful and Celebrate, once per member and kind, with counts and who; most reactions this month sorts by them', async () => {
		const room = await newCommunity()
		const [author, fan, friend] = [
			await newMember(server.url),
			await newMember(server.url, { name: 'Fay Fan' }),
			await newMember(server.url, { name: 'Fred Friend' }),
		]
		const quiet = await post(author, room, 'A quiet post')
		const loved = await post(author, room, 'A loved post')
		await post(author, room, 'The newest post')

		const put = async (member: Member, kind: string) =>
			(await member.client.json('PUT', `/api/posts/${quiet.id}/reactions/${kind}`)).json()
		await put(fan, 'insightful')
		const twice = await put(fan, 'insightful')
		const insightful = twice.reactions.find((reaction: { kind: string }) => reaction.kind === 'insightful')
		expect(insightful).toEqual({ kind: 'insightful', label: 'Insightful', count: 1, reacted: true, who: ['Fay Fan'] })
		await put(friend, 'insightful')
		await put(friend, 'celebrate')
		const taken = await (await fan.client.json('DELETE', `/api/posts/${quiet.id}/reactions/insightful`)).json()
		expect(taken.reactions.find((reaction: { kind: string }) => reaction.kind === 'insightful')).toMatchObject({
			count: 1,
			reacted: false,
			who: ['Fred Friend'],
		})
		expect((await fan.client.json('PUT', `/api/posts/${quiet.id}/reactions/love`)).status).toBe(404)

		// Without JavaScript: the reaction buttons are forms.
		const byForm = await fan.client.submitForm(loved.url, {
			intent: 'react',
			targetType: 'post',
			targetId: String(loved.id),
			kind: 'like',
			on: 'true',
		})
		expect(byForm.status).toBe(303)
		for (const member of [friend, author]) await member.client.json('PUT', `/api/posts/${loved.id}/reactions/like`)
		await friend.client.json('PUT', `/api/posts/${loved.id}/reactions/celebrate`)

		expect(await titlesOf(fan, room, '?sort=top')).toEqual(['A loved post', 'A quiet post', 'The newest post'])
		expect(await titlesOf(fan, room)).toEqual(['The newest post', 'A loved post', 'A quiet post'])
		expect((await fan.client.get(`/api/communities/${room}/posts?sort=best`)).status).toBe(400)
		const page = textOf(await pageHtml(fan.client, loved.url))
		expect(page).toMatch(/Like: (Fay Fan|Fred Friend|Robin Member)/)
	})
})

describe('reports of posts and comments reach the moderation queue with their context', () => {
	it('a member reports a post and a comment; the queue shows them in their thread; resolving with delete removes them', async () => {
		const room = await newCommunity()
		const [author, reporter] = [await newMember(server.url, { name: 'Riley Reported' }), await newMember(server.url)]
		const moderator = await demoMember(server.url, 'moderator')
		const reported = await post(author, room, 'Spammy post', 'Visit my site')
		const before = await comment(reporter, reported.id, 'A fair question')
		const bad = await comment(author, reported.id, 'Rude words here')

		const byJson = await reporter.client.json('POST', '/api/reports', { postId: reported.id, reason: 'spam' })
		expect(byJson.status).toBe(201)
		expect((await reporter.client.json('POST', '/api/reports', { postId: reported.id, reason: 'spam' })).status).toBe(
			409,
		)
		expect((await author.client.json('POST', '/api/reports', { postId: reported.id, reason: 'spam' })).status).toBe(400)
		const byForm = await reporter.client.submitForm(`${reported.url}?report=${bad.id}`, {
			intent: 'report-comment',
			commentId: String(bad.id),
			reason: 'harassment',
			details: '',
		})
		expect(byForm.status).toBe(303)

		const queue = (await (await moderator.client.get('/api/reports')).json()) as {
			reports: Array<{
				id: number
				target: string
				message: { content: string; reportedContent: string }
				context: Array<{ content: string }>
				discussion: { url: string } | null
			}>
		}
		const postReport = queue.reports.find(
			(report) => report.target === 'post' && report.discussion?.url === reported.url,
		)!
		const commentReport = queue.reports.find(
			(report) => report.target === 'comment' && report.message.content === 'Rude words here',
		)!
		expect(postReport.message.reportedContent).toBe('Spammy post\n\nVisit my site')
		expect(postReport.context.map((item) => item.content)).toEqual(['A fair question', 'Rude words here'])
		expect(commentReport.context.map((item) => item.content)).toEqual([
			'Spammy post\n\nVisit my site',
			'A fair question',
		])
		expect(before.id).toBeLessThan(bad.id)
		const queuePage = textOf(await pageHtml(moderator.client, '/moderation'))
		expect(queuePage).toContain(`Harassment: Riley Reported in a discussion in Discussion Room`)
		expect(queuePage).toContain('Delete comment')

		const resolved = await moderator.client.json('POST', `/api/reports/${commentReport.id}/resolve`, {
			action: 'delete',
		})
		expect(resolved.status).toBe(200)
		expect(textOf(await pageHtml(reporter.client, reported.url))).toContain('Removed by a moderator')
		const deletedPost = await moderator.client.submitForm('/moderation', {
			intent: 'resolve-report',
			reportId: String(postReport.id),
			outcome: 'delete',
		})
		expect(deletedPost.status).toBe(303)
		expect((await DiscussionPostModel.findOne({ id: reported.id }).lean())?.deletedAt).toBeTruthy()
	})
})

describe('posting limits (shared across processes through Redis when it is configured)', () => {
	it('at most 5 posts per member in 10 minutes: the sixth is 429 with Retry-After, and stores nothing', async () => {
		const room = await newCommunity()
		const author = await newMember(server.url)
		for (let count = 1; count <= 5; count += 1) await post(author, room, `Post number ${count}`)
		const before = await DiscussionPostModel.countDocuments({ authorId: author.id })
		const sixth = await author.client.json('POST', `/api/communities/${room}/posts`, {
			title: 'One too many',
			body: 'x',
		})
		expect(sixth.status).toBe(429)
		expect(Number(sixth.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect((await sixth.json()).message).toBe('You are posting too quickly. Please wait a few minutes and try again.')
		expect(await DiscussionPostModel.countDocuments({ authorId: author.id })).toBe(before)
	})
})
