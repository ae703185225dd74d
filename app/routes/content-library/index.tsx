import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { pageMeta } from '~/components/page-meta'
import { SearchForm, SearchSummary } from '~/components/search-form'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { Pager } from '~/components/ui/pager'
import { TabLinks } from '~/components/ui/tab-links'
import { VideoCard } from '~/components/video-card'
import { readSearch } from '~/lib/search-text'
import { PAGE_SIZES, pageFrom, pageWindow, readPageNumber } from '~/lib/paging'
import { FREE_VIDEO_LIMIT, isPremium } from '~/lib/subscription'
import { toVideoCards } from '~/lib/videos'
import { requireUser } from '~/web/auth.server'
import { listProgressOf } from '~/services/learning/progress.server'
import { countVideos, listVideoCategories, listVideosForMember } from '~/services/catalogue/videos.server'

export const meta: MetaFunction = () =>
	pageMeta('Content Library', 'Practical video lessons for every stage of your leadership journey.')

const ALL = 'all'
/** Cards in the first screenful at the widest layout (one row of three): their pictures load at once, the rest lazily. */
const FIRST_SCREEN_CARDS = 3

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const url = new URL(request.url)
	const search = readSearch(url.searchParams.get('q'))
	const category = readSearch(url.searchParams.get('category')) || ALL
	const filters = { search, category: category === ALL ? undefined : category }
	const page = readPageNumber(url.searchParams.get('page'))
	const [rows, categories, resultCount] = await Promise.all([
		listVideosForMember(user, filters, pageWindow(page, PAGE_SIZES.library)),
		listVideoCategories(),
		search ? countVideos(filters) : null,
	])
	const videos = pageFrom(rows, page, PAGE_SIZES.library)
	const progress = await listProgressOf(
		user.id,
		videos.items.map((video) => video.id),
	)
	return json({
		search,
		category,
		categories,
		videos: toVideoCards(videos.items, progress),
		page: videos.page,
		hasMore: videos.hasMore,
		resultCount,
		// Free accounts play the first videos only: said above a list longer than that (product §2).
		showRestrictionBanner:
			!isPremium(user) && (videos.page > 1 || videos.hasMore || videos.items.length > FREE_VIDEO_LIMIT),
	})
}

export default function ContentLibrary() {
	const { search, category, categories, videos, page, hasMore, resultCount, showRestrictionBanner } =
		useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Content Library</h1>
				<p className="mt-1 text-gray-600">Practical video lessons for every stage of your leadership journey.</p>
			</div>

			<div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
				<TabLinks
					scroll
					label="Video categories"
					param="category"
					active={category}
					searchParams={searchParams}
					resetParams={['page']}
					tabs={[{ value: ALL, label: 'All Videos' }, ...categories.map((name) => ({ value: name, label: name }))]}
				/>
				{/* Narrower than elsewhere, so the category tabs fit beside it at 1280 pixels (docs/decisions/063). */}
				<SearchForm
					id="library-search"
					wideScreenWidth="lg:w-64"
					label="Search videos"
					placeholder="Search videos..."
					search={search}
					keep={category === ALL ? null : { name: 'category', value: category }}
				/>
			</div>

			{showRestrictionBanner ? (
				<div
					role="note"
					className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
				>
					<p className="flex items-start gap-2 text-sm text-amber-900">
						<Icon name="lock" className="mt-0.5 h-4 w-4" />
						<span>
							<strong>Premium Content Restricted:</strong> Free accounts can access {FREE_VIDEO_LIMIT} videos. Upgrade
							to unlock all content.
						</span>
					</p>
					<Link
						to="/subscribe"
						className="shrink-0 rounded-md bg-amber-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-amber-800"
					>
						Upgrade to Premium
					</Link>
				</div>
			) : null}

			{/* The cards' titles are h3s: the list they are in gets its heading. */}
			<h2 className="sr-only">{category === ALL ? 'All Videos' : category}</h2>
			<SearchSummary
				search={search}
				count={resultCount ?? videos.length}
				clearTo={category === ALL ? '/content-library' : `?category=${encodeURIComponent(category)}`}
			/>

			{videos.length ? (
				<ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
					{videos.map((video, index) => (
						<li key={video.id} className="flex">
							<div className="flex w-full flex-col [&>article]:flex-1">
								<VideoCard video={video} eager={index < FIRST_SCREEN_CARDS} />
							</div>
						</li>
					))}
				</ul>
			) : (
				<EmptyState title="No videos found" icon={<Icon name="video" className="h-8 w-8" />}>
					{search
						? `No videos match “${search}”. Try other words or clear the search.`
						: 'There are no videos here yet. Check back soon for new lessons.'}
				</EmptyState>
			)}
			<Pager label="Pages of videos" page={page} hasMore={hasMore} />
		</div>
	)
}
