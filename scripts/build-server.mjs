// Bundles server.ts (and the app modules it wires) into build-server/server.js,
// and the seed script into build-server/seed.js (so a production image can seed
// too); packages stay external and come from node_modules at run time.
import * as esbuild from 'esbuild'

await esbuild.build({
	entryPoints: { server: 'server.ts', seed: 'scripts/seed.ts' },
	outdir: 'build-server',
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	sourcemap: true,
	logLevel: 'warning',
})
