import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { pageMeta } from '~/components/page-meta'
import { SearchForm, SearchSummary } from '~/components/search-form'
import { Badge } from '~/components/ui/badge'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { Pager } from '~/components/ui/pager'
import { TabLinks } from '~/components/ui/tab-links'
import { readSearch } from '~/lib/search-text'
import { PAGE_SIZES, pageFrom, pageWindow, readPageNumber } from '~/lib/paging'
import { resourceLink, resourceTypeInfo } from '~/components/resource-type'
import { requireUser } from '~/web/auth.server'
import { countResources, listResourceTypes, listResources } from '~/services/catalogue/resources.server'

export const meta: MetaFunction = () =>
	pageMeta('Resources', 'Templates, worksheets, guides and reading to use with your team.')

const ALL = 'all'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireUser(request)
	const url = new URL(request.url)
	const search = readSearch(url.searchParams.get('q'))
	const type = readSearch(url.searchParams.get('type')) || ALL
	const filters = { search, type: type === ALL ? undefined : type }
	const page = readPageNumber(url.searchParams.get('page'))
	const [rows, types, resultCount] = await Promise.all([
		listResources(filters, pageWindow(page, PAGE_SIZES.resources)),
		listResourceTypes(),
		search ? countResources(filters) : null,
	])
	const resources = pageFrom(rows, page, PAGE_SIZES.resources)
	return json({
		search,
		type,
		types,
		resources: resources.items,
		page: resources.page,
		hasMore: resources.hasMore,
		resultCount,
	})
}

export default function ResourcesPage() {
	const { search, type, types, resources, page, hasMore, resultCount } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Resources</h1>
				<p className="mt-1 text-gray-600">Templates, worksheets, guides and reading to use with your team.</p>
			</div>
			<div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
				<TabLinks
					label="Resource types"
					param="type"
					active={type}
					searchParams={searchParams}
					resetParams={['page']}
					tabs={[
						{ value: ALL, label: 'All' },
						...types.map((value) => ({ value, label: resourceTypeInfo(value).label })),
					]}
				/>
				<SearchForm
					id="resource-search"
					label="Search resources"
					placeholder="Search resources..."
					search={search}
					keep={type === ALL ? null : { name: 'type', value: type }}
				/>
			</div>
			<SearchSummary
				search={search}
				count={resultCount ?? resources.length}
				clearTo={type === ALL ? '/resources' : `?type=${encodeURIComponent(type)}`}
			/>
			{resources.length ? (
				<ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
					{resources.map((resource) => {
						const info = resourceTypeInfo(resource.type)
						const link = resourceLink(resource.url)
						return (
							<li key={resource.id} className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
								<div className="flex items-start gap-3">
									<span
										data-testid="resource-icon"
										data-icon={info.icon}
										className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-lg ${info.tone}`}
									>
										<Icon name={info.icon} className="h-6 w-6" />
									</span>
									<div className="min-w-0">
										<h2 className="font-semibold text-gray-900">{resource.title}</h2>
										<Badge className="mt-1">{info.label}</Badge>
									</div>
								</div>
								{resource.description ? (
									<p className="mt-3 flex-1 text-sm text-gray-600">{resource.description}</p>
								) : (
									<div className="flex-1" />
								)}
								{link ? (
									<a
										href={link.href}
										{...(link.kind === 'open' ? { target: '_blank', rel: 'noopener noreferrer' } : { download: '' })}
										className="mt-4 inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50"
									>
										<Icon name={link.kind === 'open' ? 'external' : 'download'} className="h-4 w-4" />
										{link.kind === 'open' ? 'Open' : 'Download'}
										<span className="sr-only"> {resource.title}</span>
									</a>
								) : (
									<p className="mt-4 text-sm text-gray-500">Link unavailable</p>
								)}
							</li>
						)
					})}
				</ul>
			) : (
				<EmptyState title="No resources found" icon={<Icon name="resources" className="h-8 w-8" />}>
					{search
						? `Nothing matches “${search}”. Try other words or clear the search.`
						: 'New resources are added regularly. Check back soon.'}
				</EmptyState>
			)}
			<Pager label="Pages of resources" page={page} hasMore={hasMore} />
		</div>
	)
}
