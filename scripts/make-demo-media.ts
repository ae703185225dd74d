/**
 * Draws the demo library's media from app/demo/catalogue.server.ts
 * (docs/decisions/069). The output is committed; run it again only to change
 * the demo (`npx tsx scripts/make-demo-media.ts`; needs ffmpeg and the
 * DejaVu fonts, `apt-get install ffmpeg fonts-dejavu-core`).
 *
 * - private/media/{slug}.mp4: each lesson as a slide lecture of its true
 *   length (a title slide, one slide per part, the next step), 640×360 at
 *   one frame a second, H.264 without sound. Still slides cost almost
 *   nothing between frames, so a 24-minute lesson is a few dozen kilobytes.
 * - public/images/thumbnails/{slug}.svg: the lesson's cover: its category's
 *   colours and motif, its number and its title.
 * - public/images/avatars/{username}.svg: drawn portraits of the demo members
 *   who have one.
 *
 * `--covers-only` redraws the covers and portraits and leaves the clips.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEMO_LESSONS, demoLessonSlides, type DemoCategory, type DemoLesson } from '../app/demo/catalogue.server'

const ROOT = path.resolve(import.meta.dirname, '..')
const FONT_DIR = '/usr/share/fonts/truetype/dejavu'
const BOLD = `${FONT_DIR}/DejaVuSans-Bold.ttf`
const REGULAR = `${FONT_DIR}/DejaVuSans.ttf`

interface Palette {
	/** Slide and cover background, and a darker tone of it. */
	background: string
	deep: string
	/** Labels and motifs. */
	accent: string
	soft: string
}

const PALETTES: Record<DemoCategory, Palette> = {
	'Leadership Fundamentals': { background: '#1e3a8a', deep: '#172554', accent: '#60a5fa', soft: '#bfdbfe' },
	Communication: { background: '#115e59', deep: '#134e4a', accent: '#5eead4', soft: '#ccfbf1' },
	Strategy: { background: '#5b21b6', deep: '#3b0764', accent: '#c4b5fd', soft: '#ede9fe' },
	'Team Building': { background: '#9a3412', deep: '#7c2d12', accent: '#fdba74', soft: '#ffedd5' },
}

