/** product §2: the page for any path the router does not know. */
export function NotFoundPage() {
	return (
		<main className="flex min-h-screen w-full items-center justify-center bg-gray-50 p-4">
			<div className="w-full max-w-md rounded-lg border bg-white p-6 shadow-sm">
				<div className="flex items-center gap-2">
					<span aria-hidden="true" className="text-2xl text-red-500">
						⚠
					</span>
					<h1 className="text-2xl font-bold text-gray-900">404 Page Not Found</h1>
				</div>
				<p className="mt-4 text-sm text-gray-600">Did you forget to add the page to the router?</p>
				<a href="/" className="mt-6 inline-block text-sm font-medium text-brand-600 hover:underline">
					Back to the home page
				</a>
			</div>
		</main>
	)
}
