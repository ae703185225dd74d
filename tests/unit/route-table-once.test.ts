import { createRequire } from 'node:module'
import { createRequestHandler, json } from '@remix-run/node'
import { Link, NavLink, Outlet, RemixServer } from '@remix-run/react'
import {
	createMemoryHistory,
	createRouter,
	createStaticHandler,
	matchRoutes,
	resolveTo,
	type AgnosticRouteObject,
} from '@remix-run/router'
import { createElement as h, useId } from 'react'
import { renderToString } from 'react-dom/server'
import type * as ReactRouter from 'react-router'
import type { createStaticRouter as createStaticRouterType } from 'react-router-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { twoRouteRemixBuild } from '../setup/two-route-remix-build.mjs'

/**
 * The patches in patches/ (docs/decisions/190): a server builds its route
 * table once per build, not on every request. Each test counts how often the
 * table's source is read: once for the first request, never again after.
 */

/**
 * react-router-dom/server as Remix's server loads it: required, so server.js
 * (an import by a bundler's rules would pick its server.mjs, which no server
 * of ours runs).
 */
const { createStaticRouter } = createRequire(import.meta.url)('react-router-dom/server') as {
	createStaticRouter: typeof createStaticRouterType
}

/** A route whose `path` counts its reads: only building a ranked table reads it. */
function countedRoute(path: string, reads: { count: number }, children?: AgnosticRouteObject[]): AgnosticRouteObject {
	return {
		id: path,
		get path() {
			reads.count++
			return path
		},
		...(children ? { children } : {}),
	}
}

describe('the route table is built once per build (patches/, decision 190)', () => {
	it('matching a routes array again ranks and compiles nothing again, and still finds the same route', () => {
		const reads = { count: 0 }
		const routes = [countedRoute('/', reads, [countedRoute('events', reads), countedRoute('community/:id', reads)])]

		const first = matchRoutes(routes, '/community/7')
		const readsForFirst = reads.count
		const second = matchRoutes(routes, '/community/8')
		const third = matchRoutes(routes, '/events')

		expect(readsForFirst).toBeGreaterThan(0)
		expect(reads.count).toBe(readsForFirst)
		expect(first?.at(-1)?.params).toEqual({ id: '7' })
		expect(second?.at(-1)?.params).toEqual({ id: '8' })
		expect(third?.at(-1)?.route.id).toBe('events')
		expect(matchRoutes(routes, '/nowhere')).toBeNull()
	})

	it('routes a router discovers on its way are added in place and matched at once', async () => {
		const router = createRouter({
			routes: [{ id: 'root', path: '/', children: [{ id: 'a', path: 'a' }] }],
			history: createMemoryHistory(),
			patchRoutesOnNavigation({ path, patch }) {
				if (path === '/b') patch('root', [{ id: 'b', path: 'b' }])
			},
		}).initialize()

		await router.navigate('/b')

		expect(router.state.location.pathname).toBe('/b')
		expect(router.state.matches.at(-1)?.route.id).toBe('b')
		expect(router.state.errors).toBeNull()
		router.dispose()
	})

	it('a static router made twice from the same routes shares one set of data routes', async () => {
		const routes = [{ id: 'root', path: '/', children: [{ id: 'events', path: 'events' }] }]
		const handler = createStaticHandler(routes)
		const context = await handler.query(new Request('http://localhost/events'))
		if (context instanceof Response) throw new Error('expected a context, got a response')

		const first = createStaticRouter(routes, context)
		const second = createStaticRouter(routes, context)

		expect(second.routes).toBe(first.routes)
		expect(second.state.matches.at(-1)?.route.id).toBe('events')
	})

	it('a Remix server renders every document from the route table it built for the first', async () => {
		let handleReads = 0
		const indexModule: Record<string, unknown> = {
			default: () => h('main', null, 'Hello'),
			loader: () => json({}),
			get handle() {
				handleReads++
				return { hydrate: false }
			},
		}
		const handleRequest = createRequestHandler(bareBuild(indexModule), 'production')

		const first = await handleRequest(new Request('http://localhost/'))
		const readsForFirst = handleReads
		const second = await handleRequest(new Request('http://localhost/'))

		expect(await first.text()).toContain('Hello')
		expect(await second.text()).toContain('Hello')
		// Remix's request handler reads it once, when it sets up; RemixServer once, for the first document.
		expect(readsForFirst).toBeGreaterThan(0)
		expect(handleReads).toBe(readsForFirst)
	})
})

