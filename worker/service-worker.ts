/**
 * The service worker (served as /sw.js, built by scripts/build-service-worker.mjs;
 * docs/decisions/180). Written by hand, small on purpose: it keeps a few
 * files for the offline page, keeps the build's fingerprinted files and the
 * fingerprinted pictures once they have been used, shows an offline page
 * when a page cannot be reached, and shows push notifications
 * (docs/decisions/181). It never keeps a page, a JSON answer or a member's
 * file, and leaves every request it does not name to the browser (the chat
 * socket, forms, downloads, /media, /resources, Stripe, /dev/mail).
 *
 * Each build is a new worker (its version is the build's): it takes over at
 * once and deletes the files of the builds before it, so no page is ever
 * served an old build's JavaScript.
 */

/** The build this worker belongs to, written in by the build script. */
declare const __BUILD_VERSION__: string

// The worker's own types, the few it uses: the DOM library the app is checked with has none of them.
interface ExtendableEvent extends Event {
	waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
	readonly request: Request
	readonly preloadResponse: Promise<Response | undefined>
	respondWith(response: Response | Promise<Response>): void
}
interface PushEvent extends ExtendableEvent {
	readonly data: { json(): unknown } | null
}
interface NotificationEvent extends ExtendableEvent {
	readonly notification: Notification
}
interface WindowClient {
	readonly url: string
	focus(): Promise<WindowClient>
	navigate(url: string): Promise<WindowClient | null>
}
interface WorkerScope {
	readonly location: Location
	readonly registration: ServiceWorkerRegistration & {
		navigationPreload?: { enable(): Promise<void> }
	}
	readonly clients: {
		claim(): Promise<void>
		matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>
		openWindow(url: string): Promise<WindowClient | null>
	}
	skipWaiting(): Promise<void>
	addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
	addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
	addEventListener(type: 'push', listener: (event: PushEvent) => void): void
	addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
}

const worker = self as unknown as WorkerScope
const VERSION = __BUILD_VERSION__
/** The offline page and the app's icons, fetched when this worker installs. */
const SHELL_CACHE = `shell-${VERSION}`
/** /build/ files and fingerprinted pictures, kept as pages use them (their addresses change when they do). */
const ASSET_CACHE = `assets-${VERSION}`
const OFFLINE_PAGE = '/offline'
const ICON = '/icons/icon-192.png'
const BADGE = '/icons/badge-96.png'
const SHELL = [OFFLINE_PAGE, ICON, BADGE]
/** More than the app ever uses at once; the oldest go first beyond it. */
const MAX_ASSETS = 400

worker.addEventListener('install', (event) => {
	event.waitUntil(fillShell().then(() => worker.skipWaiting()))
})

worker.addEventListener('activate', (event) => {
	event.waitUntil(
		(async () => {
			const keep = new Set([SHELL_CACHE, ASSET_CACHE])
			for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name)
			// The page's request starts while the worker wakes up, so pages are no slower with it.
			await worker.registration.navigationPreload?.enable()
			await worker.clients.claim()
		})(),
	)
})

async function fillShell() {
	const cache = await caches.open(SHELL_CACHE)
	await cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload', credentials: 'omit' })))
}

function isAsset(url: URL): boolean {
	if (url.pathname.startsWith('/build/')) return true
	// Pictures under public/ named with their content's fingerprint (docs/decisions/088): an address never changes its picture.
	return /^\/(?:images|icons)\//.test(url.pathname) && url.searchParams.has('v')
}

worker.addEventListener('fetch', (event) => {
	const request = event.request
	if (request.method !== 'GET') return
	const url = new URL(request.url)
	if (url.origin !== worker.location.origin) return
	if (request.mode === 'navigate') {
		event.respondWith(navigate(event))
		return
	}
	if (isAsset(url)) event.respondWith(fromCacheFirst(request, event))
	else if (SHELL.includes(url.pathname) && url.search === '') event.respondWith(fromShell(request))
	// Anything else (JSON, member files, downloads, the socket) is the browser's own business.
})

/** A page: always from the network, never kept; the offline page when the network cannot be reached. */
async function navigate(event: FetchEvent): Promise<Response> {
	try {
		const preloaded = await event.preloadResponse
		return preloaded ?? (await fetch(event.request))
	} catch {
		const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE })
		if (offline) return offline
		// The shell was cleared (a browser clearing its caches): fill it again for next time.
		event.waitUntil(fillShell().catch(() => undefined))
		return Response.error()
	}
}

async function fromShell(request: Request): Promise<Response> {
	return (await caches.match(request, { cacheName: SHELL_CACHE })) ?? fetch(request)
}

async function fromCacheFirst(request: Request, event: FetchEvent): Promise<Response> {
	const cache = await caches.open(ASSET_CACHE)
	const kept = await cache.match(request)
	if (kept) return kept
	const response = await fetch(request)
	if (response.ok && response.type === 'basic') {
		const copy = response.clone()
		event.waitUntil(cache.put(request, copy).then(() => trim(cache)))
	}
	return response
}

async function trim(cache: Cache) {
	const keys = await cache.keys()
	for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key)
}

/** What a push carries (app/services/notifications/push.server.ts): a title, a short text, a link on this site. */
interface PushPayload {
	title: string
	body: string
	link: string
}

function readPush(event: PushEvent): PushPayload | null {
	try {
		const data = event.data?.json() as Partial<PushPayload> | undefined
		if (typeof data?.title !== 'string') return null
		const link =
			typeof data.link === 'string' && data.link.startsWith('/') && !data.link.startsWith('//')
				? data.link
				: '/notifications'
		return { title: data.title, body: typeof data.body === 'string' ? data.body : '', link }
	} catch {
		return null
	}
}

worker.addEventListener('push', (event) => {
	const push = readPush(event) ?? { title: 'LeaderForge', body: 'You have a new notification.', link: '/notifications' }
	event.waitUntil(
		worker.registration.showNotification(push.title, {
			body: push.body,
			icon: ICON,
			badge: BADGE,
			// One notification per page it leads to: a newer one about the same conversation replaces the older.
			tag: push.link,
			data: { link: push.link },
		}),
	)
})

worker.addEventListener('notificationclick', (event) => {
	event.notification.close()
	const link = (event.notification.data as { link?: string } | null)?.link ?? '/notifications'
	const target = new URL(link, worker.location.origin).href
	event.waitUntil(
		(async () => {
			const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })
			// A tab already on that page comes to the front; else one of ours goes there; else a new one opens.
			const exact = windows.find((client) => client.url === target)
			if (exact) return exact.focus()
			const ours = windows.find((client) => new URL(client.url).origin === worker.location.origin)
			if (ours) return (await ours.navigate(target))?.focus() ?? worker.clients.openWindow(target)
			return worker.clients.openWindow(target)
		})(),
	)
})
