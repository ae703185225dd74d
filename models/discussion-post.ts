import { Schema, type Query } from 'mongoose'
import { afterDiscussionChange, roomsOf } from '#models/community'
import { defineModel } from '#models/model'

/**
 * A discussion post in a community (product §2 "Discussions"): a title and a
 * body in Markdown, kept as written and rendered on the server (decision 099).
 * A deleted or removed post is kept, with its words, for the reports that
 * point at it and for its comments, which stay readable (docs/decisions/160).
 */
export interface DiscussionPost {
	id: number
	communityId: number
	authorId: number
	title: string
	/** Markdown, as the author wrote it. */
	body: string
	createdAt: Date
	/** When the author last edited the title or the body; null when never ('(edited)'). */
	editedAt: Date | null
	/** Deleted by its author ('Deleted') or removed by a moderator ('Removed by a moderator'); null while it stands. */
	deletedAt: Date | null
	deletedBy: number | null
	/** Pinned posts stay on top of the list, the most recently pinned first. */
	pinnedAt: Date | null
	/** A locked post takes no new comments. */
	lockedAt: Date | null
	/** The post's own time, or its newest comment's: the list's default order. */
	lastActivityAt: Date
}

const postSchema = new Schema<DiscussionPost>(
	{
		id: { type: Number, required: true, unique: true },
		communityId: { type: Number, required: true },
		authorId: { type: Number, required: true },
		title: { type: String, required: true },
		body: { type: String, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
		editedAt: { type: Date, default: null },
		deletedAt: { type: Date, default: null },
		deletedBy: { type: Number, default: null },
		pinnedAt: { type: Date, default: null },
		lockedAt: { type: Date, default: null },
		lastActivityAt: { type: Date, required: true, default: () => new Date() },
	},
	{ id: false, versionKey: false, collection: 'discussionposts' },
)
// A community's list: the posts that stand, pinned first, then by latest activity (a page at a time).
postSchema.index({ communityId: 1, deletedAt: 1, pinnedAt: -1, lastActivityAt: -1, id: -1 })
// The newest posts of some communities (the dashboard's Community Activity, the weekly digest).
postSchema.index({ communityId: 1, createdAt: -1 })
// A member's posts (their data export).
postSchema.index({ authorId: 1, id: 1 })

watchDiscussionWrites(postSchema)

/**
 * Every write to posts or comments gives their rooms a new discussion version,
 * so the Community Activity a process holds under the old one is not served
 * again (docs/decisions/089). Here, in the models, so that no writer (the
 * service, account deletion, seeds, tests) can forget it.
 */
export function watchDiscussionWrites<Document extends { communityId: number }>(schema: Schema<Document>): void {
	schema.post('save', (document: Document) => afterDiscussionChange(roomsOf([document])))
	schema.post('insertMany', (documents: Document[]) => afterDiscussionChange(roomsOf(documents)))
	const queryOnly = { document: false, query: true } as const
	schema.post(
		/^(updateOne|updateMany|replaceOne|deleteOne|deleteMany)$/,
		queryOnly,
		function (this: Query<unknown, Document>) {
			const { communityId } = this.getFilter()
			return afterDiscussionChange(typeof communityId === 'number' ? [communityId] : 'every room')
		},
	)
	schema.post(
		/^findOneAnd(Update|Replace|Delete)$/,
		queryOnly,
		function (this: Query<unknown, Document>, result: unknown) {
			const document = result as Document | null
			const { communityId } = this.getFilter()
			return afterDiscussionChange(
				document ? roomsOf([document]) : typeof communityId === 'number' ? [communityId] : 'every room',
			)
		},
	)
}

export const DiscussionPostModel = defineModel<DiscussionPost>('DiscussionPost', postSchema)
