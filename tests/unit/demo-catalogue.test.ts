import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEMO_LESSONS, DEMO_PORTRAITS, demoLessonCover, demoLessonMedia, demoPortrait } from '~/demo/catalogue.server'

/**
 * The demo library looks like a real one and tells the truth
 * (docs/decisions/069): every lesson has a clip of its own whose length is
 * the minutes it shows, and a cover of its own; a few members have
 * portraits; and the files stay small enough to live in the repository.
 */

/** The length of an MP4 in seconds, from its movie header ('mvhd': timescale and duration). */
function mp4Seconds(file: string): number {
	const bytes = fs.readFileSync(file)
	const at = bytes.indexOf('mvhd')
	if (at < 0) throw new Error(`${file}: no movie header`)
	const version = bytes[at + 4]
	const timescale = version === 1 ? bytes.readUInt32BE(at + 24) : bytes.readUInt32BE(at + 16)
	const duration = version === 1 ? Number(bytes.readBigUInt64BE(at + 28)) : bytes.readUInt32BE(at + 20)
	return duration / timescale
}

describe('the demo library', () => {
	it('has a clip per lesson that lasts exactly the minutes the lesson shows', () => {
		for (const lesson of DEMO_LESSONS) {
			const clip = `private${demoLessonMedia(lesson)}`
			expect(fs.existsSync(clip), clip).toBe(true)
			expect(mp4Seconds(clip), clip).toBe(lesson.minutes * 60)
		}
	})

	it('varies the lengths the way a real library does', () => {
		const minutes = DEMO_LESSONS.map((lesson) => lesson.minutes)
		expect(new Set(minutes).size).toBeGreaterThanOrEqual(12)
		expect(Math.min(...minutes)).toBeGreaterThanOrEqual(5)
		expect(Math.max(...minutes)).toBeGreaterThanOrEqual(20)
	})

	it('gives every lesson a cover of its own that names it', () => {
		const covers = new Set<string>()
		for (const lesson of DEMO_LESSONS) {
			const file = `public${demoLessonCover(lesson)}`
			const svg = fs.readFileSync(file, 'utf8')
			// The title is set on the cover in lines: each of its words is there.
			for (const word of lesson.title.split(' ')) expect(svg, `${file}: ${word}`).toContain(word.replace(/&/g, '&amp;'))
			covers.add(svg)
		}
		expect(covers.size).toBe(DEMO_LESSONS.length)
	})

	it('draws portraits for the demo members who have one', () => {
		for (const username of DEMO_PORTRAITS)
			expect(fs.readFileSync(`public${demoPortrait(username)}`, 'utf8'), username).toMatch(/^<svg /)
	})

	it('keeps every file small, and no clip that no lesson plays', () => {
		const played = new Set(DEMO_LESSONS.map((lesson) => demoLessonMedia(lesson).replace('/media/', '')))
		for (const name of fs.readdirSync('private/media')) {
			expect(played.has(name), `private/media/${name} is played by a demo lesson`).toBe(true)
			expect(fs.statSync(`private/media/${name}`).size, name).toBeLessThan(200_000)
		}
		for (const folder of ['public/images/thumbnails', 'public/images/avatars']) {
			for (const name of fs.readdirSync(folder)) expect(fs.statSync(`${folder}/${name}`).size, name).toBeLessThan(8_000)
		}
	})
})
