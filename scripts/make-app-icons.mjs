// Draws the app's icons for the web app manifest and iOS (docs/decisions/180)
// from the logo (public/favicon.svg's "LF" on the brand blue) with ffmpeg. The
// output in public/icons/ is committed; run again only to change the logo
// (`node scripts/make-app-icons.mjs`; needs ffmpeg built with librsvg).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const BRAND = '#2554eb'
const OUT = path.resolve(import.meta.dirname, '../public/icons')

/** The logo on a square: `radius` rounds the corners (0 for full-bleed), `scale` sizes the letters. */
function logo({ size, radius, scale, background = BRAND, color = '#fff' }) {
	const fontSize = Math.round(size * scale)
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${
		background ? `<rect width="${size}" height="${size}" rx="${radius}" fill="${background}"/>` : ''
	}<text x="${size / 2}" y="${size / 2 + fontSize * 0.36}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="${color}" text-anchor="middle">LF</text></svg>`
}

const ICONS = {
	// "any": the rounded logo, as the favicon draws it.
	'icon-192.png': logo({ size: 192, radius: 42, scale: 0.4 }),
	'icon-512.png': logo({ size: 512, radius: 112, scale: 0.4 }),
	// "maskable": full bleed, the letters inside the middle 80% that every mask keeps.
	'icon-maskable-512.png': logo({ size: 512, radius: 0, scale: 0.32 }),
	// iOS rounds its own corners.
	'apple-touch-icon.png': logo({ size: 180, radius: 0, scale: 0.38 }),
	// Android's status bar draws the badge as a silhouette: white letters, nothing behind.
	'badge-96.png': logo({ size: 96, radius: 0, scale: 0.5, background: null }),
}

fs.mkdirSync(OUT, { recursive: true })
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'app-icons-'))
for (const [name, svg] of Object.entries(ICONS)) {
	const source = path.join(work, `${name}.svg`)
	fs.writeFileSync(source, svg)
	execFileSync('ffmpeg', [
		'-hide_banner',
		'-loglevel',
		'error',
		'-y',
		'-i',
		source,
		'-frames:v',
		'1',
		path.join(OUT, name),
	])
	console.log(`public/icons/${name}`)
}
fs.rmSync(work, { recursive: true })
