import { Link, useSearchParams } from '@remix-run/react'
import { pageHref } from '~/lib/paging'
import { buttonClassName } from '~/components/ui/button'

/**
 * The links between the pages of a list (docs/decisions/081): 'Previous'
 * and 'Next' are plain links to `?{param}=N` keeping the rest of the query,
 * so they work without JavaScript. Nothing is drawn for a list that fits on
 * one page.
 */
export function Pager({
	label,
	page,
	hasMore,
	param = 'page',
	hrefFor,
	className = '',
}: {
	/** Names the list, for screen readers: "Pages of videos". */
	label: string
	page: number
	hasMore: boolean
	param?: string
	/** The address of page N, when it is not this address with `param` changed. */
	hrefFor?: (page: number) => string
	className?: string
}) {
	const [searchParams] = useSearchParams()
	if (page <= 1 && !hasMore) return null
	const href = hrefFor ?? ((number: number) => pageHref(searchParams, param, number))
	const link = buttonClassName({ variant: 'secondary', size: 'sm' })
	return (
		<nav aria-label={label} className={`flex items-center justify-between gap-3 ${className}`}>
			{page > 1 ? (
				<Link to={href(page - 1)} rel="prev" className={link}>
					<span aria-hidden="true">←</span> Previous
				</Link>
			) : (
				<span />
			)}
			<span className="text-sm text-gray-600">{`Page ${page}`}</span>
			{hasMore ? (
				<Link to={href(page + 1)} rel="next" className={link}>
					Next <span aria-hidden="true">→</span>
				</Link>
			) : (
				<span />
			)}
		</nav>
	)
}
