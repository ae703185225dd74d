// How server.ts (with its parts in server/ and the app modules they wire) and the seed script are bundled
// into build-server/: packages stay external and come from node_modules at run
// time. Shared by `npm run build` and `npm run dev`.
export const serverBundleOptions = {
	entryPoints: { server: 'server.ts', seed: 'scripts/seed.ts' },
	outdir: 'build-server',
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node24',
	packages: 'external',
	sourcemap: true,
	logLevel: 'warning',
}
