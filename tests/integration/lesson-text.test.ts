import { beforeAll, describe, expect, it } from 'vitest'
import { AuditEntryModel, CaptionTrackModel, LessonChaptersModel, NoteModel } from '#models/index'
import { getTranscriptText } from '~/services/catalogue/captions.server'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { pageHtml, textOf as textWithMarkers } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { snapshot } from './admin-helpers'

/**
 * Issue 25, "Captions, transcripts, chapters" (docs/decisions/170–174), as a
 * content manager and members use them without JavaScript: the admin
 * captions dialog (pasted and uploaded WebVTT, refusals naming the line,
 * chapters), the caption files behind the lesson's gate, and the lesson
 * page's transcript, chapters, `?t=` and transcript search.
 */

const server = useSeededTestServer()
let manager: TestClient
let premium: TestClient
let member: TestClient

beforeAll(async () => {
	;[manager, premium, member] = await Promise.all(
		['manager', 'premium', 'member'].map((username) => logIn(server.url, username)),
	)
})

const SPANISH = `WEBVTT

00:00.000 --> 00:05.000
Bienvenidos a la lección.

00:05.000 --> 00:12.000
<v Ana>Primero, escucha con atención.

00:30.000 --> 00:40.000
Después, pregunta qué vieron.
`

const FRENCH = `WEBVTT

00:00.000 --> 00:06.000
Bienvenue dans la leçon.

00:06.000 --> 00:12.000
Écoutez d'abord.
`

/** A new lesson of the manager's, with no captions, for a test of its own. */
async function newLesson(title: string): Promise<number> {
	const response = await manager.json('POST', '/api/admin/videos', { title, url: '/media/lesson.mp4', duration: 3 })
	expect(response.status).toBe(201)
	return (await response.json()).id
}

/** A page's words, without the markers React puts between adjacent texts. */
const textOf = (html: string) => textWithMarkers(html.replace(/<!-- -->/g, ''))

const dialog = (id: number) => `/admin/videos/${id}/captions`

/** Posts one of the dialog's forms as a multipart body, the way the browser sends it (a file among the fields). */
async function postDialog(client: TestClient, id: number, fields: Record<string, string | File>) {
	const token = await client.csrfToken(dialog(id))
	const body = new FormData()
	body.set('csrf', token!)
	for (const [name, value] of Object.entries(fields)) body.set(name, value)
	return client.request(dialog(id), { method: 'POST', body })
}

