import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { RESOURCE_TYPES, ROLES } from '#models/index'
import { adminTabHref, dialogCloseHref, requestedTab, truncate } from '~/lib/admin-panel'
import {
	CommunitySchema,
	EventApiSchema,
	EventFormSchema,
	RESOURCE_TYPE_VALUES,
	ResourceSchema,
	RoleChangeSchema,
	VideoSchema,
	isSafeUrl,
} from '~/lib/admin-schemas'
import { ROLE_VALUES, roleLabel } from '~/lib/roles'

function form(fields: Record<string, string>) {
	const data = new FormData()
	for (const [name, value] of Object.entries(fields)) data.set(name, value)
	return data
}

/** A submission's field errors (only a refused one has them). */
function errorsOf(submission: object) {
	return 'error' in submission ? (submission.error as Record<string, string[] | null> | null | undefined) : undefined
}

describe('the admin forms, parsed as Conform parses them in the browser and in the actions', () => {
	it('video duration: empty is unknown (null), digits are minutes, anything else is refused', () => {
		const base = { title: 'A lesson', url: '/media/a.mp4' }
		expect(parseWithZod(form({ ...base, duration: '' }), { schema: VideoSchema }).status).toBe('success')
		const empty = parseWithZod(form({ ...base, duration: '' }), { schema: VideoSchema })
		expect(empty.status === 'success' && empty.value).toMatchObject({
			duration: null,
			description: null,
			thumbnail: null,
			category: null,
		})
		const twelve = parseWithZod(form({ ...base, duration: '12' }), { schema: VideoSchema })
		expect(twelve.status === 'success' && twelve.value.duration).toBe(12)
		for (const bad of ['abc', '1.5', '0', '-4', '10001']) {
			const result = parseWithZod(form({ ...base, duration: bad }), { schema: VideoSchema })
			expect(result.status, bad).toBe('error')
			expect(errorsOf(result)?.duration?.[0]).toBe('Duration must be a whole number of minutes from 1 to 10000')
		}
	})

	it('title and url are required, and the url must be a path or an http(s) address', () => {
		const result = parseWithZod(form({ title: ' ', url: 'javascript:alert(1)' }), { schema: VideoSchema })
		expect(errorsOf(result)).toMatchObject({
			title: ['Title is required'],
			url: ['URL must start with http://, https:// or /'],
		})
		expect(errorsOf(parseWithZod(form({ name: '' }), { schema: CommunitySchema }))).toMatchObject({
			name: ['Name is required'],
		})
	})

	it('a resource is a pdf unless a type is chosen', () => {
		const result = ResourceSchema.safeParse({ title: 'Guide', url: 'https://example.com/g.pdf' })
		expect(result.success && result.data.type).toBe('pdf')
		expect(ResourceSchema.safeParse({ title: 'Guide', url: '/g', type: 'exe' }).success).toBe(false)
	})

	it('event times are read in the time zone the form names, and empty texts become null', () => {
		const result = parseWithZod(
			form({
				title: 'Town Hall',
				startTime: '2031-07-01T09:00',
				endTime: '',
				description: '',
				location: '',
				timeZone: 'Europe/Paris',
			}),
			{ schema: EventFormSchema },
		)
		expect(result.status).toBe('success')
		if (result.status !== 'success') return
		expect(result.value.startTime.toISOString()).toBe('2031-07-01T07:00:00.000Z')
		expect(result.value).toMatchObject({ endTime: null, description: null, location: null })
	})

	it('event form: short title, missing start, impossible dates and unknown zones are refused with messages', () => {
		expect(errorsOf(parseWithZod(form({ title: '', startTime: '' }), { schema: EventFormSchema }))).toMatchObject({
			title: ['Title must be at least 3 characters long'],
			startTime: ['Start time is required'],
		})
		expect(
			errorsOf(parseWithZod(form({ title: 'Town Hall', startTime: '2031-02-30T09:00' }), { schema: EventFormSchema })),
		).toMatchObject({
			startTime: ['Start time must be a date and time'],
		})
		expect(
			errorsOf(
				parseWithZod(form({ title: 'Town Hall', startTime: '2031-02-01T09:00', timeZone: 'Mars/Olympus' }), {
					schema: EventFormSchema,
				}),
			),
		).toMatchObject({
			startTime: ['Unknown time zone "Mars/Olympus"'],
		})
	})

	it('the JSON event schema takes ISO dates with a zone; PATCH leaves out what is not sent', () => {
		const result = EventApiSchema.safeParse({ title: 'Town Hall', startTime: '2031-07-01T09:00:00+02:00', endTime: '' })
		expect(result.success && result.data.startTime.toISOString()).toBe('2031-07-01T07:00:00.000Z')
		expect(result.success && result.data.endTime).toBeNull()
		const patch = EventApiSchema.partial().safeParse({ location: 'Berlin' })
		expect(patch.success && patch.data).toEqual({ location: 'Berlin' })
	})

	it('roles: the four of product §3, shown with spaces', () => {
		expect(RoleChangeSchema.safeParse({ role: 'content_manager' }).success).toBe(true)
		expect(RoleChangeSchema.safeParse({ role: 'owner' }).success).toBe(false)
		expect(roleLabel('content_manager')).toBe('content manager')
	})

	it('the browser-safe lists match the models', () => {
		expect([...RESOURCE_TYPE_VALUES]).toEqual([...RESOURCE_TYPES])
		expect([...ROLE_VALUES]).toEqual([...ROLES])
	})

	it('safe URLs: site paths and http(s) addresses only', () => {
		for (const url of ['/media/a.mp4', 'https://example.com/a', 'http://example.com'])
			expect(isSafeUrl(url), url).toBe(true)
		for (const url of [
			'javascript:alert(1)',
			'data:text/html,x',
			'//evil.example',
			'/\\evil.example',
			'https://',
			'ftp://x.example',
			'a b',
		]) {
			expect(isSafeUrl(url), url).toBe(false)
		}
	})
})

describe('the panel addresses', () => {
	it('a dialog path names its tab; otherwise ?tab= does', () => {
		expect(requestedTab({ pathname: '/admin/videos/3/edit', search: '' })).toBe('content')
		expect(requestedTab({ pathname: '/admin/users/3/role', search: '?tab=events' })).toBe('users')
		expect(requestedTab({ pathname: '/admin', search: '?tab=resources' })).toBe('resources')
		expect(requestedTab({ pathname: '/admin', search: '?tab=nope' })).toBeNull()
		expect(dialogCloseHref({ pathname: '/admin/events/new', search: '?q=summit' })).toBe('/admin?tab=events&q=summit')
		expect(adminTabHref('communities')).toBe('/admin?tab=communities')
	})

	it('truncates only what is longer than the limit', () => {
		expect(truncate('short', 30)).toBe('short')
		expect(truncate('x'.repeat(31), 30)).toBe(`${'x'.repeat(30)}...`)
	})
})
