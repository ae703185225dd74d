import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLoaderData,
	useMatches,
	useRouteError,
} from '@remix-run/react'
import { type ReactNode } from 'react'
import { AuthenticityTokenProvider } from 'remix-utils/csrf/react'
import { ErrorCard } from '~/components/error-card'
import { NotFoundPage } from '~/components/not-found-page'
import { useNonce } from '~/components/nonce-provider'
import { ToastProvider, Toaster } from '~/components/ui/toaster'
import { REGISTER_SERVICE_WORKER_SCRIPT, THEME_COLOR } from '~/lib/app-shell'
import { PRODUCT_NAME } from '~/lib/product'
import { TIME_ZONE_HINT_SCRIPT } from '~/lib/time-zone-hint'
import { defaultThumbnailUrl } from '~/platform/public-pictures.server'
import { commitCsrfToken } from '~/web/csrf.server'
import { getToast } from '~/web/toast.server'
import tailwindHref from '~/tailwind.css'
import { iconsHref } from '~/components/ui/icon'
import { type RouteHandle } from '~/types'

export const links: LinksFunction = () => [
	{ rel: 'stylesheet', href: tailwindHref },
	// The icons' sprite (decision 221), fetched beside the styles rather than when the first <use> is parsed.
	{ rel: 'preload', href: iconsHref, as: 'image', type: 'image/svg+xml' },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	// Installable (docs/decisions/180): the web app manifest, and the icon iOS puts on the Home Screen.
	{ rel: 'manifest', href: '/manifest.webmanifest' },
	{ rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

export const meta: MetaFunction = () => [
	{ title: 'LeaderForge: leadership development community' },
	{ name: 'description', content: 'Video lessons, peer communities and live events for aspiring and working leaders.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
	const [csrfToken, csrfCookie] = await commitCsrfToken(request)
	const { toast, headers: toastHeaders } = await getToast(request)
	const headers = new Headers(toastHeaders ?? undefined)
	if (csrfCookie) headers.append('Set-Cookie', csrfCookie)
	// The picture a video without a thumbnail shows, fingerprinted like every other (docs/decisions/088).
	return json({ csrfToken, toast, defaultThumbnail: defaultThumbnailUrl() }, { headers })
}

/** Only pages that say `handle.hydrate` ship JavaScript (docs/architecture.md "Pages without JavaScript"). */
function useShouldHydrate() {
	return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true)
}

/** The time-zone hint runs where times are shown (the logged-in layout) and on pages that ship JavaScript anyway. */
function useTimeZoneHint() {
	return useMatches().some((match) => {
		const handle = match.handle as RouteHandle | undefined
		return handle?.hydrate === true || handle?.timeZoneHint === true
	})
}

/**
 * Once a page has hydrated, the app's router carries every later link in this
 * tab, to pages that ship no JavaScript too: scroll restoration stays with it,
 * so every page it opens starts at its top (or its #hash) and Back and Forward
 * return to where the reader was (docs/decisions/205). Drawn by the server
 * only on pages that hydrate: the others ship no script at all.
 */
function restoresScroll(hydrate: boolean) {
	return hydrate || typeof document !== 'undefined'
}

function Document({ children }: { children: ReactNode }) {
	const nonce = useNonce()
	const hydrate = useShouldHydrate()
	const restoreScroll = restoresScroll(hydrate)
	const timeZoneHint = useTimeZoneHint()
	return (
		<html lang="en" className="h-full">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				{/* The app as installed (docs/decisions/180): its bar colour, and iOS's Home Screen app. A route's meta replaces the root's, so these are here. */}
				<meta name="theme-color" content={THEME_COLOR} />
				<meta name="mobile-web-app-capable" content="yes" />
				<meta name="apple-mobile-web-app-capable" content="yes" />
				<meta name="apple-mobile-web-app-status-bar-style" content="default" />
				<meta name="apple-mobile-web-app-title" content={PRODUCT_NAME} />
				<Meta />
				<Links />
			</head>
			<body className="min-h-full">
				{children}
				{timeZoneHint ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: TIME_ZONE_HINT_SCRIPT }} /> : null}
				{/* Every page registers the service worker, but the landing page kept for all visitors (rendered without a nonce). */}
				{nonce || hydrate ? (
					<script nonce={nonce} dangerouslySetInnerHTML={{ __html: REGISTER_SERVICE_WORKER_SCRIPT }} />
				) : null}
				{restoreScroll ? <ScrollRestoration nonce={nonce} /> : null}
				{hydrate ? <Scripts nonce={nonce} /> : null}
			</body>
		</html>
	)
}

export default function App() {
	const { csrfToken, toast } = useLoaderData<typeof loader>()
	return (
		<Document>
			<AuthenticityTokenProvider token={csrfToken}>
				<ToastProvider initialToast={toast}>
					<Outlet />
					<Toaster />
				</ToastProvider>
			</AuthenticityTokenProvider>
		</Document>
	)
}

export function ErrorBoundary() {
	const error = useRouteError()
	if (isRouteErrorResponse(error) && error.status === 404) {
		return (
			<Document>
				<NotFoundPage />
			</Document>
		)
	}
	if (!isRouteErrorResponse(error)) console.error(error)
	return (
		<Document>
			<main className="flex min-h-screen items-center justify-center p-6">
				<ErrorCard error={error} />
			</main>
		</Document>
	)
}
