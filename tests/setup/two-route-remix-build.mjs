/**
 * The build the Remix compiler would write for a two-route app, `root` and
 * the index route `/`, made of their route modules and an entry.server's
 * `handleDocumentRequest`: written out by hand so that the bench's bare Remix
 * app (bench/baseline-server.mjs) and the route-table tests
 * (tests/unit/route-table-once.test.ts) need no compiler run. Its asset
 * addresses are never fetched.
 *
 * @param {{ root: Record<string, unknown>, index: Record<string, unknown> }} modules
 * @param {(...args: any[]) => Response | Promise<Response>} handleDocumentRequest
 */
export function twoRouteRemixBuild({ root, index }, handleDocumentRequest) {
	const routeModules = { root, 'routes/index': index }
	const route = (id, parentId, path, isIndex) => ({ id, parentId, path, index: isIndex, caseSensitive: undefined })
	const shape = {
		root: route('root', undefined, '', undefined),
		'routes/index': route('routes/index', 'root', undefined, true),
	}
	return {
		mode: 'production',
		future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true },
		publicPath: '/build/',
		assetsBuildDirectory: 'public/build',
		isSpaMode: false,
		assets: {
			version: 'bare',
			url: '/build/manifest-bare.js',
			entry: { module: '/build/entry.client-bare.js', imports: ['/build/_shared/react-bare.js'] },
			routes: Object.fromEntries(
				Object.entries(shape).map(([id, entry]) => [
					id,
					{
						...entry,
						module: `/build/${id}-bare.js`,
						imports: [],
						hasAction: false,
						hasLoader: Boolean(routeModules[id].loader),
						hasClientAction: false,
						hasClientLoader: false,
						hasErrorBoundary: false,
					},
				]),
			),
		},
		routes: Object.fromEntries(
			Object.entries(shape).map(([id, entry]) => [id, { ...entry, module: routeModules[id] }]),
		),
		entry: { module: { default: handleDocumentRequest } },
	}
}
