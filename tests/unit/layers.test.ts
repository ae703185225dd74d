import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The layers of docs/architecture.md, checked on every import of the app:
 *
 *   routes ─► web, components ─► services ─► platform ─► models, lib
 *   realtime ─► web, services
 *   demo ─► services (only the server, scripts and tests import it)
 *
 * The server is server.ts and the parts it wires in server/ (the Express app,
 * its gates, the Remix handler, start-up and shutdown): it may import every
 * layer, and no layer imports it.
 *
 * lib is shared with the browser and imports nothing above it; platform is the
 * infrastructure and imports no domain code; services never reach the sockets
 * (they publish through app/platform/live.server.ts); no request handler
 * reaches the demo fixtures. Also: no two files import each other, directly or
 * around a loop.
 */
type Layer =
	| 'server'
	| 'demo'
	| 'routes'
	| 'realtime'
	| 'web'
	| 'components'
	| 'services'
	| 'platform'
	| 'config'
	| 'lib'
	| 'models'

const MAY_IMPORT: Record<Layer, Layer[]> = {
	server: [
		'server',
		'demo',
		'routes',
		'realtime',
		'web',
		'components',
		'services',
		'platform',
		'config',
		'lib',
		'models',
	],
	demo: ['demo', 'services', 'platform', 'config', 'lib', 'models'],
	routes: ['routes', 'web', 'components', 'services', 'platform', 'config', 'lib', 'models'],
	realtime: ['realtime', 'web', 'services', 'platform', 'config', 'lib', 'models'],
	web: ['web', 'services', 'platform', 'config', 'lib', 'models'],
	components: ['components', 'lib', 'models'],
	services: ['services', 'platform', 'config', 'lib', 'models'],
	platform: ['platform', 'config', 'lib', 'models'],
	config: ['lib'],
	lib: ['lib', 'models'],
	models: ['models'],
}

const root = process.cwd()

function layerOf(file: string): Layer | null {
	const relative = path.relative(root, file).split(path.sep).join('/')
	if (relative === 'server.ts' || relative.startsWith('server/')) return 'server'
	if (relative.startsWith('models/')) return 'models'
	if (!relative.startsWith('app/')) return null
	const [, top] = relative.split('/')
	if (top === 'routes' || top === 'root.tsx' || top === 'entry.server.tsx' || top === 'entry.client.tsx')
		return 'routes'
	if (top === 'config.server.ts') return 'config'
	// Type declarations shared by every layer (RouteHandle and such).
	if (top === 'types.d.ts') return 'lib'
	if (
		top === 'realtime' ||
		top === 'web' ||
		top === 'components' ||
		top === 'services' ||
		top === 'platform' ||
		top === 'demo' ||
		top === 'lib'
	)
		return top
	throw new Error(
		`${relative} is in no layer: put it in one of app/{routes,realtime,web,components,services,platform,demo,lib}`,
	)
}

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return sourceFiles(full)
		return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
	})
}

const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx']

/** The file an import names, when it is one of ours (a package import is nobody's layer). */
function resolveImport(from: string, specifier: string): string | null {
	let base: string
	if (specifier.startsWith('~/')) base = path.join(root, 'app', specifier.slice(2))
	else if (specifier.startsWith('#models/')) base = path.join(root, 'models', specifier.slice('#models/'.length))
	else if (specifier.startsWith('#server/')) base = path.join(root, 'server', specifier.slice('#server/'.length))
	else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
	else return null
	// A stylesheet or other asset imported for its URL is not code.
	if (/\.(css|svg|png|json)$/.test(specifier)) return null
	const found = EXTENSIONS.map((extension) => base + extension).find(
		(candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
	)
	if (!found) throw new Error(`${path.relative(root, from)} imports ${specifier}, which does not resolve to a file`)
	return found
}

const files = [
	path.join(root, 'server.ts'),
	...sourceFiles(path.join(root, 'server')),
	...sourceFiles(path.join(root, 'app')),
	...sourceFiles(path.join(root, 'models')),
]
const imports = new Map(
	files.map((file) => {
		const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
		const targets = importedFiles
			.map(({ fileName }) => resolveImport(file, fileName))
			.filter((target): target is string => target !== null)
		return [file, targets] as const
	}),
)
const name = (file: string) => path.relative(root, file)

describe('the layers of the code', () => {
	it('every import runs down the layers, never up', () => {
		const wrongWay: string[] = []
		for (const [file, targets] of imports) {
			const from = layerOf(file)!
			for (const target of targets) {
				const to = layerOf(target)!
				if (!MAY_IMPORT[from].includes(to)) wrongWay.push(`${name(file)} (${from}) imports ${name(target)} (${to})`)
			}
		}
		expect(wrongWay).toEqual([])
	})

	it('no file imports itself around a loop', () => {
		const cycles: string[] = []
		const state = new Map<string, 'visiting' | 'done'>()
		const stack: string[] = []
		function visit(file: string) {
			state.set(file, 'visiting')
			stack.push(file)
			for (const target of imports.get(file) ?? []) {
				if (state.get(target) === 'visiting')
					cycles.push([...stack.slice(stack.indexOf(target)), target].map(name).join(' -> '))
				else if (!state.has(target)) visit(target)
			}
			stack.pop()
			state.set(file, 'done')
		}
		for (const file of files) if (!state.has(file)) visit(file)
		expect(cycles).toEqual([])
	})

	it('the checker sees the imports it checks', () => {
		// A checker that found no imports would pass everything: make sure it reads them.
		const layout = imports.get(path.join(root, 'app/routes/_app.tsx')) ?? []
		expect(layout.map(name)).toContain(path.join('app', 'web', 'auth.server.ts'))
		// The server's parts are read too, through their `#server/…` alias.
		const entry = imports.get(path.join(root, 'server.ts')) ?? []
		expect(entry.map(name)).toContain(path.join('server', 'app.ts'))
	})
})
