/**
 * `npx tsx bench/profile-top.ts <file.cpuprofile> [entries]`: the top of a
 * V8 CPU profile as text, for the performance record (decision 080 keeps
 * profiles' top entries, not the files). Take one with
 * `BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=<dir>" npm run bench`
 * (the server writes it when the bench stops it) or under the load test.
 *
 * Prints two tables, as shares of the time the process was busy (idle and
 * the profiler's own "(program)" left out of the whole):
 * - by where the code lives: each package under node_modules, the app's own
 *   code (build/ and build-server/), Node's internals, garbage collection;
 *   self time, so each sample counts once;
 * - the functions with the most self time, each with its file;
 * - named functions with their callees (inclusive time, each sample counted
 *   once however deep the recursion): Remix's route table, React's render,
 *   the compression, Mongoose and the driver's commands. PROFILE_INCLUSIVE
 *   (comma-separated function names) replaces the list.
 */
import fs from 'node:fs'

interface ProfileNode {
	id: number
	callFrame: { functionName: string; url: string; lineNumber: number }
	children?: number[]
}
interface Profile {
	nodes: ProfileNode[]
	samples: number[]
	timeDeltas: number[]
}

const [file, entriesArg] = process.argv.slice(2)
if (!file) {
	console.error('Usage: npx tsx bench/profile-top.ts <file.cpuprofile> [entries]')
	process.exit(1)
}
const entries = Number(entriesArg ?? 25)
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile

const INCLUSIVE = (
	process.env.PROFILE_INCLUSIVE ??
	[
		'matchRoutes',
		'flattenRoutes',
		'rankRouteBranches',
		'compilePath',
		'createServerRoutes',
		'createStaticRouter',
		'convertRoutesToDataRoutes',
		'createStaticHandlerDataRoutes',
		'requestHandler',
		'handleDocumentRequest',
		'renderToPipeableStream',
		'renderToString',
		'performWork',
		'createServerHandoffString',
		'helmetMiddleware',
		'compression',
		'onStreamData',
		'serializeInto',
		'deserialize',
		'exec',
		'writeReadableStreamToWritable',
		'createRemixRequest',
		'sendRemixResponse',
	].join(',')
).split(',')

const selfMicros = new Map<number, number>()
profile.samples.forEach((nodeId, index) =>
	selfMicros.set(nodeId, (selfMicros.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0)),
)

/** Where a frame's code lives: a package, the app, Node itself, or V8's own entries. */
function placeOf(frame: ProfileNode['callFrame']): string {
	const { url, functionName } = frame
	if (!url) return functionName.startsWith('(') ? functionName : '(native)'
	const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
	if (packageMatch) return packageMatch[1]!
	if (url.startsWith('node:')) return 'node internals'
	if (/\/build(?:-server)?\//.test(url)) return 'app'
	return url
}

const byPlace = new Map<string, number>()
const byFunction = new Map<string, number>()
let busy = 0
let idle = 0
for (const node of profile.nodes) {
	const micros = selfMicros.get(node.id) ?? 0
	if (!micros) continue
	const name = node.callFrame.functionName
	if (name === '(idle)' || name === '(program)') {
		idle += micros
		continue
	}
	busy += micros
	const place = placeOf(node.callFrame)
	byPlace.set(place, (byPlace.get(place) ?? 0) + micros)
	const where = node.callFrame.url
		? `${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`
		: ''
	const key = `${name || '(anonymous)'} ${where}`.trim()
	byFunction.set(key, (byFunction.get(key) ?? 0) + micros)
}

// Inclusive time of the named functions: each sample once per name found on its stack.
const parentOf = new Map<number, ProfileNode>()
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node)
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]))
const inclusive = new Map<string, number>(INCLUSIVE.map((name) => [name, 0]))
profile.samples.forEach((nodeId, index) => {
	const seen = new Set<string>()
	for (let node = nodeById.get(nodeId); node; node = parentOf.get(node.id)) {
		const name = node.callFrame.functionName
		if (inclusive.has(name) && !seen.has(name)) {
			seen.add(name)
			inclusive.set(name, inclusive.get(name)! + (profile.timeDeltas[index] ?? 0))
		}
	}
})

const share = (micros: number) => `${((micros / Math.max(1, busy)) * 100).toFixed(1)}%`
const top = (map: Map<string, number>) =>
	[...map]
		.sort((a, b) => b[1] - a[1])
		.slice(0, entries)
		.map(([name, micros]) => ({ name, 'share of busy time': share(micros), ms: Math.round(micros / 1000) }))

console.log(
	`${file}: busy ${(busy / 1e6).toFixed(1)} s, idle or unattributed ${(idle / 1e6).toFixed(1)} s (${profile.samples.length} samples)`,
)
console.log('\nBy where the code lives (self time)')
console.table(top(byPlace))
console.log('\nFunctions with the most self time')
console.table(top(byFunction))
console.log('\nNamed functions with their callees (inclusive time)')
console.table(top(inclusive).filter((row) => row.ms > 0))
