import { Form, Link } from '@remix-run/react'
import { Button } from '~/components/ui/button'

/**
 * A GET search form (`?q=`) for a list page; it keeps the active tab's
 * parameter, so a search stays within the tab. Works without JavaScript.
 */
export function SearchForm({
	id,
	label,
	placeholder,
	search,
	keep,
	wideScreenWidth = 'lg:w-80',
	action,
}: {
	id: string
	label: string
	placeholder: string
	search: string
	/** A query parameter to carry along (the active tab), if any. */
	keep?: { name: string; value: string } | null
	/** Its width beside the tabs on wide screens (full width below `lg`). */
	wideScreenWidth?: string
	/** Where it searches, when not the page itself: a `#fragment` brings the results into view (the page keeps its scroll with JavaScript). */
	action?: string
}) {
	return (
		<Form
			method="get"
			action={action}
			preventScrollReset={action !== undefined}
			role="search"
			aria-label={label}
			className={`flex w-full shrink-0 gap-2 ${wideScreenWidth}`}
		>
			{keep ? <input type="hidden" name={keep.name} value={keep.value} /> : null}
			<label htmlFor={id} className="sr-only">
				{label}
			</label>
			<input
				id={id}
				type="search"
				name="q"
				defaultValue={search}
				maxLength={100}
				placeholder={placeholder}
				className="min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
			/>
			<Button type="submit">Search</Button>
		</Form>
	)
}

/** '3 results for “feedback” · Clear search' */
export function SearchSummary({ search, count, clearTo }: { search: string; count: number; clearTo: string }) {
	if (!search) return null
	return (
		<p className="text-sm text-gray-600">
			{count} {count === 1 ? 'result' : 'results'} for “{search}” ·{' '}
			<Link to={clearTo} className="font-medium text-brand-700 hover:underline">
				Clear search
			</Link>
		</p>
	)
}