describe('the admin captions dialog', () => {
	it('takes pasted captions and a .vtt file in two languages; members get both as tracks, the transcript and the audit log says so', async () => {
		const id = await newLesson('Listening Well')
		expect(textOf(await pageHtml(manager, dialog(id)))).toContain('No captions yet.')

		const pasted = await postDialog(manager, id, { intent: 'save-captions', language: 'es', vtt: SPANISH, file: '' })
		expect(pasted.status).toBe(302)
		expect(pasted.headers.get('Location')).toBe(dialog(id))
		expect(textOf(await pageHtml(manager, dialog(id)))).toContain('Captions saved Español: 3 cues.')

		const file = new File([FRENCH], 'lesson.fr.vtt', { type: 'text/vtt' })
		const uploaded = await postDialog(manager, id, { intent: 'save-captions', language: 'fr', vtt: '', file })
		expect(uploaded.status).toBe(302)
		const listed = textOf(await pageHtml(manager, dialog(id)))
		expect(listed).toContain('Español (es) · 3 cues')
		expect(listed).toContain('Français (fr) · 2 cues')

		const lesson = await pageHtml(premium, `/content-library/${id}`)
		const tracks = [...lesson.matchAll(/<track [^>]*>/g)].map(([tag]) => tag)
		expect(tracks).toHaveLength(2)
		expect(tracks[0]).toMatch(
			/kind="captions" src="\/content-library\/\d+\/captions\/es\.vtt\?v=\d+" srcLang="es" label="Español"/,
		)
		expect(tracks[1]).toMatch(/srcLang="fr" label="Français"/)
		// Nobody chose captions on this browser: none shows by default, and the transcript is in the menu's first language.
		expect(lesson).not.toMatch(/<track [^>]*default/)
		expect(textOf(lesson)).toContain('Bienvenidos a la lección.')
		expect(textOf(lesson)).toContain('Ana: Primero, escucha con atención.')
		const french = textOf(await pageHtml(premium, `/content-library/${id}?lang=fr`))
		expect(french).toContain("Écoutez d'abord.")
		expect(french).not.toContain('Bienvenidos')

		const audit = await AuditEntryModel.find({ targetType: 'video', targetId: id }).sort({ id: 1 }).lean()
		expect(audit.map((entry) => entry.summary)).toEqual([
			'Added video "Listening Well"',
			'Added the Español captions of video "Listening Well" (3 cues)',
			'Added the Français captions of video "Listening Well" (2 cues)',
		])
		expect(await getTranscriptText(id, 'fr')).toBe("Bienvenue dans la leçon. Écoutez d'abord.")
		expect(await getTranscriptText(id)).toBe(
			"Bienvenidos a la lección. Primero, escucha con atención. Después, pregunta qué vieron.\n\nBienvenue dans la leçon. Écoutez d'abord.",
		)
	})

	it('refuses a bad file with its line named, on the form and in the notice, and changes nothing', async () => {
		const id = await newLesson('Refused Captions')
		const before = await snapshot()
		const bad = SPANISH.replace('00:30.000 --> 00:40.000', '00:3O.000 --> 00:40.000')
		const response = await postDialog(manager, id, { intent: 'save-captions', language: 'es', vtt: bad, file: '' })
		expect(response.status).toBe(400)
		const page = textOf(await response.text())
		expect(page).toContain('Line 9: Cue start timestamp “00:3O.000” is invalid.')
		expect(page).toContain('Failed to save captions')
		for (const [fields, message] of [
			[{ language: 'es', vtt: '', file: '' }, 'Paste the captions (WebVTT) or choose a .vtt file'],
			[
				{ language: 'es', vtt: SPANISH, file: new File([FRENCH], 'fr.vtt') },
				'Paste the captions or choose a file, not both',
			],
			[{ language: 'xx', vtt: SPANISH, file: '' }, 'Choose the language of the captions'],
			[
				{ language: 'es', vtt: '', file: new File(['1\n00:00:01,000 --> 00:00:02,000\nHi'], 'a.srt') },
				'Line 1: a WebVTT file starts with the line “WEBVTT”',
			],
		] as const) {
			const refused = await postDialog(manager, id, { intent: 'save-captions', ...fields })
			expect(refused.status).toBe(400)
			expect(textOf(await refused.text())).toContain(message)
		}
		// A picture passed off as captions, a file over 200 KB, and a post over the forms' 256 KB.
		const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], 'x.vtt')
		const picture = await postDialog(manager, id, { intent: 'save-captions', language: 'es', vtt: '', file: png })
		expect(picture.status).toBe(400)
		expect(textOf(await picture.text())).toContain('Line 1: this is not UTF-8 text.')
		const big = new File([`WEBVTT\n\n${'x'.repeat(210 * 1024)}`], 'big.vtt')
		const tooBig = await postDialog(manager, id, { intent: 'save-captions', language: 'es', vtt: '', file: big })
		expect(tooBig.status).toBe(400)
		expect(textOf(await tooBig.text())).toContain('Captions must be at most 200 KB')
		const huge = new File(['x'.repeat(300 * 1024)], 'huge.vtt')
		expect(
			(await postDialog(manager, id, { intent: 'save-captions', language: 'es', vtt: '', file: huge })).status,
		).toBe(413)
		expect(await snapshot()).toBe(before)
	})

	it('replaces a language and removes it', async () => {
		const id = await newLesson('Replaced Captions')
		await postDialog(manager, id, { intent: 'save-captions', language: 'es', vtt: SPANISH, file: '' })
		const replaced = await postDialog(manager, id, { intent: 'save-captions', language: 'es', vtt: FRENCH, file: '' })
		expect(replaced.status).toBe(302)
		expect(await CaptionTrackModel.countDocuments({ videoId: id })).toBe(1)
		expect((await CaptionTrackModel.findOne({ videoId: id }).lean())?.cues.map((cue) => cue.text)).toEqual([
			'Bienvenue dans la leçon.',
			"Écoutez d'abord.",
		])
		const removed = await postDialog(manager, id, { intent: 'remove-captions', language: 'es' })
		expect(removed.status).toBe(302)
		expect(textOf(await pageHtml(manager, dialog(id)))).toContain('The Español captions are gone.')
		expect(await CaptionTrackModel.countDocuments({ videoId: id })).toBe(0)
		const again = await postDialog(manager, id, { intent: 'remove-captions', language: 'es' })
		expect(again.status).toBe(404)
		expect(textOf(await again.text())).toContain('Captions not found')
		const summaries = (await AuditEntryModel.find({ targetId: id, targetType: 'video' }).sort({ id: 1 }).lean()).map(
			(entry) => entry.summary,
		)
		expect(summaries.slice(-2)).toEqual([
			'Replaced the Español captions of video "Replaced Captions" (2 cues)',
			'Removed the Español captions of video "Replaced Captions"',
		])
	})

	it('saves chapters one a line, names a wrong line, and an empty text removes them', async () => {
		const id = await newLesson('Chaptered Lesson')
		const wrong = await postDialog(manager, id, {
			intent: 'save-chapters',
			chapters: '0:00 Start\n2:00 Middle\n1:00 Back',
		})
		expect(wrong.status).toBe(400)
		expect(textOf(await wrong.text())).toContain(
			'Line 3: 1:00 is not after the chapter above it (2:00). List chapters in time order.',
		)
		expect(await LessonChaptersModel.countDocuments({ videoId: id })).toBe(0)

		const saved = await postDialog(manager, id, {
			intent: 'save-chapters',
			chapters: '0:00 Start\n\n1:30 - The middle\n',
		})
		expect(saved.status).toBe(302)
		expect(await pageHtml(manager, dialog(id))).toContain('0:00 Start\n1:30 The middle</textarea>')
		const lesson = await pageHtml(premium, `/content-library/${id}`)
		expect(lesson).toMatch(/href="\/content-library\/\d+\?t=0#player"[^>]*>.*?0:00.*?Start/s)
		expect(lesson).toMatch(/href="\/content-library\/\d+\?t=90#player"[^>]*>.*?1:30.*?The middle/s)

		const cleared = await postDialog(manager, id, { intent: 'save-chapters', chapters: '' })
		expect(cleared.status).toBe(302)
		expect(await LessonChaptersModel.countDocuments({ videoId: id })).toBe(0)
		expect(textOf(await pageHtml(premium, `/content-library/${id}`))).not.toContain('Chapters')
	})

	it('is for admins and content managers: others are sent away, an unknown video is a 404', async () => {
		const visitor = new TestClient(server.url)
		expect((await visitor.get(dialog(1))).headers.get('Location')).toBe('/auth')
		expect((await member.get(dialog(1))).headers.get('Location')).toBe('/dashboard')
		expect((await premium.get(dialog(1))).headers.get('Location')).toBe('/dashboard')
		expect(textOf(await pageHtml(manager, dialog(99999), 404))).toContain('Video not found')
		// The Content tab links each lesson to its captions.
		expect(await pageHtml(manager, '/admin?tab=content')).toMatch(
			/<a aria-label="Captions and chapters of What Great Leaders Do Differently"[^>]*href="\/admin\/videos\/1\/captions"/,
		)
	})
})

