import { Icon } from '~/components/ui/icon'

/**
 * product §2: the page for any path the router does not know, and for an
 * unknown id. A visitor gets it on its own; a signed-in member gets the card
 * inside the member layout (AppShell), whose menus lead back into the app.
 */
export function NotFoundPage() {
	return (
		<main className="flex min-h-screen w-full items-center justify-center bg-gray-50 p-4">
			<NotFoundCard />
		</main>
	)
}

/** The message itself. A member's way back is the dashboard; a visitor's, the home page. */
export function NotFoundCard({ member = false }: { member?: boolean }) {
	return (
		<div className="mx-auto w-full max-w-md rounded-lg border bg-white p-6 shadow-sm">
			<div className="flex items-center gap-2">
				<Icon name="warning" className="h-7 w-7 text-red-500" />
				<h1 className="text-2xl font-bold text-gray-900">404 Page Not Found</h1>
			</div>
			<p className="mt-4 text-sm text-gray-600">Did you forget to add the page to the router?</p>
			<a
				href={member ? '/dashboard' : '/'}
				className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline"
			>
				{member ? 'Back to the dashboard' : 'Back to the home page'}
			</a>
		</div>
	)
}