/** Breaks text into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
	const lines: string[] = []
	let line = ''
	for (const word of text.split(/\s+/)) {
		if (line && line.length + 1 + word.length > width) {
			lines.push(line)
			line = word
		} else line = line ? `${line} ${word}` : word
	}
	if (line) lines.push(line)
	return lines
}

const ffColour = (hex: string) => `0x${hex.slice(1)}`

// ---------------------------------------------------------------------------
// Lesson clips

function makeClip(lesson: DemoLesson, index: number, workDir: string) {
	const palette = PALETTES[lesson.category]
	const total = lesson.minutes * 60
	const filters: string[] = [
		// A darker band at the foot and the accent rule beside the text: on every slide.
		`drawbox=x=0:y=300:w=640:h=60:color=${ffColour(palette.deep)}:t=fill`,
		`drawbox=x=40:y=56:w=5:h=72:color=${ffColour(palette.accent)}:t=fill`,
	]
	let file = 0
	const text = (content: string, options: string) => {
		const textFile = path.join(workDir, `${lesson.slug}-${(file += 1)}.txt`)
		fs.writeFileSync(textFile, content)
		filters.push(
			`drawtext=fontfile=${options.includes('bold') ? BOLD : REGULAR}:textfile=${textFile}:expansion=none:${options.replace('bold:', '')}`,
		)
	}
	text('LeaderForge', `fontcolor=white@0.8:fontsize=15:x=40:y=322`)
	text(lesson.title, `fontcolor=white@0.6:fontsize=13:x=w-tw-40:y=324`)
	for (const slide of demoLessonSlides(lesson, index)) {
		// Frames come every second: a slide shows on the frames from its start up to, not including, its end.
		const enable = `enable='between(t,${slide.start},${slide.end - 0.5})'`
		const headingLines = wrap(slide.heading, Math.floor(540 / (slide.headingSize * 0.62)))
		const lineHeight = Math.round(slide.headingSize * 1.25)
		text(slide.label, `fontcolor=${ffColour(palette.accent)}:fontsize=14:x=60:y=60:${enable}`)
		text(
			headingLines.join('\n'),
			`bold:fontcolor=white:fontsize=${slide.headingSize}:line_spacing=${lineHeight - slide.headingSize}:x=60:y=90:${enable}`,
		)
		if (slide.body) {
			const bodyTop = 90 + headingLines.length * lineHeight + 18
			text(
				wrap(slide.body, 46).join('\n'),
				`fontcolor=${ffColour(palette.soft)}:fontsize=19:line_spacing=8:x=60:y=${bodyTop}:${enable}`,
			)
		}
		if (slide.part !== null) {
			lesson.chapters.forEach((_, dot) => {
				const colour = dot === slide.part ? palette.accent : palette.soft
				filters.push(
					`drawbox=x=${60 + dot * 22}:y=276:w=14:h=4:color=${ffColour(colour)}@${dot === slide.part ? 1 : 0.35}:t=fill:${enable}`,
				)
			})
		}
	}
	const output = path.join(ROOT, 'private/media', `${lesson.slug}.mp4`)
	execFileSync('ffmpeg', [
		'-y',
		'-loglevel',
		'error',
		'-f',
		'lavfi',
		'-i',
		`color=c=${ffColour(palette.background)}:s=640x360:r=1:d=${total}`,
		'-vf',
		filters.join(','),
		// Still slides: long groups of pictures (x264 starts a new one at each slide change anyway), constant quality.
		'-c:v',
		'libx264',
		'-preset',
		'veryslow',
		'-crf',
		'28',
		'-tune',
		'stillimage',
		'-g',
		'600',
		'-pix_fmt',
		'yuv420p',
		'-profile:v',
		'high',
		'-movflags',
		'+faststart',
		'-map_metadata',
		'-1',
		'-fflags',
		'+bitexact',
		'-flags:v',
		'+bitexact',
		output,
	])
	return output
}

// ---------------------------------------------------------------------------
// Covers

const xml = (value: string) =>
	value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The category's picture on the right half, moved and scaled a little per lesson so no two covers are alike. */
