import { isRouteErrorResponse } from '@remix-run/react'
import { UNAVAILABLE_MESSAGE } from '~/lib/unavailable-page'

/**
 * What a page that failed says (any error but a 404, which has its own
 * page): the 503 of a database outage, a thrown response's message, or "An
 * unexpected error occurred". The root draws it on a page of its own; the
 * member layout inside the layout.
 */
export function ErrorCard({
	error,
	homeLink = { to: '/', label: 'Go to the home page' },
}: {
	error: unknown
	homeLink?: { to: string; label: string }
}) {
	const unavailable = isRouteErrorResponse(error) && error.status === 503
	const message = isRouteErrorResponse(error)
		? typeof error.data === 'object' && error.data && 'message' in error.data
			? String((error.data as { message: unknown }).message)
			: typeof error.data === 'string' && error.data
				? error.data
				: error.statusText
		: 'An unexpected error occurred'
	return (
		<div className="mx-auto max-w-md rounded-lg border bg-white p-8 text-center shadow-sm">
			<h1 className="text-2xl font-bold">{unavailable ? 'Service temporarily unavailable' : 'Something went wrong'}</h1>
			<p className="mt-3 text-gray-600">{unavailable ? UNAVAILABLE_MESSAGE : message}</p>
			<a
				href={homeLink.to}
				className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
			>
				{homeLink.label}
			</a>
		</div>
	)
}
