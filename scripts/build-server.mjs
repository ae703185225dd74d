// Bundles server.ts (and the app modules it wires) into build-server/server.js;
// packages stay external and come from node_modules at run time.
import * as esbuild from 'esbuild'

await esbuild.build({
	entryPoints: ['server.ts'],
	outfile: 'build-server/server.js',
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	sourcemap: true,
	logLevel: 'warning',
})
