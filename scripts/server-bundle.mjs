// How server.ts (with its parts in server/ and the app modules they wire), the seed script and the search
// index's rebuild command are bundled
// into build-server/: packages stay external and come from node_modules at run
// time. Shared by `npm run build` and `npm run dev`.
export const serverBundleOptions = {
	entryPoints: { server: 'server.ts', seed: 'scripts/seed.ts', 'search-rebuild': 'scripts/search-rebuild.ts' },
	outdir: 'build-server',
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node24',
	packages: 'external',
	sourcemap: true,
	logLevel: 'warning',
}
