import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { VideoModel } from '#models/index'
import { logIn } from '../setup/log-in'
import { pageHtml } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'

/**
 * Pictures under public/ as a browser meets them (docs/decisions/088): pages
 * and JSON name them with a `?v=` fingerprint, and such an address is cached
 * for a year; the same picture without `v`, or with any other `v`, for an
 * hour only, so an old link still works and never pins a stale picture.
 */
const server = useSeededTestServer()

const YEAR = 'public, max-age=31536000, immutable'
const HOUR = 'public, max-age=3600'
const FINGERPRINTED = /^\/images\/[a-z0-9/-]+\.svg\?v=[A-Za-z0-9_-]{16}$/

/** The addresses of a page's pictures (img src and video poster) under /images. */
function picturesOf(html: string): string[] {
	return [...html.matchAll(/(?:src|poster)="(\/images\/[^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'))
}

async function cacheOf(path: string): Promise<{ status: number; cacheControl: string | null; type: string | null }> {
	const response = await fetch(new URL(path, server.url))
	await response.arrayBuffer()
	return {
		status: response.status,
		cacheControl: response.headers.get('cache-control'),
		type: response.headers.get('content-type'),
	}
}

/** A request whose path is sent exactly as written (fetch would resolve the dot segments first). */
function rawGet(path: string): Promise<{ status: number; body: string; cacheControl: string | undefined }> {
	return new Promise((resolve, reject) => {
		http
			.get(new URL(server.url), { path }, (response) => {
				let body = ''
				response.on('data', (chunk) => (body += chunk))
				response.on('end', () =>
					resolve({ status: response.statusCode!, body, cacheControl: response.headers['cache-control'] }),
				)
			})
			.on('error', reject)
	})
}

describe('thumbnails and avatars', () => {
	it('the library names its thumbnails with a fingerprint; that address is cached for a year, the plain one for an hour', async () => {
		const client = await logIn(server.url, 'member')
		const pictures = picturesOf(await pageHtml(client, '/content-library'))
		expect(pictures.length).toBeGreaterThan(3)
		for (const picture of pictures) expect(picture).toMatch(FINGERPRINTED)
		const [thumbnail] = pictures.filter((picture) => picture.startsWith('/images/thumbnails/'))
		const path = thumbnail!.split('?')[0]!

		expect(await cacheOf(thumbnail!)).toEqual({ status: 200, cacheControl: YEAR, type: 'image/svg+xml' })
		for (const stale of [
			path,
			`${path}?v=`,
			`${path}?v=AAAAAAAAAAAAAAAA`,
			`${path}?v=${'x'.repeat(4000)}`,
			`${thumbnail}&v=again`,
			`${path}?v[x]=1`,
		]) {
			expect(await cacheOf(stale), stale).toEqual({ status: 200, cacheControl: HOUR, type: 'image/svg+xml' })
		}
	})

	it('the JSON library names the same addresses as the page', async () => {
		const client = await logIn(server.url, 'member')
		const pictures = picturesOf(await pageHtml(client, '/content-library'))
		const videos = (await (await client.get('/api/videos')).json()) as Array<{ thumbnail: string | null }>
		const thumbnails = videos.map((video) => video.thumbnail)
		for (const thumbnail of thumbnails) expect(thumbnail).toMatch(FINGERPRINTED)
		for (const picture of pictures.filter((picture) => picture.startsWith('/images/thumbnails/')))
			expect(thumbnails).toContain(picture)
	})

	it('avatars: the top bar, the member list and the account say the same fingerprinted address', async () => {
		const client = await logIn(server.url, 'premium')
		const dashboard = picturesOf(await pageHtml(client, '/dashboard'))
		const avatar = dashboard.find((picture) => picture.startsWith('/images/avatars/premium.svg'))
		expect(avatar).toMatch(FINGERPRINTED)
		const me = (await (await client.get('/api/user')).json()) as { avatar: string }
		expect(me.avatar).toBe(avatar)
		const users = (await (await client.get('/api/users')).json()) as Array<{ username: string; avatar: string | null }>
		expect(users.find((user) => user.username === 'premium')?.avatar).toBe(avatar)
		expect(await cacheOf(avatar!)).toMatchObject({ status: 200, cacheControl: YEAR })
	})

	it('a video without a thumbnail shows the default picture, fingerprinted too', async () => {
		await VideoModel.create({
			id: 900,
			title: 'A Lesson Without A Cover',
			url: '/media/strategy.mp4',
			createdBy: 1,
			thumbnail: null,
		})
		const client = await logIn(server.url, 'premium')
		const html = await pageHtml(client, '/content-library/900')
		const poster = /poster="([^"]+)"/.exec(html)?.[1]
		expect(poster).toMatch(/^\/images\/default-thumbnail\.svg\?v=/)
		expect(poster).toMatch(FINGERPRINTED)
		expect(await cacheOf(poster!)).toMatchObject({ status: 200, cacheControl: YEAR })
		expect(await cacheOf('/images/default-thumbnail.svg')).toMatchObject({ status: 200, cacheControl: HOUR })
	})

	it('a path out of public/ is never served, with or without a v', async () => {
		for (const path of [
			'/images/../../etc/passwd?v=AAAAAAAAAAAAAAAA',
			'/images/%2e%2e/%2e%2e/etc/passwd?v=AAAAAAAAAAAAAAAA',
			'/images/..%2f..%2fetc%2fpasswd',
		]) {
			const answer = await rawGet(path)
			expect(answer.status, path).toBeGreaterThanOrEqual(400)
			expect(answer.status, path).toBeLessThan(500)
			expect(answer.body, path).not.toContain('root:')
			expect(answer.cacheControl ?? '', path).not.toContain('immutable')
		}
	})
})
