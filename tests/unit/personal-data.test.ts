import mongoose, { Schema } from 'mongoose'
import { describe, expect, it } from 'vitest'
import {
	NOT_MEMBER_DATA,
	PERSONAL_DATA,
	describePersonalData,
	eraseStepsInOrder,
	type PersonalDataEntry,
} from '~/services/account/personal-data.server'

/**
 * The registry of personal data (app/services/account/personal-data.server.ts,
 * docs/decisions/097) against the models themselves: a model with a field
 * that names a member must have an entry, or a line in NOT_MEMBER_DATA
 * saying why its data is not the member's.
 *
 * A field names a member when its schema marks it `member: true`, when its
 * name ends in `By` (createdBy, mutedBy), or when it is an id (`…Id`,
 * `…Ids`) whose last word is a person: userId, otherUserId, senderId,
 * reporterId, followerId, memberIds. Ids of things (videoId, eventId,
 * lastMessageId) do not.
 */
const PERSON_WORDS = new Set([
	'user',
	'member',
	'owner',
	'author',
	'sender',
	'recipient',
	'actor',
	'reporter',
	'blocker',
	'blocked',
	'follower',
	'followed',
	'followee',
	'creator',
	'inviter',
	'invitee',
	'host',
	'attendee',
	'participant',
	'subscriber',
	'mentor',
	'coach',
	'reviewer',
])

function namesAMember(name: string, options: { member?: unknown }): boolean {
	if (options.member === true) return true
	if (/By$/.test(name)) return true
	const id = /^(.*?)Ids?$/.exec(name)
	if (!id?.[1]) return false
	const lastWord = id[1]
		.split(/(?=[A-Z])/)
		.at(-1)!
		.toLowerCase()
	return PERSON_WORDS.has(lastWord)
}

interface ModelLike {
	modelName: string
	schema: Schema
}

/** Every path of a schema, into nested documents and arrays of them, with whether it names a member. */
function pathsOf(schema: Schema, prefix = ''): Array<{ path: string; member: boolean }> {
	const paths: Array<{ path: string; member: boolean }> = []
	schema.eachPath((path, type) => {
		const nested = (type as unknown as { schema?: Schema }).schema
		const full = `${prefix}${path}`
		if (nested) paths.push(...pathsOf(nested, `${full}.`))
		else paths.push({ path: full, member: namesAMember(path.split('.').at(-1)!, type.options ?? {}) })
	})
	return paths
}

/** What is wrong with the registry for these models: nothing, when every model that names a member is accounted for. */
function registryProblems(
	models: readonly ModelLike[],
	registry: readonly PersonalDataEntry[],
	notMemberData: Readonly<Record<string, string>>,
): string[] {
	const problems: string[] = []
	const entries = new Map<string, PersonalDataEntry>()
	for (const entry of registry) {
		const name = entry.model.modelName
		if (entries.has(name)) problems.push(`${name} is in PERSONAL_DATA twice: one entry per model`)
		entries.set(name, entry)
		if (name in notMemberData) problems.push(`${name} is both in PERSONAL_DATA and in NOT_MEMBER_DATA`)
		if (entry.memberFields.length === 0) problems.push(`${name}: memberFields names no field`)
		if (entry.erase.length === 0 && !entry.kept)
			problems.push(`${name}: its entry neither erases anything nor says what is kept and why`)
		if (!entry.stored.trim() || !entry.retention.trim())
			problems.push(`${name}: stored and retention are for the privacy page`)
	}
	const modelNames = new Set(models.map((model) => model.modelName))
	for (const name of [...entries.keys(), ...Object.keys(notMemberData)])
		if (!modelNames.has(name)) problems.push(`${name} is listed but is no model`)

	for (const model of models) {
		const paths = pathsOf(model.schema)
		const naming = paths.filter((path) => path.member).map((path) => path.path)
		const entry = entries.get(model.modelName)
		if (entry) {
			const declared = [...entry.memberFields, ...Object.keys(entry.alsoNames ?? {})]
			for (const path of naming)
				if (!declared.includes(path))
					problems.push(
						`${model.modelName}.${path} names a member: add it to the entry's memberFields, or to alsoNames with why it stays`,
					)
			for (const path of declared)
				if (!paths.some((known) => known.path === path))
					problems.push(`${model.modelName}.${path} is in the registry but not in the schema`)
		} else if (model.modelName in notMemberData) {
			if (naming.length === 0) problems.push(`${model.modelName} names no member: it needs no line in NOT_MEMBER_DATA`)
		} else if (naming.length > 0) {
			problems.push(
				`${model.modelName} names a member (${naming.join(', ')}) but is neither in PERSONAL_DATA nor in NOT_MEMBER_DATA`,
			)
		}
	}

	const sections = registry.flatMap(({ export: rule }) => ('section' in rule ? [rule.section] : []))
	for (const [index, section] of sections.entries())
		if (sections.indexOf(section) !== index) problems.push(`the export section ${section} is named twice`)
	for (const { model, export: rule } of registry)
		if ('inSection' in rule && !sections.includes(rule.inSection))
			problems.push(`${model.modelName} is exported in ${rule.inSection}, which no entry collects`)
	return problems
}

