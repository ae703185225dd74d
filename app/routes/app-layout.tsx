import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { BrandLink } from '~/components/brand'
import { LogoutButton } from '~/components/logout-button'
import { requireUser } from '~/services/auth.server'

/** Every page under this layout is protected: a visitor without a session goes to /auth. */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	return json({ user })
}

export default function AppLayout() {
	const { user } = useLoaderData<typeof loader>()
	return (
		<div className="min-h-screen">
			<header className="border-b bg-white">
				<div className="flex h-16 items-center justify-between px-4">
					<BrandLink to="/dashboard" />
					<div className="flex items-center gap-3">
						<span className="text-sm text-gray-700">{user.username}</span>
						<LogoutButton className="rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100" />
					</div>
				</div>
			</header>
			<main className="p-4 sm:p-8">
				<Outlet />
			</main>
		</div>
	)
}