function motif(category: DemoCategory, palette: Palette, variant: number): string {
	const dx = (variant % 3) * 18
	const dy = (variant % 2) * 14
	switch (category) {
		case 'Leadership Fundamentals':
			// A summit with a flag, under a low sun.
			return `<circle cx="${520 - dx}" cy="${110 + dy}" r="${34 + (variant % 3) * 6}" fill="${palette.accent}" opacity=".9"/>
<path d="M330 360 L${450 - dx} ${170 + dy} L${520 - dx} 250 L${560 - dx} ${215 + dy} L660 360Z" fill="${palette.accent}" opacity=".45"/>
<path d="M390 360 L${505 - dx} ${215 + dy} L640 360Z" fill="${palette.soft}" opacity=".35"/>
<path d="M${450 - dx} ${170 + dy} v-44" stroke="${palette.soft}" stroke-width="4" stroke-linecap="round"/>
<path d="M${452 - dx} ${128 + dy} l30 9 -30 9z" fill="${palette.accent}"/>`
		case 'Communication':
			// Two speech bubbles in conversation.
			return `<rect x="${380 + dx}" y="${70 + dy}" width="190" height="110" rx="28" fill="${palette.accent}" opacity=".95"/>
<path d="M${420 + dx} ${176 + dy} l-8 34 38 -34z" fill="${palette.accent}" opacity=".95"/>
<rect x="${440 + dx}" y="${150 + dy}" width="170" height="100" rx="28" fill="${palette.soft}"/>
<path d="M${570 + dx} ${246 + dy} l12 30 -42 -30z" fill="${palette.soft}"/>
<g fill="${palette.deep}"><circle cx="${490 + dx}" cy="${200 + dy}" r="8"/><circle cx="${525 + dx}" cy="${200 + dy}" r="8"/><circle cx="${560 + dx}" cy="${200 + dy}" r="8"/></g>
<rect x="${410 + dx}" y="${105 + dy}" width="120" height="10" rx="5" fill="${palette.deep}" opacity=".55"/><rect x="${410 + dx}" y="${128 + dy}" width="80" height="10" rx="5" fill="${palette.deep}" opacity=".55"/>`
		case 'Strategy':
			// A target with an arrow in it, and the path that led there.
			return `<g fill="none" stroke-width="14"><circle cx="${500 - dx}" cy="${180 + dy}" r="104" stroke="${palette.soft}" opacity=".35"/><circle cx="${500 - dx}" cy="${180 + dy}" r="70" stroke="${palette.soft}" opacity=".6"/></g>
<circle cx="${500 - dx}" cy="${180 + dy}" r="34" fill="${palette.accent}"/>
<path d="M${380 - dx} ${300 + dy} Q${420 - dx} ${230 + dy} ${490 - dx} ${188 + dy}" stroke="${palette.accent}" stroke-width="6" fill="none" stroke-dasharray="2 12" stroke-linecap="round"/>
<path d="M${600 - dx} ${80 + dy} L${505 - dx} ${175 + dy}" stroke="white" stroke-width="6" stroke-linecap="round"/>
<path d="M${600 - dx} ${80 + dy} l-4 26 M${600 - dx} ${80 + dy} l-26 4" stroke="white" stroke-width="6" stroke-linecap="round"/>`
		case 'Team Building':
			// People standing together: heads and shoulders in three tones.
			return [0, 1, 2, 3]
				.map((n) => {
					const x = 410 + n * 60 + (n % 2 ? 0 : dx / 2)
					const y = 150 + (n % 2) * 36 + dy
					const fill = [palette.accent, palette.soft, '#ffffff', palette.accent][n]
					return `<circle cx="${x}" cy="${y}" r="26" fill="${fill}"/><path d="M${x - 42} ${y + 130} q0 -88 42 -88 q42 0 42 88z" fill="${fill}"/>`
				})
				.join('\n')
	}
}

