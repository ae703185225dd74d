import { Link } from '@remix-run/react'
import { Icon } from '~/components/ui/icon'

export interface TabLink {
	/** The value of the query parameter this tab sets. */
	value: string
	label: string
	disabled?: boolean
}

/**
 * Tabs that are links setting a query parameter (docs/architecture.md: tabs work
 * without JavaScript). Other query parameters are kept, except those listed
 * in `resetParams` (a search that belongs to the previous tab, say).
 * `scroll` keeps them on one row that scrolls sideways when it is too
 * narrow, for tabs whose number and names come from the data (the library's
 * categories) and would otherwise wrap onto a second row. While more tabs
 * lie beyond its right edge the row fades into an arrow there, without
 * JavaScript (the .tab-scroll-hint rule in tailwind.css, docs/decisions/207).
 */
export function TabLinks({
	tabs,
	active,
	param,
	searchParams,
	label,
	resetParams = [],
	scroll = false,
}: {
	tabs: TabLink[]
	active: string
	param: string
	searchParams: URLSearchParams
	label: string
	resetParams?: string[]
	scroll?: boolean
}) {
	const layout = scroll ? 'max-w-full overflow-x-auto whitespace-nowrap [scrollbar-width:thin]' : 'flex-wrap'
	return (
		<nav aria-label={label} className={`flex gap-1 rounded-lg bg-gray-100 p-1 ${layout}`}>
			{tabs.map((tab) => {
				const params = new URLSearchParams(searchParams)
				for (const name of resetParams) params.delete(name)
				params.set(param, tab.value)
				const isActive = tab.value === active
				const className = `shrink-0 rounded-md px-3 py-1.5 text-sm font-medium ${
					isActive ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900'
				}`
				if (tab.disabled) {
					return (
						<span key={tab.value} aria-disabled="true" className={`${className} cursor-not-allowed opacity-50`}>
							{tab.label}
						</span>
					)
				}
				return (
					<Link
						key={tab.value}
						to={`?${params}`}
						preventScrollReset
						aria-current={isActive ? 'page' : undefined}
						className={className}
					>
						{tab.label}
					</Link>
				)
			})}
			{scroll ? (
				<span
					aria-hidden="true"
					data-testid="more-to-the-right"
					className="tab-scroll-hint pointer-events-none sticky right-0 -ml-10 flex w-10 shrink-0 items-center justify-end bg-gradient-to-l from-gray-100 via-gray-100/90 to-transparent text-gray-500"
				>
					<Icon name="chevronRight" className="h-4 w-4" />
				</span>
			) : null}
		</nav>
	)
}
