#!/usr/bin/env node
/**
 * `npm run dev`: rebuilds the app on every change (remix watch) while the
 * server re-imports the new build on the next request; server.ts itself is
 * rebundled and restarted when it or the modules it wires change.
 */
import { spawn } from 'node:child_process'
import * as esbuild from 'esbuild'
import { serverBundleOptions } from './server-bundle.mjs'

const env = { ...process.env, NODE_ENV: 'development' }
const processes = []
function run(command, args) {
	const child = spawn(command, args, { stdio: 'inherit', env })
	processes.push(child)
	return child
}

run('npx', ['remix', 'watch'])

let server
function restartServer() {
	server?.kill('SIGTERM')
	server = run(process.execPath, ['build-server/server.js'])
}
const context = await esbuild.context({
	...serverBundleOptions,
	plugins: [
		{ name: 'restart', setup: (build) => build.onEnd((result) => result.errors.length === 0 && restartServer()) },
	],
})
await context.watch()

for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, async () => {
		await context.dispose()
		for (const child of processes) child.kill('SIGTERM')
		process.exit(0)
	})
}