function cover(lesson: DemoLesson, index: number): string {
	const palette = PALETTES[lesson.category]
	const lines = wrap(lesson.title, 16)
	const size = lines.length > 3 ? 28 : 32
	const top = 190 - ((lines.length - 1) * size * 1.15) / 2
	const title = lines
		.map(
			(line, n) =>
				`<text x="40" y="${Math.round(top + n * size * 1.15)}" font-size="${size}" font-weight="700" fill="#fff">${xml(line)}</text>`,
		)
		.join('')
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.background}"/><stop offset="1" stop-color="${palette.deep}"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/>
${motif(lesson.category, palette, index)}
<g font-family="Inter, 'Segoe UI', Helvetica, Arial, sans-serif">
<rect x="40" y="47" width="5" height="38" fill="${palette.accent}"/>
<text x="56" y="62" font-size="16" font-weight="700" letter-spacing="1.5" fill="${palette.accent}">${xml(lesson.category.toUpperCase())}</text>
<text x="56" y="80" font-size="14" letter-spacing="1" fill="${palette.soft}" opacity=".85">LESSON ${String(index + 1).padStart(2, '0')}</text>
${title}
<text x="40" y="326" font-size="16" font-weight="700" fill="#fff" opacity=".8">LeaderForge</text>
</g></svg>
`
}

// ---------------------------------------------------------------------------
// Portraits

interface Portrait {
	background: string
	skin: string
	hair: string
	shirt: string
	style: 'short' | 'long' | 'bun' | 'curly' | 'side'
	glasses?: boolean
	beard?: boolean
}

const PORTRAITS: Record<string, Portrait> = {
	admin: { background: '#dbeafe', skin: '#e8b894', hair: '#4a3426', shirt: '#1e3a8a', style: 'side', glasses: true },
	manager: { background: '#fef3c7', skin: '#a86f4c', hair: '#1c1917', shirt: '#0f766e', style: 'long' },
	moderator: { background: '#d1fae5', skin: '#f1c9a5', hair: '#111827', shirt: '#15803d', style: 'short' },
	premium: { background: '#ede9fe', skin: '#6b4432', hair: '#1f1410', shirt: '#6d28d9', style: 'curly' },
	maria: { background: '#ffe4e6', skin: '#c98d62', hair: '#3b2418', shirt: '#be123c', style: 'bun' },
	david: { background: '#e0f2fe', skin: '#f3d3b5', hair: '#0f0f10', shirt: '#334155', style: 'short', beard: true },
}

function portrait({ background, skin, hair, shirt, style, glasses, beard }: Portrait): string {
	const behind = style === 'long' ? `<path d="M27 44c0-16 9-27 21-27s21 11 21 27v30H27z" fill="${hair}"/>` : ''
	const front = {
		short: `<path d="M30 40c0-13 8-21 18-21s18 8 18 21c-5-7-11-9-18-9s-13 2-18 9z" fill="${hair}"/>`,
		side: `<path d="M30 42c-1-15 8-23 19-23 11 0 18 8 17 22-6-8-14-11-22-10-6 1-10 5-14 11z" fill="${hair}"/>`,
		long: `<path d="M30 42c0-14 8-22 18-22s18 8 18 22c-8-2-14-7-17-13-3 7-10 11-19 13z" fill="${hair}"/>`,
		bun: `<circle cx="48" cy="17" r="8" fill="${hair}"/><path d="M30 41c0-13 8-20 18-20s18 7 18 20c-5-6-11-8-18-8s-13 2-18 8z" fill="${hair}"/>`,
		curly: `<g fill="${hair}">${[30, 36, 42, 48, 54, 60, 66].map((x, n) => `<circle cx="${x}" cy="${28 - (n % 2) * 4 - (n > 1 && n < 5 ? 3 : 0)}" r="7"/>`).join('')}<circle cx="30" cy="36" r="5"/><circle cx="66" cy="36" r="5"/></g>`,
	}[style]
	const face = [
		`<circle cx="42" cy="44" r="1.9" fill="#1f2937"/><circle cx="54" cy="44" r="1.9" fill="#1f2937"/>`,
		beard ? `<path d="M33 47c1 10 7 16 15 16s14-6 15-16c-4 5-9 6-15 6s-11-1-15-6z" fill="${hair}"/>` : '',
		`<path d="M43 52q5 4 10 0" stroke="#7f1d1d" stroke-width="1.6" fill="none" stroke-linecap="round"/>`,
		glasses
			? `<g fill="none" stroke="#1f2937" stroke-width="1.4"><circle cx="42" cy="44" r="5"/><circle cx="54" cy="44" r="5"/><path d="M47 44h2"/></g>`
			: '',
	].join('')
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><defs><clipPath id="c"><circle cx="48" cy="48" r="48"/></clipPath></defs>
<g clip-path="url(#c)"><rect width="96" height="96" fill="${background}"/>${behind}
<path d="M12 96c0-19 15-29 36-29s36 10 36 29z" fill="${shirt}"/><rect x="41" y="56" width="14" height="14" rx="5" fill="${skin}"/><path d="M40 67l8 8 8-8" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>
<ellipse cx="48" cy="43" rx="17" ry="20" fill="${skin}"/>${front}${face}</g></svg>
`
}

// ---------------------------------------------------------------------------

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-media-'))
try {
	for (const [index, lesson] of DEMO_LESSONS.entries()) {
		fs.writeFileSync(path.join(ROOT, 'public/images/thumbnails', `${lesson.slug}.svg`), cover(lesson, index))
		if (process.argv.includes('--covers-only')) continue
		const clip = makeClip(lesson, index, workDir)
		console.log(`${lesson.slug}: ${lesson.minutes} min, ${Math.round(fs.statSync(clip).size / 1024)} KB`)
	}
	fs.mkdirSync(path.join(ROOT, 'public/images/avatars'), { recursive: true })
	for (const [username, look] of Object.entries(PORTRAITS))
		fs.writeFileSync(path.join(ROOT, 'public/images/avatars', `${username}.svg`), portrait(look))
} finally {
	fs.rmSync(workDir, { recursive: true, force: true })
}
