import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { pageMeta } from '~/components/page-meta'
import { SearchResult } from '~/components/search/search-result'
import { SearchForm } from '~/components/search-form'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { Pager } from '~/components/ui/pager'
import { TabLinks } from '~/components/ui/tab-links'
import { readSearch } from '~/lib/search-text'
import { readPageNumber } from '~/lib/paging'
import { SEARCH_TYPE_LABELS, readSearchType } from '~/lib/search'
import { SEARCHED_TYPES, search, searchOverview } from '~/services/search/search.server'
import { requireUser } from '~/web/auth.server'

export const meta: MetaFunction = () =>
	pageMeta('Search', 'Search lessons and what is said in them, programs, discussions, events, resources and members.')

const ALL = 'all'

/**
 * /search (`?q=`, `?type=`, `?page=`; product §2 "Search"): the top bar's
 * search. Without a tab, the best few results of each kind with how many
 * each found; a tab lists its kind a page at a time. A plain GET form and
 * links: no JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const params = new URL(request.url).searchParams
	const q = readSearch(params.get('q'))
	// A page reads a mangled tab as "every kind" (the JSON call refuses it).
	const type = readSearchType(params.get('type')) ?? null
	if (type) {
		const answer = await search(user, { q, type, page: readPageNumber(params.get('page')) })
		return json({
			q,
			type,
			types: SEARCHED_TYPES,
			query: answer.query,
			total: answer.total,
			complete: answer.complete,
			sections: null,
			list: answer,
		})
	}
	const overview = await searchOverview(user, q)
	return json({
		q,
		type,
		types: SEARCHED_TYPES,
		query: overview.query,
		total: overview.total,
		complete: overview.complete,
		sections: overview.sections,
		list: null,
	})
}

export default function SearchPage() {
	const { q, type, types, query, total, complete, sections, list } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Search</h1>
				<p className="mt-1 text-gray-600">
					Lessons and what is said in them, programs, discussions, events, resources and members.
				</p>
			</div>
			<SearchForm
				id="search-q"
				label="Search everything"
				placeholder="Search lessons, discussions, members..."
				search={q}
				keep={type ? { name: 'type', value: type } : null}
				wideScreenWidth="lg:w-full"
			/>
			{q ? (
				<TabLinks
					label="Kinds of result"
					param="type"
					active={type ?? ALL}
					searchParams={searchParams}
					resetParams={['page']}
					scroll
					tabs={[{ value: ALL, label: 'All' }, ...types.map((value) => ({ value, label: SEARCH_TYPE_LABELS[value] }))]}
				/>
			) : null}
			{!q ? (
				<EmptyState title="Search LeaderForge" icon={<Icon name="search" className="h-8 w-8" />}>
					Find lessons (by what is said in them too), programs, discussions, events, resources and members.
				</EmptyState>
			) : total === 0 ? (
				<EmptyState title="No results" icon={<Icon name="search" className="h-8 w-8" />}>
					{`Nothing ${type ? `in ${SEARCH_TYPE_LABELS[type]} ` : ''}matches “${q}”. Try other words, or fewer of them.`}
				</EmptyState>
			) : (
				<>
					<p className="text-sm text-gray-600" role="status">
						{`${total}${complete ? '' : '+'} ${total === 1 ? 'result' : 'results'} for “${q}”${type ? ` in ${SEARCH_TYPE_LABELS[type]}` : ''}`}
					</p>
					{sections
						? sections.map((section) => (
								<section key={section.type} aria-labelledby={`results-${section.type}`} className="space-y-1">
									<h2 id={`results-${section.type}`} className="text-lg font-semibold text-gray-900">
										{`${SEARCH_TYPE_LABELS[section.type]} (${section.total})`}
									</h2>
									<ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white px-4">
										{section.results.map((result) => (
											<li key={`${result.type}-${result.id}`}>
												<SearchResult result={result} query={query} />
											</li>
										))}
									</ul>
									{section.total > section.results.length ? (
										<Link
											to={`?${new URLSearchParams({ q, type: section.type })}`}
											className="inline-block py-1 text-sm font-medium text-brand-700 hover:underline"
										>
											{`See all ${section.total} ${SEARCH_TYPE_LABELS[section.type].toLowerCase()}`}
										</Link>
									) : null}
								</section>
							))
						: null}
					{list ? (
						<>
							<ul
								aria-label={SEARCH_TYPE_LABELS[type!]}
								className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white px-4"
							>
								{list.results.map((result) => (
									<li key={`${result.type}-${result.id}`}>
										<SearchResult result={result} query={query} />
									</li>
								))}
							</ul>
							<Pager label="Pages of results" page={list.page} hasMore={list.hasMore} />
						</>
					) : null}
				</>
			)}
		</div>
	)
}
