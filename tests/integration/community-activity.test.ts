import { afterEach, describe, expect, it, vi } from 'vitest'
import {
	CommunityModel,
	DiscussionCommentModel,
	DiscussionPostModel,
	MessageModel,
	UserModel,
	nextId,
} from '#models/index'
import { COMMUNITY_ACTIVITY_TTL_MS, getSharedCommunityActivity } from '~/services/dashboard.server'
import { registerUser } from '~/services/account/users.server'
import { useTestDatabase } from '../setup/test-database'

useTestDatabase()
afterEach(() => vi.restoreAllMocks())

/**
 * The dashboard's Community Activity (docs/decisions/084 and 089): the
 * latest messages, posts and comments of the member's rooms, checked at most
 * every few seconds, and read again only when one of those rooms changed: a
 * message, a post or comment, a deletion, a room's or a writer's new name.
 */
describe('Community Activity', () => {
	it('is read again as soon as a room changed (after the check interval), and not while none did', async () => {
		const author = await registerUser({
			username: 'activity_author',
			password: 'password-123',
			name: 'Ada Author',
			email: 'ada.author@example.com',
			bio: null,
			role: 'member',
		})
		const room = await nextId('communities')
		await CommunityModel.create({ id: room, name: 'Activity Room', createdBy: author.id })
		const post = async (content: string) =>
			(
				await MessageModel.create({
					id: await nextId('messages'),
					content,
					senderId: author.id,
					communityId: room,
					isPrivate: false,
					createdAt: new Date(),
				})
			).id
		await post('First thoughts')

		// Far past the last check of any earlier test, then one interval at a time.
		let now = Date.now() + 100 * COMMUNITY_ACTIVITY_TTL_MS
		const next = () => getSharedCommunityActivity([room], (now += COMMUNITY_ACTIVITY_TTL_MS))
		expect(await next()).toMatchObject([
			{ preview: 'First thoughts', author: 'Ada Author', communityName: 'Activity Room' },
		])

		const reads = vi.spyOn(MessageModel, 'find')
		await next()
		await next()
		expect(reads, 'no room changed: the messages are not read again').not.toHaveBeenCalled()

		const second = await post('Second thoughts')
		expect((await next()).map((item) => item.preview)).toEqual(['Second thoughts', 'First thoughts'])
		expect(reads).toHaveBeenCalledTimes(1)

		await CommunityModel.updateOne({ id: room }, { $set: { name: 'Renamed Room' } })
		expect((await next())[0]).toMatchObject({ communityName: 'Renamed Room' })
		await UserModel.updateOne({ id: author.id }, { $set: { name: 'Ada Renamed' } })
		expect((await next())[0]).toMatchObject({ author: 'Ada Renamed' })
		await MessageModel.findOneAndUpdate({ id: second }, { $set: { deletedAt: new Date(), deletedBy: author.id } })
		expect((await next()).map((item) => item.preview)).toEqual(['First thoughts'])

		// A discussion post and a comment on it are news too (their models renew the room's discussion version).
		const postId = await nextId('discussionPosts')
		await DiscussionPostModel.create({
			id: postId,
			communityId: room,
			authorId: author.id,
			title: 'A question',
			body: 'What **works** for you?',
			createdAt: new Date(),
			lastActivityAt: new Date(),
		})
		expect((await next())[0]).toMatchObject({ kind: 'post', postTitle: 'A question', preview: 'What works for you?' })
		await DiscussionCommentModel.create({
			id: await nextId('discussionComments'),
			postId,
			communityId: room,
			authorId: author.id,
			body: 'Writing it down',
			createdAt: new Date(),
		})
		expect((await next()).map((item) => item.kind)).toEqual(['comment', 'post', 'message'])
		// Deleting the post takes its comments off the list too.
		await DiscussionPostModel.updateOne({ id: postId, communityId: room }, { $set: { deletedAt: new Date() } })
		expect((await next()).map((item) => item.kind)).toEqual(['message'])
		// Another member's rooms are another set: nothing of this room there.
		expect(await getSharedCommunityActivity([], now)).toEqual([])
	})
})