describe('a path matched again is answered from memory (patches/, decision 223)', () => {
	const routes = (): AgnosticRouteObject[] => [
		{
			id: 'root',
			path: '/',
			children: [
				{ id: 'events', path: 'events' },
				{ id: 'room', path: 'community/:id' },
			],
		},
	]
	/** Matching a path decodes it segment by segment before walking the table: a remembered path is neither. */
	const decodesDuring = (run: () => void) => callsDuring(globalThis, 'decodeURIComponent', run).calls.length

	it('gives the same matches again without walking the table, each caller its own copy', () => {
		const table = routes()
		let first: ReturnType<typeof matchRoutes> = null
		let again: ReturnType<typeof matchRoutes> = null
		expect(decodesDuring(() => (first = matchRoutes(table, '/community/7')))).toBeGreaterThan(0)
		expect(decodesDuring(() => (again = matchRoutes(table, '/community/7')))).toBe(0)

		expect(again).toEqual(first)
		expect(again).not.toBe(first)
		expect(again!.at(-1)).not.toBe(first!.at(-1))
		expect(again!.at(-1)!.route).toBe(table[0]!.children![1])
		// What one caller does to its matches reaches no other.
		for (const answer of [first!, again!]) {
			// The types say read-only, but nothing stops a caller's JavaScript from writing.
			;(answer.at(-1)!.params as Record<string, string>).id = 'changed'
			answer.at(-1)!.pathname = '/changed'
		}
		expect(matchRoutes(table, '/community/7')!.at(-1)).toMatchObject({ params: { id: '7' }, pathname: '/community/7' })
		// One params object for the whole list, as the router makes it.
		expect(again!.at(0)!.params).toBe(again!.at(-1)!.params)

		expect(matchRoutes(table, '/community/8')!.at(-1)!.params).toEqual({ id: '8' })
		expect(matchRoutes(table, '/nowhere')).toBeNull()
		expect(decodesDuring(() => expect(matchRoutes(table, '/nowhere')).toBeNull())).toBe(0)
	})

	it('keeps at most 500 paths per table, and none longer than 512 characters: made-up addresses cannot grow it', () => {
		const table = routes()
		matchRoutes(table, '/community/first')
		for (let i = 0; i < 500; i++) matchRoutes(table, `/community/made-up-${i}`)
		expect(decodesDuring(() => matchRoutes(table, '/community/made-up-499'))).toBe(0)
		// The oldest was forgotten to make room.
		expect(decodesDuring(() => matchRoutes(table, '/community/first'))).toBeGreaterThan(0)

		const long = `/community/${'x'.repeat(600)}`
		expect(matchRoutes(table, long)!.at(-1)!.params.id).toHaveLength(600)
		expect(decodesDuring(() => matchRoutes(table, long))).toBeGreaterThan(0)
	})

	it('is per table: another table with the same paths answers with its own routes', () => {
		const one = routes()
		const other = routes()
		expect(matchRoutes(one, '/events')!.at(-1)!.route).toBe(one[0]!.children![0])
		expect(matchRoutes(other, '/events')!.at(-1)!.route).toBe(other[0]!.children![0])
	})
})

describe('a link given as an object (patches/, decision 199)', () => {
	/** A link's target that counts how often it is written out as JSON: only the router's error message does. */
	function countedTarget(target: { pathname?: string; search?: string }, writes: { count: number }) {
		return {
			...target,
			toJSON() {
				writes.count++
				return target
			},
		}
	}

	it('is resolved without building the error messages it would get if it were wrong', () => {
		const writes = { count: 0 }
		const resolved = resolveTo(countedTarget({ pathname: '/events', search: '?past=1' }, writes), ['/'], '/dashboard')
		expect(resolved).toMatchObject({ pathname: '/events', search: '?past=1' })
		expect(writes.count).toBe(0)
	})

	it('still says what is wrong when its pathname carries a search or a hash', () => {
		const writes = { count: 0 }
		expect(() => resolveTo(countedTarget({ pathname: '/events?past=1' }, writes), ['/'], '/')).toThrow(
			"Cannot include a '?' character in a manually specified `to.pathname` field",
		)
		expect(() => resolveTo({ pathname: '/events#top' }, ['/'], '/')).toThrow("Cannot include a '#' character")
		expect(() => resolveTo({ pathname: '/events', search: '?a#b' }, ['/'], '/')).toThrow('`to.search` field')
		expect(writes.count).toBe(1)
	})
})