describe('caption files (the lesson gate)', () => {
	it('are served to members who may play the lesson, and to nobody else', async () => {
		const visitor = new TestClient(server.url)
		const free = await premium.get('/content-library/12/captions/en.vtt')
		expect(free.status).toBe(200)
		expect(free.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
		expect(free.headers.get('cache-control')).toBe('private, max-age=3600')
		expect(await free.text()).toMatch(/^WEBVTT - Leading Through Change\n\n00:00:00\.000 --> /)
		expect((await visitor.get('/content-library/1/captions/en.vtt')).status).toBe(401)
		const locked = await member.get('/content-library/12/captions/en.vtt')
		expect(locked.status).toBe(403)
		expect((await locked.json()).message).toBe('This video is part of Premium. Subscribe to watch it.')
		expect((await member.get('/content-library/1/captions/en.vtt')).status).toBe(200)
		for (const path of [
			'/content-library/1/captions/fr.vtt',
			'/content-library/1/captions/en.srt',
			'/content-library/1/captions/en',
			'/content-library/1/captions/..%2Fen.vtt',
			'/content-library/99999/captions/en.vtt',
			'/content-library/abc/captions/en.vtt',
		])
			expect((await premium.get(path)).status, path).toBe(404)
	})
})

describe('the lesson page without JavaScript', () => {
	it('shows the chapters and the transcript as links that start the video at their time', async () => {
		// Lesson 8, Difficult Conversations: 18 minutes, four parts.
		const html = await pageHtml(premium, '/content-library/8')
		const text = textOf(html)
		expect(text).toContain('Chapters')
		expect(text).toContain('Transcript')
		for (const [time, seconds, title] of [
			['0:00', 0, 'Introduction'],
			['0:20', 20, 'Prepare the facts'],
			['17:30', 1050, 'Your next step'],
		] as const)
			expect(html).toMatch(
				new RegExp(`href="/content-library/8\\?t=${seconds}#player"[^>]*>.{0,200}${time}.{0,200}${title}`, 's'),
			)
		expect(html).toMatch(
			/href="\/content-library\/8\?t=28#player"[^>]*>Separate what happened from your story about it\.<\/a>/,
		)
		expect(html).toContain('<video src="/media/difficult-conversations.mp4"')

		const at = await pageHtml(premium, '/content-library/8?t=283')
		expect(at).toContain('<video src="/media/difficult-conversations.mp4#t=283"')
		// A new note starts at that time too.
		expect(at).toMatch(/<input[^>]*name="time"[^>]*value="4:43"/)
		for (const odd of ['abc', '-5', '1.5', '999999', '%00'])
			expect(await pageHtml(premium, `/content-library/8?t=${odd}`)).toContain(
				'<video src="/media/difficult-conversations.mp4"',
			)
	})

	it('finds a phrase in the transcript: the matching lines as links, and the video starts at the first', async () => {
		const found = await pageHtml(premium, '/content-library/8?q=your+STORY')
		expect(textOf(found)).toContain('1 line has “your STORY”: the video starts at the first.')
		expect(found).toContain('<video src="/media/difficult-conversations.mp4#t=28"')
		expect(found).toMatch(/data-testid="transcript-matches".*href="\/content-library\/8\?t=28#player"/s)
		expect(found).toMatch(/<form[^>]*action="\/content-library\/8#transcript"/)

		const missing = textOf(await pageHtml(premium, '/content-library/8?q=quarterly+budget'))
		expect(missing).toContain('No line of the transcript has “quarterly budget”.')
		for (const hostile of ['.*', '{"$gt":""}', '\u0000', 'x'.repeat(5000), '<script>alert(1)</script>']) {
			const response = await premium.get(`/content-library/8?${new URLSearchParams({ q: hostile })}`)
			expect(response.status, hostile.slice(0, 20)).toBe(200)
			expect(await response.text()).not.toContain('<script>alert(1)</script>')
		}
	})

	it("marks the member's remembered captions language as the default track, and none when they turned captions off", async () => {
		const page = async (choice: string) =>
			(
				await fetch(new URL('/content-library/8', server.url), {
					headers: { Cookie: `__session=${premium.cookie('__session')}; captions=${choice}` },
				})
			).text()
		expect(await page('en')).toMatch(/<track [^>]*srcLang="en"[^>]*default=""/)
		expect(await page('off')).not.toMatch(/<track [^>]*default/)
		// A language the lesson has no captions in shows none.
		expect(await page('de')).not.toMatch(/<track [^>]*default/)
	})

	it('shows a locked lesson without its captions, transcript, chapters or notes', async () => {
		const html = await pageHtml(member, '/content-library/12')
		expect(html).not.toContain('<track')
		expect(html).not.toContain('/captions/')
		for (const part of ['id="transcript"', 'id="chapters-heading"', 'id="notes"']) expect(html).not.toContain(part)
	})
})

describe('deleting a lesson', () => {
	it('takes its captions, chapters and everyone’s notes on it along', async () => {
		const id = await newLesson('Short-lived Lesson')
		await postDialog(manager, id, { intent: 'save-captions', language: 'es', vtt: SPANISH, file: '' })
		await postDialog(manager, id, { intent: 'save-chapters', chapters: '0:00 Only' })
		expect((await premium.json('POST', `/api/videos/${id}/notes`, { atSeconds: 3, text: 'Mine' })).status).toBe(201)
		expect((await manager.json('DELETE', `/api/admin/videos/${id}`)).status).toBe(200)
		expect(await CaptionTrackModel.countDocuments({ videoId: id })).toBe(0)
		expect(await LessonChaptersModel.countDocuments({ videoId: id })).toBe(0)
		expect(await NoteModel.countDocuments({ videoId: id })).toBe(0)
	})
})
