import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { AppShell } from '~/components/layout/app-shell'
import { ErrorCard } from '~/components/error-card'
import { NotFoundCard, NotFoundPage } from '~/components/not-found-page'
import { requireUser } from '~/web/auth.server'
import { type RouteHandle } from '~/types'
import { loadAppShell } from '~/routes/__app-shell.server'

/** Times appear all over the member screens: run the time-zone hint here. */
export const handle: RouteHandle = { timeZoneHint: true }

/** The badges are counted on every navigation, not only when the address's query changes (Remix's default). */
export const shouldRevalidate = () => true

/** Every page under this layout is protected: a visitor without a session goes to /auth. */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	return json(await loadAppShell(request, user))
}

export default function AppLayout() {
	return (
		<AppShell data={useLoaderData<typeof loader>()}>
			<Outlet />
		</AppShell>
	)
}

/**
 * A member page that fails is drawn inside the member layout, so the menus
 * lead back into the app: a 404 (an unknown id, /content-library/999) as
 * the not-found card, anything else as the error card (docs/decisions/066).
 * When the layout's own data failed, the page is drawn without it.
 */
export function ErrorBoundary() {
	const error = useRouteError()
	const shell = useRouteLoaderData<typeof loader>('app-layout')
	const notFound = isRouteErrorResponse(error) && error.status === 404
	if (!isRouteErrorResponse(error)) console.error(error)
	if (!shell) {
		return notFound ? (
			<NotFoundPage />
		) : (
			<main className="flex min-h-screen items-center justify-center p-6">
				<ErrorCard error={error} />
			</main>
		)
	}
	return (
		<AppShell data={shell}>
			{notFound ? (
				<NotFoundCard member />
			) : (
				<ErrorCard error={error} homeLink={{ to: '/dashboard', label: 'Go to the dashboard' }} />
			)}
		</AppShell>
	)
}