describe('a link to an absolute path (patches/, decision 236)', () => {
	/** What `run` returns, and the lists JSON.stringify wrote out while it ran. */
	function listsWrittenOutDuring<T>(run: () => T): { result: T; writtenOut: unknown[][] } {
		const { result, calls } = callsDuring(JSON, 'stringify', run)
		return { result, writtenOut: calls.filter(([value]) => Array.isArray(value)) }
	}

	it('resolves to the same place from any route and any location, each caller its own copy', () => {
		const fromRoom = resolveTo('/members/7?tab=posts#bio', ['/', '/community/1'], '/community/1')
		const fromHome = resolveTo('/members/7?tab=posts#bio', [], '/')
		expect(fromRoom).toEqual({ pathname: '/members/7', search: '?tab=posts', hash: '#bio' })
		expect(fromHome).toEqual(fromRoom)

		fromRoom.pathname = '/somewhere-else'
		expect(resolveTo('/members/7?tab=posts#bio', ['/'], '/events').pathname).toBe('/members/7')
		expect(resolveTo('/a/b/../c/./d/', ['/', '/x'], '/x/').pathname).toBe('/a/c/d/')
	})

	/** How often React Router warned while `run` ran: it warns about a path with '//' each time it works one out. */
	const warningsDuring = (run: () => void) => callsDuring(console, 'warn', run, { silently: true }).calls.length

	it('works an absolute path out once, and keeps at most 2,000: the oldest is forgotten first', () => {
		expect(warningsDuring(() => resolveTo('/kept//once', ['/'], '/'))).toBe(1)
		expect(warningsDuring(() => resolveTo('/kept//once', ['/', '/events'], '/events'))).toBe(0)
		expect(resolveTo('/kept//once', [], '/').pathname).toBe('/kept/once')

		for (let i = 0; i < 2_000; i++) resolveTo(`/notifications?before=${i}`, ['/'], '/')
		expect(warningsDuring(() => resolveTo('/kept//once', ['/'], '/'))).toBe(1)
		expect(warningsDuring(() => resolveTo('/kept//once', ['/'], '/'))).toBe(0)
		// Longer than 512 characters: worked out each time, never kept.
		const long = `/a//${'x'.repeat(600)}`
		expect(warningsDuring(() => resolveTo(long, ['/'], '/'))).toBe(1)
		expect(warningsDuring(() => resolveTo(long, ['/'], '/'))).toBe(1)
	})

	it('leaves relative paths resolving against the route and location they are drawn at', () => {
		expect(resolveTo('members', ['/', '/community/1'], '/community/1').pathname).toBe('/community/1/members')
		expect(resolveTo('members', ['/', '/events'], '/events').pathname).toBe('/events/members')
		expect(resolveTo('..', ['/', '/community/1'], '/community/1').pathname).toBe('/')
		expect(resolveTo('?page=2', ['/'], '/community/1')).toMatchObject({ pathname: '/community/1', search: '?page=2' })
	})

	it("draws a page's absolute and search-only links without writing out the route's matches, and its relative links as before", async () => {
		const { createMemoryRouter, RouterProvider, Link } = await import('react-router-dom')
		const room = () =>
			h(
				'nav',
				null,
				h(Link, { to: '/events' }, 'Events'),
				h(Link, { to: '/members/7?tab=posts' }, 'A member'),
				h(Link, { to: 'members' }, 'Room members'),
			)
		const router = createMemoryRouter([{ path: '/community/:id', Component: room }], {
			initialEntries: ['/community/1'],
		})
		// React Router writes a route's matches out as a list of pathnames to compare them between renders.
		const { result: html, writtenOut: matchesWrittenOut } = listsWrittenOutDuring(() =>
			renderToString(h(RouterProvider, { router })),
		)
		expect(html).toContain('href="/events"')
		expect(html).toContain('href="/members/7?tab=posts"')
		expect(html).toContain('href="/community/1/members"')
		// The relative link alone needs them (for its href and its click handler's path).
		expect(matchesWrittenOut.length).toBeGreaterThan(0)
		expect(matchesWrittenOut.every(([value]) => JSON.stringify(value) === '["/community/1"]')).toBe(true)
		// A search or a hash alone stays on the current address: no matches needed either.
		const withoutRelativePaths = createMemoryRouter(
			[
				{
					path: '/community/:id',
					Component: () =>
						h(
							'nav',
							null,
							h(Link, { to: '/events' }, 'Events'),
							h(Link, { to: '?page=2' }, 'Older'),
							h(Link, { to: '#top' }, 'Top'),
						),
				},
			],
			{ initialEntries: ['/community/1?page=1'] },
		)
		const drawn = listsWrittenOutDuring(() => renderToString(h(RouterProvider, { router: withoutRelativePaths })))
		expect(drawn.result).toContain('href="/community/1?page=2"')
		expect(drawn.result).toContain('href="/community/1#top"')
		expect(drawn.writtenOut).toEqual([])
	})

	it('does the same in the minified build a production server runs', () => {
		// Tests load the development build (NODE_ENV is not "production"); the production server loads this file.
		const production = createRequire(import.meta.url)('react-router/dist/umd/react-router.production.min.js') as {
			createMemoryRouter: typeof ReactRouter.createMemoryRouter
			RouterProvider: typeof ReactRouter.RouterProvider
			useHref: typeof ReactRouter.useHref
		}
		const Hrefs = () =>
			h(
				'p',
				null,
				[production.useHref('/events'), production.useHref('?page=2'), production.useHref('members')].join(' '),
			)
		const router = production.createMemoryRouter([{ path: '/community/:id', Component: Hrefs }], {
			initialEntries: ['/community/1'],
		})
		const drawn = listsWrittenOutDuring(() => renderToString(h(production.RouterProvider, { router })))
		expect(drawn.result).toContain('/events /community/1?page=2 /community/1/members')
		// The relative path alone.
		expect(drawn.writtenOut).toEqual([[['/community/1']]])
	})
})

