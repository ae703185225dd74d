import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CommunitySchema, VideoSchema } from '~/lib/admin-schemas'
import { ProfileSchema } from '~/lib/member-schemas'
import { withoutFingerprint } from '~/lib/public-asset-url'
import { FINGERPRINT_RECHECK_MS, isCurrentFingerprint, publicAssetUrl } from '~/platform/public-pictures.server'

/**
 * Pictures under public/ are named with a fingerprint of their content
 * (docs/decisions/088); anything else keeps its address, and only a file
 * inside public/ is ever hashed.
 */
const AVATAR = '/images/avatars/maria.svg'
const hashOf = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('base64url').slice(0, 16)
const fingerprintOf = (url: string) => new URL(url, 'http://x').searchParams.get('v')

describe('publicAssetUrl', () => {
	it('names a file under public/ with the hash of its content', () => {
		expect(publicAssetUrl(AVATAR)).toBe(`${AVATAR}?v=${hashOf(`public${AVATAR}`)}`)
		expect(publicAssetUrl('/images/default-thumbnail.svg')).toMatch(
			/^\/images\/default-thumbnail\.svg\?v=[A-Za-z0-9_-]{16}$/,
		)
		// Two files, two fingerprints.
		expect(fingerprintOf(publicAssetUrl('/images/avatars/david.svg'))).not.toBe(fingerprintOf(publicAssetUrl(AVATAR)))
	})

	it('leaves every other address as it is', () => {
		for (const url of [
			'https://cdn.example.com/images/avatars/maria.svg',
			'http://example.com/a.png',
			'/images/avatars/nobody.svg',
			`${AVATAR}?size=2`,
			`${AVATAR}?v=stale`,
			`${AVATAR}#top`,
			'/images/avatars',
			'/build/root-ABC123.css',
			'//evil.example/images/avatars/maria.svg',
			'EL',
		]) {
			expect(publicAssetUrl(url), url).toBe(url)
		}
		expect(publicAssetUrl(null)).toBeNull()
		expect(publicAssetUrl(undefined)).toBeNull()
	})

	it('never hashes a file outside public/, nor a dotfile', () => {
		for (const url of [
			'/images/../../etc/passwd',
			'/images/%2e%2e/%2e%2e/etc/passwd',
			'/..%2f..%2fetc%2fpasswd',
			'/images/..%5c..%5cetc%5cpasswd',
			'/images/avatars/maria.svg%00.png',
			'/%',
			'/images/.hidden.svg',
		]) {
			expect(publicAssetUrl(url), url).toBe(url)
			expect(isCurrentFingerprint(url, hashOf('/etc/passwd')), url).toBe(false)
		}
	})
})

describe('isCurrentFingerprint', () => {
	it('holds for the current hash only; a wrong, empty, very long or non-text v never', () => {
		const current = fingerprintOf(publicAssetUrl(AVATAR))!
		expect(isCurrentFingerprint(AVATAR, current)).toBe(true)
		for (const v of [
			'',
			'stale',
			current.slice(1),
			`${current}x`,
			'x'.repeat(100_000),
			[current, current],
			{ current },
			undefined,
			null,
			7,
		]) {
			expect(isCurrentFingerprint(AVATAR, v), String(v).slice(0, 40)).toBe(false)
		}
		expect(isCurrentFingerprint('/images/avatars/nobody.svg', current)).toBe(false)
	})

	const scratch = `public/images/fingerprint-test-${process.pid}.svg`
	afterEach(() => fs.rmSync(scratch, { force: true }))

	it('follows a file that changes, once it is looked at again: a new fingerprint, and the old one no longer matches', () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		try {
			const url = scratch.slice('public'.length)
			fs.writeFileSync(scratch, '<svg xmlns="http://www.w3.org/2000/svg"/>')
			const before = fingerprintOf(publicAssetUrl(url))!
			fs.writeFileSync(scratch, '<svg xmlns="http://www.w3.org/2000/svg" width="2"/>')
			// Within the recheck interval the file is not looked at: files in public/ change with a deploy.
			expect(fingerprintOf(publicAssetUrl(url))).toBe(before)
			vi.advanceTimersByTime(FINGERPRINT_RECHECK_MS)
			const after = fingerprintOf(publicAssetUrl(url))!
			expect(after).not.toBe(before)
			expect(isCurrentFingerprint(url, before)).toBe(false)
			expect(isCurrentFingerprint(url, after)).toBe(true)
			fs.rmSync(scratch)
			vi.advanceTimersByTime(FINGERPRINT_RECHECK_MS)
			expect(publicAssetUrl(url)).toBe(url)
			expect(isCurrentFingerprint(url, after)).toBe(false)
		} finally {
			vi.useRealTimers()
		}
	})
})

describe('what is stored is the plain path', () => {
	const shown = () => publicAssetUrl(AVATAR)

	it('withoutFingerprint takes our own v off a local path, and nothing else', () => {
		expect(withoutFingerprint(shown())).toBe(AVATAR)
		expect(withoutFingerprint(`${AVATAR}?v=`)).toBe(AVATAR)
		for (const url of [
			AVATAR,
			`${AVATAR}?v=a&size=2`,
			`${AVATAR}?size=2`,
			'https://example.com/a.png?v=abc',
			'//example.com/a.png?v=abc',
		]) {
			expect(withoutFingerprint(url), url).toBe(url)
		}
	})

	it('the profile, video and community forms store a picture they were shown without its fingerprint', () => {
		expect(ProfileSchema.parse({ name: 'Sam Rivera', email: 'sam@example.com', bio: '', avatar: shown() }).avatar).toBe(
			AVATAR,
		)
		expect(VideoSchema.parse({ title: 'A lesson', url: '/media/a.mp4', thumbnail: shown() }).thumbnail).toBe(AVATAR)
		expect(CommunitySchema.parse({ name: 'Leaders', icon: shown() }).icon).toBe(AVATAR)
		expect(CommunitySchema.parse({ name: 'Leaders', icon: 'EL' }).icon).toBe('EL')
	})
})
