import { describe, expect, it } from 'vitest'
import {
	CommunityModel,
	MessageModel,
	ProgramModel,
	UserModel,
	VersionStampModel,
	VideoModel,
	conversationKeyOf,
	readVersionStamps,
	type VersionStampKey,
	nextId,
} from '#models/index'
import { registerUser } from '~/services/account/users.server'
import { currentStamps } from '~/platform/held-reads.server'
import { currentRequestContext, runInRequestContext } from '~/platform/request-context.server'
import { useTestDatabase } from '../setup/test-database'

useTestDatabase()

/** A stamp's value now, read afresh. */
const currentVersionStamp = async (key: VersionStampKey) => (await readVersionStamps([key])).get(key)!

describe('models', () => {
	it('give numeric ids in order from the counters collection', async () => {
		const first = await nextId('events')
		const second = await nextId('events')
		expect(second).toBe(first + 1)
	})

	it("a user's JSON has exactly the spec's fields and never the password hash", async () => {
		const registered = await registerUser({
			username: 'model_check',
			password: 'password-123',
			name: 'Model Check',
			email: 'Model.Check@Example.com',
			bio: null,
			role: 'member',
		})
		const document = await UserModel.findOne({ id: registered.id })
		const json = document!.toJSON() as unknown as Record<string, unknown>
		expect(Object.keys(json).sort()).toEqual(
			[
				'id',
				'username',
				'name',
				'email',
				'avatar',
				'bio',
				'role',
				'stripeCustomerId',
				'stripeSubscriptionId',
				'subscriptionStatus',
				'trialEndsAt',
				'headline',
				'location',
				'linkedinUrl',
				'interests',
				'hiddenFromDirectory',
				'communityIds',
				'createdAt',
			].sort(),
		)
		expect(json).toMatchObject({ email: 'model.check@example.com', role: 'member', subscriptionStatus: 'inactive' })
		expect(JSON.stringify(document)).not.toContain('argon2')
		expect(document!.passwordHash).toMatch(/^\$argon2id\$/)
	})

	describe("a room's history version (docs/decisions/089)", () => {
		const version = async (id: number) => (await CommunityModel.findOne({ id }).lean())!.historyVersion
		const roomMessage = async (communityId: number, content = 'hello') =>
			MessageModel.create({
				id: await nextId('messages'),
				content,
				senderId: 1,
				communityId,
				isPrivate: false,
				createdAt: new Date(),
			})

		it('changes with every kind of write to its messages, and only its own', async () => {
			const [room, other] = [await nextId('communities'), await nextId('communities')]
			await CommunityModel.create([
				{ id: room, name: 'Versioned', createdBy: 1 },
				{ id: other, name: 'Other', createdBy: 1 },
			])
			const seen = [await version(room)]
			const otherBefore = await version(other)
			expect(seen[0]).toEqual(expect.any(String))
			const changes: Array<[string, () => Promise<unknown>]> = [
				['create', () => roomMessage(room)],
				[
					'insertMany',
					async () =>
						MessageModel.insertMany([
							{ id: await nextId('messages'), content: 'two', senderId: 1, communityId: room, isPrivate: false },
						]),
				],
				[
					'findOneAndUpdate',
					async () => MessageModel.findOneAndUpdate({ communityId: room }, { $set: { content: 'edited' } }),
				],
				[
					'updateOne by id',
					async () => MessageModel.updateOne({ id: (await roomMessage(room)).id }, { $set: { content: 'edited' } }),
				],
				['updateMany', () => MessageModel.updateMany({ communityId: room }, { $set: { revision: 7 } })],
				['deleteOne', () => MessageModel.deleteOne({ communityId: room })],
				['deleteMany', () => MessageModel.deleteMany({ communityId: room })],
			]
			for (const [write, change] of changes) {
				await change()
				const now = await version(room)
				expect(seen, `${write} gives a new version`).not.toContain(now)
				seen.push(now)
			}
			// 'updateOne by id' named no room, so it moved every room's version; the writes naming this room left the other alone.
			const otherAfterAll = await version(other)
			expect(otherAfterAll).not.toBe(otherBefore)
			await MessageModel.deleteMany({ communityId: room })
			expect(await version(other)).toBe(otherAfterAll)
		})

		it("changes in every room when a member's name may change or an account goes, and only then", async () => {
			const room = await nextId('communities')
			await CommunityModel.create({ id: room, name: 'Names', createdBy: 1 })
			const member = await registerUser({
				username: 'name_check',
				password: 'password-123',
				name: 'Name Check',
				email: 'name.check@example.com',
				bio: null,
				role: 'member',
			})
			const seen = [await version(room)]
			const unchanged: Array<[string, () => Promise<unknown>]> = [
				[
					'a new account',
					() =>
						registerUser({
							username: 'name_other',
							password: 'password-123',
							name: 'Other',
							email: 'name.other@example.com',
							bio: null,
							role: 'member',
						}),
				],
				['a last-active time', () => UserModel.updateOne({ id: member.id }, { $set: { lastActiveAt: new Date() } })],
				[
					'a subscription status',
					() => UserModel.findOneAndUpdate({ id: member.id }, { $set: { subscriptionStatus: 'active' } }),
				],
				['a stored badge for everyone', () => UserModel.updateMany({}, { $set: { unreadConversations: null } })],
			]
			for (const [write, change] of unchanged) {
				await change()
				expect(await version(room), `${write} leaves the version`).toBe(seen[0])
			}
			const changes: Array<[string, () => Promise<unknown>]> = [
				['a new name', () => UserModel.findOneAndUpdate({ id: member.id }, { $set: { name: 'Renamed' } })],
				['a name set without $set', () => UserModel.updateOne({ id: member.id }, { name: 'Renamed Again' })],
				[
					'a name saved on the document',
					async () => {
						const document = (await UserModel.findOne({ id: member.id }))!
						document.name = 'Saved Name'
						await document.save()
					},
				],
				['an account deleted', () => UserModel.deleteOne({ id: member.id })],
			]
			for (const [write, change] of changes) {
				await change()
				const now = await version(room)
				expect(seen, `${write} gives a new version`).not.toContain(now)
				seen.push(now)
			}
		})

		it('stays as it is when private messages are written or read', async () => {
			const room = await nextId('communities')
			await CommunityModel.create({ id: room, name: 'Quiet', createdBy: 1 })
			const before = await version(room)
			const id = await nextId('messages')
			await MessageModel.create({
				id,
				content: 'psst',
				senderId: 1,
				recipientId: 2,
				conversationKey: conversationKeyOf(1, 2),
				isPrivate: true,
			})
			await MessageModel.updateMany(
				{ conversationKey: conversationKeyOf(1, 2), readAt: null },
				{ $set: { readAt: new Date() } },
			)
			await MessageModel.updateOne({ id, isPrivate: true }, { $set: { readAt: new Date() } })
			await MessageModel.deleteMany({ isPrivate: true, senderId: 1 })
			expect(await version(room)).toBe(before)
		})
	})

	describe("the people stamp: what members see of each other's accounts (docs/decisions/089)", () => {
		it('changes with a new account, a change of a public field and a deleted account, and with nothing else', async () => {
			const seen = [await currentVersionStamp('people')]
			const member = await registerUser({
				username: 'stamp_check',
				password: 'password-123',
				name: 'Stamp Check',
				email: 'stamp.check@example.com',
				bio: null,
				role: 'member',
			})
			const changes: Array<[string, () => Promise<unknown>]> = [
				['a new account', async () => member],
				['a name', () => UserModel.updateOne({ id: member.id }, { $set: { name: 'Stamp Renamed' } })],
				['a picture', () => UserModel.findOneAndUpdate({ id: member.id }, { $set: { avatar: '/avatars/new.png' } })],
				[
					'a bio, saved on the document',
					async () => {
						const document = (await UserModel.findOne({ id: member.id }))!
						document.bio = 'Leads a team of five'
						await document.save()
					},
				],
				['a role', () => UserModel.updateOne({ id: member.id }, { $set: { role: 'moderator' } })],
				[
					'accounts written in bulk',
					async () =>
						UserModel.insertMany([
							{
								id: await nextId('users'),
								username: 'bulk_one',
								usernameKey: 'bulk_one',
								passwordHash: 'x',
								name: 'Bulk One',
								email: 'bulk.one@example.com',
							},
						]),
				],
				['a deleted account', () => UserModel.deleteOne({ id: member.id })],
			]
			// The account was registered after the first value was read: its check comes first.
			for (const [write, change] of changes) {
				await change()
				const now = await currentVersionStamp('people')
				expect(seen, `${write} renews the stamp`).not.toContain(now)
				seen.push(now)
			}
			const other = (await UserModel.findOne({ username: 'bulk_one' }).lean())!
			const before = await currentVersionStamp('people')
			await UserModel.updateOne(
				{ id: other.id },
				{ $set: { lastActiveAt: new Date(), subscriptionStatus: 'active', passwordHash: 'y' } },
			)
			await UserModel.updateMany({}, { $set: { unreadConversations: null } })
			expect(await currentVersionStamp('people')).toBe(before)
			expect(await VersionStampModel.countDocuments({ key: 'people' })).toBe(1)
		})
	})

	describe('the catalogue stamp: videos and programs (decisions 225, 231)', () => {
		it('changes with a new video, an edited one, one written in bulk and a deleted one', async () => {
			const seen = [await currentVersionStamp('catalogue')]
			const id = await nextId('videos')
			const video = { title: 'Stamp check', url: 'https://example.com/stamp.mp4', createdBy: 1 }
			const changes: Array<[string, () => Promise<unknown>]> = [
				['a new video', () => VideoModel.create({ id, ...video })],
				['an edit', () => VideoModel.findOneAndUpdate({ id }, { $set: { title: 'Stamp check, renamed' } })],
				['videos written in bulk', async () => VideoModel.insertMany([{ id: await nextId('videos'), ...video }])],
				[
					'the announcement cursor with a title',
					() => VideoModel.updateOne({ id }, { $set: { announcedThroughUserId: 500, title: 'Stamp check, again' } }),
				],
				['a deleted video', () => VideoModel.deleteOne({ id })],
			]
			for (const [write, change] of changes) {
				await change()
				const now = await currentVersionStamp('catalogue')
				expect(seen, `${write} renews the stamp`).not.toContain(now)
				seen.push(now)
			}
		})

		it("does not change when only a new lesson's announcement moves on (decision 231)", async () => {
			const id = await nextId('videos')
			await VideoModel.create({
				id,
				title: 'Announced',
				url: 'https://example.com/a.mp4',
				createdBy: 1,
				announcementPending: true,
			})
			const before = await currentVersionStamp('catalogue')
			await VideoModel.updateOne({ id }, { $set: { announcedThroughUserId: 500 } })
			const saved = (await VideoModel.findOne({ id }))!
			saved.set('announcedThroughUserId', 1000)
			await saved.save()
			await VideoModel.updateOne({ id }, { $unset: { announcementPending: 1, announcedThroughUserId: 1 } })
			expect(await currentVersionStamp('catalogue')).toBe(before)
			await VideoModel.deleteOne({ id })
		})

		it('changes with a new program, an edited outline, programs written in bulk and a deleted one (decision 231)', async () => {
			const seen = [await currentVersionStamp('catalogue')]
			const id = await nextId('programs')
			const program = { title: 'Stamp check', createdBy: 1 }
			const changes: Array<[string, () => Promise<unknown>]> = [
				['a new program', () => ProgramModel.create({ id, ...program })],
				['an edited outline', () => ProgramModel.updateOne({ id }, { $set: { modules: [], revision: 1 } })],
				[
					'programs written in bulk',
					async () => ProgramModel.insertMany([{ id: await nextId('programs'), ...program }]),
				],
				['a deleted program', () => ProgramModel.deleteOne({ id })],
			]
			for (const [write, change] of changes) {
				await change()
				const now = await currentVersionStamp('catalogue')
				expect(seen, `${write} renews the stamp`).not.toContain(now)
				seen.push(now)
			}
		})

		it("is read with every other stamp in one query for a page's held reads, and afresh by each read of a write", async () => {
			const queriesFor = (method: string) =>
				runInRequestContext(method, async () => {
					const [events, catalogue] = await Promise.all([
						currentStamps(['events', 'people']),
						currentStamps(['catalogue']),
					])
					await currentStamps(['people'])
					expect(events.split(':')).toHaveLength(2)
					expect(catalogue).toBe(await currentVersionStamp('catalogue'))
					return currentRequestContext()!.database.queries
				})
			// Every stamp has its first value already (a stamp never renewed costs its first write once).
			await currentStamps(['people', 'events', 'catalogue'])
			// The check's own currentVersionStamp is the second query of the GET.
			expect(await queriesFor('GET')).toBe(2)
			expect(await queriesFor('POST')).toBe(4)
		})
	})
})