/** An icon labelled by an id from useId: an id made inside a link depends on the link's shape in the tree. */
function LabelledIcon() {
	const id = useId()
	return h('svg', { 'aria-labelledby': id }, h('title', { id }, 'Member'))
}

/** The document a bare Remix app draws for `/` with `component` as its index route. */
async function documentOf(component: () => ReturnType<typeof h>): Promise<string> {
	const handleRequest = createRequestHandler(bareBuild({ default: component }), 'production')
	return (await handleRequest(new Request('http://localhost/'))).text()
}

/**
 * The same document where there is a `document`, as in a browser: the patched links step aside there, so this
 * is what the full Link and NavLink draw.
 */
async function documentWithTheFullLinks(component: () => ReturnType<typeof h>): Promise<string> {
	vi.stubGlobal('document', {})
	try {
		return await documentOf(component)
	} finally {
		vi.unstubAllGlobals()
	}
}

/** How many more calls of React's `hook` drawing `component`'s document takes with the full links than with the patched ones. */
async function hookCallsOnlyTheFullLinksMake(
	hook: 'useState' | 'useContext',
	component: () => ReturnType<typeof h>,
): Promise<number> {
	// React as the server's modules require it (an import's namespace cannot be spied on).
	const calls = vi.spyOn(createRequire(import.meta.url)('react') as Record<typeof hook, () => unknown>, hook)
	try {
		await documentOf(component)
		const served = calls.mock.calls.length
		await documentWithTheFullLinks(component)
		const full = calls.mock.calls.length - served
		return full - served
	} finally {
		calls.mockRestore()
	}
}

