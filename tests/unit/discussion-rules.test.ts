import { describe, expect, it } from 'vitest'
import { readDirectoryFilter } from '~/lib/directory'
import { parseReactionKind, readOpenDiscussionForm, readSort } from '~/lib/discussions'
import { CommentSchema, PostSchema, PostUpdateSchema, ReactFormSchema } from '~/lib/discussion-schemas'
import { ReportSchema } from '~/lib/moderation-schemas'

/** The rules of discussions, reports of them and the directory's filters (product §2, §5; issue 24), on their own. */
const messagesOf = (result: {
	success: boolean
	error?: { issues: Array<{ path: PropertyKey[]; message: string }> }
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.') || '(form)', issue.message]))

describe('posts and comments', () => {
	it('a title of 3 to 150 characters on one line and a body of 1 to 10,000, trimmed', () => {
		expect(PostSchema.parse({ title: '  Delegation  ', body: ' Why? ' })).toEqual({ title: 'Delegation', body: 'Why?' })
		expect(messagesOf(PostSchema.safeParse({ title: 'ab', body: '' }))).toEqual({
			title: 'Title must be at least 3 characters long',
			body: 'Body is required',
		})
		expect(messagesOf(PostSchema.safeParse({ title: 'two\nlines', body: 'x' }))).toEqual({
			title: 'Title must be one line of text',
		})
		expect(messagesOf(PostSchema.safeParse({ title: 'x'.repeat(151), body: 'x'.repeat(10_001) }))).toEqual({
			title: 'Title must be at most 150 characters long',
			body: 'Body must be at most 10,000 characters long',
		})
	})

	it('an edit sends the title, the body or both; a comment may name the comment it replies to', () => {
		expect(messagesOf(PostUpdateSchema.safeParse({}))).toEqual({ '(form)': 'Send at least one of title, body' })
		expect(PostUpdateSchema.parse({ body: 'New words' })).toEqual({ body: 'New words' })
		expect(CommentSchema.parse({ body: 'Yes', parentId: 4 })).toEqual({ body: 'Yes', parentId: 4 })
		expect(messagesOf(CommentSchema.safeParse({ body: 'Yes', parentId: -1 }))).toEqual({
			parentId: 'parentId must be a positive number',
		})
	})

	it('reactions are the three kinds; the sort and the forms opened from the address read mangled values as none', () => {
		expect(parseReactionKind('insightful')).toBe('insightful')
		expect(parseReactionKind('love')).toBeNull()
		expect(ReactFormSchema.safeParse({ targetType: 'post', targetId: 1, kind: 'love', on: 'true' }).success).toBe(false)
		expect(readSort('top')).toBe('top')
		expect(readSort('{"$gt":""}')).toBe('latest')
		const open = (query: string) => readOpenDiscussionForm(new URLSearchParams(query))
		expect(open('edit=post')).toEqual({ kind: 'edit-post' })
		expect(open('report=12')).toEqual({ kind: 'report-comment', commentId: 12 })
		expect(open('reply=7')).toEqual({ kind: 'reply', commentId: 7 })
		expect(open('edit=abc')).toBeNull()
	})
})

describe('reports of discussions', () => {
	it('name exactly one of a message, a post, a comment or a pod check-in', () => {
		expect(ReportSchema.safeParse({ postId: 3, reason: 'spam' }).success).toBe(true)
		expect(ReportSchema.safeParse({ checkInId: 3, reason: 'spam' }).success).toBe(true)
		expect(messagesOf(ReportSchema.safeParse({ reason: 'spam' }))).toEqual({
			messageId: 'Say what you report: messageId, postId, commentId or checkInId (one of them)',
		})
		expect(ReportSchema.safeParse({ postId: 3, commentId: 4, reason: 'spam' }).success).toBe(false)
		expect(ReportSchema.safeParse({ messageId: 3, checkInId: 4, reason: 'spam' }).success).toBe(false)
	})
})

describe('the directory filters', () => {
	it('the JSON call refuses an unknown role or community; the page reads them as any', () => {
		const read = (query: string, strict = false) => readDirectoryFilter(new URLSearchParams(query), { strict })
		expect(read('q=%20nurse%20&community=3&role=staff')).toEqual({ q: 'nurse', communityId: 3, role: 'staff' })
		expect(read('role=king', true)).toEqual({
			error: 'role must be one of: staff, admin, moderator, content_manager',
			field: 'role',
		})
		expect(read('community=-1', true)).toEqual({ error: 'community must be a community id', field: 'community' })
		expect(read('role=king&community=-1')).toEqual({ q: '' })
	})
})
