import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AppShell } from '~/components/layout/app-shell'
import { NotFoundCard, NotFoundPage } from '~/components/not-found-page'
import { getOptionalUser } from '~/web/auth.server'
import { loadAppShell } from '~/routes/__app-shell.server'

/** product §2: any other path is a 404; a signed-in member sees it inside the member layout (docs/decisions/066). */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await getOptionalUser(request)
	return json({ shell: user ? await loadAppShell(request, user) : null }, { status: 404 })
}

export const action = () => json(null, { status: 404 })

export default function NotFound() {
	const { shell } = useLoaderData<typeof loader>()
	return shell ? (
		<AppShell data={shell}>
			<NotFoundCard member />
		</AppShell>
	) : (
		<NotFoundPage />
	)
}