describe('a link drawn on the server (patches/, decision 237)', () => {
	/** Every kind of link the app and Remix allow: paths of each kind, a URL, React Router's and Remix's own props. */
	const everyKindOfLink = () =>
		h(
			'nav',
			null,
			h(Link, { to: '/members/7', className: 'underline' }, 'Absolute'),
			h(Link, { to: 'discussions', relative: 'path', 'aria-label': 'Discussions' }, 'Relative'),
			h(Link, { to: '?page=2', preventScrollReset: true, replace: true, state: { from: 'room' } }, 'Search'),
			h(Link, { to: '#top', id: 'top-link' }, 'Hash'),
			h(Link, { to: 'https://example.com/x?y=1', target: '_blank', rel: 'noreferrer' }, 'External'),
			h(Link, { to: '//cdn.example.com/file' }, 'Protocol-relative'),
			h(Link, { to: '/certificates/1.pdf', reloadDocument: true, download: true }, 'Reload'),
			h(
				Link,
				{
					to: '/events',
					discover: 'none',
					prefetch: 'intent',
					onClick: () => {},
					onFocus: () => {},
					title: 'Events',
					...{ 'data-testid': 'events' },
					style: { color: 'red' },
					tabIndex: -1,
				},
				'Events',
			),
			h(Link, { to: { pathname: '/search', search: '?q=lead', hash: '#results' } }, 'Object'),
			h(Link, { to: '/programs', prefetch: 'render', viewTransition: true }, 'Render'),
			// An id made inside a link depends on the link's shape: the browser's full Link must make the same one.
			h(Link, { to: '/members/8' }, h(LabelledIcon), h(Link, { to: '/members/9' }, h(LabelledIcon))),
		)

	it('is the anchor the full Link draws, attribute for attribute', async () => {
		const served = await documentOf(everyKindOfLink)
		expect(served).toBe(await documentWithTheFullLinks(everyKindOfLink))
		expect(served).toContain('<a class="underline" data-discover="true" href="/members/7">Absolute</a>')
		expect(served).toContain('<a rel="noreferrer" href="https://example.com/x?y=1" target="_blank">External</a>')
	})

	it("runs none of the hooks the full Link runs for the browser's sake", async () => {
		// Remix's prefetching keeps two pieces of state per link.
		expect(await hookCallsOnlyTheFullLinksMake('useState', everyKindOfLink)).toBeGreaterThanOrEqual(20)
	})
})

