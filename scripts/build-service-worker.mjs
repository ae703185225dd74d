// Builds the service worker (worker/service-worker.ts) into public/sw.js after
// `remix build` (docs/decisions/180). Its version names this build: the hash of
// the server build, the names of the fingerprinted files in public/build, the
// worker's source and the icons it keeps. Any new build is a new worker, which
// takes over and drops what the old one kept.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import * as esbuild from 'esbuild'

const SOURCE = 'worker/service-worker.ts'
const OUTPUT = 'public/sw.js'

function filesUnder(dir) {
	return fs
		.readdirSync(dir, { withFileTypes: true })
		.flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
		.sort()
}

if (!fs.existsSync('build/index.js') || !fs.existsSync('public/build')) {
	throw new Error('Build the app first (remix build): the service worker is named after the build')
}
const hash = createHash('sha256')
hash.update(fs.readFileSync('build/index.js'))
for (const file of filesUnder('public/build')) hash.update(`${file}\0`)
hash.update(fs.readFileSync(SOURCE))
for (const file of filesUnder('public/icons')) hash.update(fs.readFileSync(file))
const version = hash.digest('base64url').slice(0, 12)

await esbuild.build({
	entryPoints: [SOURCE],
	outfile: OUTPUT,
	bundle: true,
	minify: true,
	format: 'iife',
	target: 'es2020',
	define: { __BUILD_VERSION__: JSON.stringify(version) },
	logLevel: 'warning',
})
console.log(`Service worker ${OUTPUT}: version ${version}`)