const appModels = (): ModelLike[] => mongoose.modelNames().map((name) => mongoose.model(name))

describe('the registry of personal data', () => {
	it('accounts for every model that names a member', () => {
		// The registry imports the models; all of them, so the check sees every one.
		expect(appModels().length).toBeGreaterThanOrEqual(28)
		expect(registryProblems(appModels(), PERSONAL_DATA, NOT_MEMBER_DATA)).toEqual([])
	})

	it('catches a model with member data that nobody registered, and a new field that names a member', () => {
		const follow = {
			modelName: 'Follow',
			schema: new Schema({ followerId: Number, followedId: Number, createdAt: Date }),
		}
		const pod = {
			modelName: 'Pod',
			// A name the naming rule would miss, marked in its schema.
			schema: new Schema({ name: String, members: { type: [Number], member: true } }),
		}
		const comments = { modelName: 'Comment', schema: new Schema({ postId: Number, replies: [{ authorId: Number }] }) }
		// Names no member (a list of videos): needs nothing. (Not "Program": that model is real and registered.)
		const playlists = { modelName: 'Playlist', schema: new Schema({ title: String, videoIds: [Number] }) }
		const progressWithLikes = {
			modelName: 'Progress',
			schema: new Schema({ userId: Number, videoId: Number, likedBy: [Number] }),
		}
		const models = [
			...appModels().filter((model) => model.modelName !== 'Progress'),
			follow,
			pod,
			comments,
			playlists,
			progressWithLikes,
		]
		expect(registryProblems(models, PERSONAL_DATA, NOT_MEMBER_DATA)).toEqual([
			'Follow names a member (followerId, followedId) but is neither in PERSONAL_DATA nor in NOT_MEMBER_DATA',
			'Pod names a member (members) but is neither in PERSONAL_DATA nor in NOT_MEMBER_DATA',
			'Comment names a member (replies.authorId) but is neither in PERSONAL_DATA nor in NOT_MEMBER_DATA',
			"Progress.likedBy names a member: add it to the entry's memberFields, or to alsoNames with why it stays",
		])
	})

	it('catches an entry that erases nothing without saying why, and a stale or doubled entry', () => {
		const [user, preferences, ...rest] = PERSONAL_DATA
		const silent: PersonalDataEntry = { ...user!, erase: [], kept: undefined }
		const registry = [silent, preferences!, ...rest, preferences!]
		expect(registryProblems(appModels(), registry, { ...NOT_MEMBER_DATA, Gone: 'a model since removed' })).toEqual([
			'User: its entry neither erases anything nor says what is kept and why',
			'NotificationPreferences is in PERSONAL_DATA twice: one entry per model',
			'Gone is listed but is no model',
			'the export section emailPreferences is named twice',
		])
	})

	it('erases in the order the deletion depends on', () => {
		const order = eraseStepsInOrder().map((step) => step.what)
		// Stripe first (its failure stops everything), then the sessions and sockets, so nothing writes meanwhile.
		expect(order.slice(0, 2)).toEqual([
			'the subscription ends now (Stripe: cancelled without a last invoice or proration)',
			'every session and chat socket of the account',
		])
		// The account last of the data; its username and email are free only once it is gone.
		expect(order.slice(-2)).toEqual(['the account itself', 'the username and email address, free again'])
		// The conversation entries are drawn from the private messages (decision 087).
		expect(order.indexOf('private messages, sent and received')).toBeLessThan(
			order.indexOf('conversation entries, their own and those naming them'),
		)
	})

	it('describes each kind of data and how long it stays as plain data, for the privacy page', () => {
		const described = describePersonalData()
		expect(described).toHaveLength(PERSONAL_DATA.length)
		expect(JSON.parse(JSON.stringify(described))).toEqual(described)
		expect(described).toContainEqual({
			stored: 'The messages you write, in community rooms and in private conversations.',
			retention:
				'Private messages, sent and received: until you delete your account (they go for both people). Room messages: kept, shown as written by "Deleted member".',
		})
	})
})