describe('a NavLink drawn on the server (patches/, decision 244)', () => {
	/** React Router's location context as Remix's server modules require it (the one their hooks read). */
	const { UNSAFE_LocationContext: LocationContext } = createRequire(import.meta.url)('react-router-dom') as {
		UNSAFE_LocationContext: React.Context<unknown>
	}
	const at = (pathname: string, ...links: ReturnType<typeof h>[]) =>
		h(
			LocationContext.Provider,
			{ value: { location: { pathname, search: '', hash: '', state: null, key: 'default' }, navigationType: 'POP' } },
			h('nav', { 'aria-label': pathname }, ...links),
		)

	/** Active and not, by each of React Router's rules, with every kind of prop the app and Remix allow. */
	const everyKindOfNavLink = () =>
		h(
			'div',
			null,
			// The request's own location: /
			h(NavLink, { to: '/', className: 'nav', end: true }, 'Home'),
			h(NavLink, { to: '/members' }, 'Members'),
			at(
				'/members/7',
				h(NavLink, { to: '/members', className: 'nav' }, 'Below it'),
				h(NavLink, { to: '/members', end: true }, 'Not the whole path'),
				h(NavLink, { to: '/members/' }, 'Trailing slash'),
				h(NavLink, { to: '/MEMBERS' }, 'Another case'),
				h(NavLink, { to: '/MEMBERS', caseSensitive: true }, 'Case-sensitive'),
				h(NavLink, { to: '/mem' }, 'A prefix, not a segment'),
				h(NavLink, {
					to: '/events',
					className: ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off'),
					style: ({ isActive }: { isActive: boolean }) => ({ fontWeight: isActive ? 700 : 400 }),
					children: ({ isActive }: { isActive: boolean }) => (isActive ? 'Here' : 'Elsewhere'),
				}),
				h(
					NavLink,
					{
						to: '/members/7',
						'aria-current': 'location',
						className: ({ isActive, isPending }: { isActive: boolean; isPending: boolean }) =>
							`${isActive} ${isPending}`,
					},
					'Own aria-current',
				),
				h(NavLink, { to: '..', relative: 'path', 'aria-label': 'Up' }, 'Relative'),
				h(NavLink, { to: '?page=2', preventScrollReset: true, replace: true, state: { from: 'nav' } }, 'Search'),
				h(NavLink, { to: 'https://example.com/members', target: '_blank', rel: 'noreferrer' }, 'External'),
				h(NavLink, { to: '/certificates/1.pdf', reloadDocument: true, download: true }, 'Reload'),
				h(
					NavLink,
					{
						to: '/members/7/posts',
						discover: 'none',
						prefetch: 'intent',
						onClick: () => {},
						onFocus: () => {},
						title: 'Posts',
						...{ 'data-testid': 'posts' },
						tabIndex: -1,
						viewTransition: true,
					},
					'Posts',
				),
				h(NavLink, { to: { pathname: '/members', search: '?q=lead' } }, 'Object'),
				// An id made inside a link depends on the link's shape: the browser's full NavLink must make the same one.
				h(NavLink, { to: '/members/8' }, h(LabelledIcon), h(NavLink, { to: '/members/9' }, h(LabelledIcon))),
				// And so does one made by a hook in a function the NavLink calls (at the place of React Router's NavLink).
				h(NavLink, {
					to: '/members/10',
					className: function useClassWithId() {
						return `labelled-${useId()}`
					},
					children: function useChildrenWithId() {
						return h('b', { id: useId() }, h(LabelledIcon))
					},
				}),
			),
		)

	it('is the anchor the full NavLink draws, attribute for attribute, active where it is', async () => {
		const served = await documentOf(everyKindOfNavLink)
		expect(served).toBe(await documentWithTheFullLinks(everyKindOfNavLink))
		expect(served).toContain('<a data-discover="true" aria-current="page" class="nav active" href="/">Home</a>')
		expect(served).toContain('<a data-discover="true" class="" href="/members">Members</a>')
		expect(served).toContain(
			'<a data-discover="true" aria-current="page" class="nav active" href="/members">Below it</a>',
		)
		expect(served).toContain('<a data-discover="true" class="" href="/members">Not the whole path</a>')
		expect(served).toContain(
			'<a data-discover="true" aria-current="page" class="active" href="/members/">Trailing slash</a>',
		)
		expect(served).toContain(
			'<a data-discover="true" aria-current="page" class="active" href="/MEMBERS">Another case</a>',
		)
		expect(served).toContain('<a data-discover="true" class="" href="/MEMBERS">Case-sensitive</a>')
		expect(served).toContain('<a data-discover="true" class="" href="/mem">A prefix, not a segment</a>')
		expect(served).toContain('<a data-discover="true" class="off" style="font-weight:400" href="/events">Elsewhere</a>')
		expect(served).toContain(
			'<a data-discover="true" aria-current="location" class="true false" href="/members/7">Own aria-current</a>',
		)
	})

	it("runs none of the hooks the full NavLink runs for the browser's sake", async () => {
		// The full NavLink reads about a dozen contexts more per link (its Link's, its click handler's, its view transition's).
		expect(await hookCallsOnlyTheFullLinksMake('useContext', everyKindOfNavLink)).toBeGreaterThanOrEqual(100)
	})
})

/**
 * What `run` returns, and the calls `object[method]` received while it ran, read before the spy is restored (which
 * forgets them). `silently` keeps the method itself from running (a warning nobody needs to read).
 */
function callsDuring<T>(
	object: object,
	method: string,
	run: () => T,
	{ silently = false } = {},
): { result: T; calls: unknown[][] } {
	const spy = vi.spyOn(object as Record<string, (...args: unknown[]) => unknown>, method)
	if (silently) spy.mockImplementation(() => undefined)
	try {
		const result = run()
		return { result, calls: [...spy.mock.calls] }
	} finally {
		spy.mockRestore()
	}
}

/** A two-route Remix build (root and `/`) rendering its documents with renderToString. */
function bareBuild(index: Record<string, unknown>) {
	const root = { default: () => h('html', null, h('body', null, h(Outlet))) }
	const render = (_request: Request, status: number, headers: Headers, context: RemixServerProps['context']) =>
		new Response('<!DOCTYPE html>' + renderToString(h(RemixServer, { context, url: 'http://localhost/' })), {
			status,
			headers,
		})
	return twoRouteRemixBuild({ root, index }, render) as unknown as Parameters<typeof createRequestHandler>[0]
}

type RemixServerProps = Parameters<typeof RemixServer>[0]
