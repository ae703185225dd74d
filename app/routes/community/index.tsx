import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CommunityIcon } from '~/components/community-icon'
import { pageMeta } from '~/components/page-meta'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { Pager } from '~/components/ui/pager'
import { PAGE_SIZES, pageFrom, pageWindow, readPageNumber } from '~/lib/paging'
import { requireUser } from '~/web/auth.server'
import { listCommunities } from '~/services/catalogue/communities.server'
import { ButtonLink } from '~/components/ui/button'

export const meta: MetaFunction = () =>
	pageMeta('Community', 'Peer communities where leaders discuss the challenges they face, live.')

export async function loader({ request }: LoaderFunctionArgs) {
	await requireUser(request)
	const page = readPageNumber(new URL(request.url).searchParams.get('page'))
	const communities = pageFrom(
		await listCommunities({}, pageWindow(page, PAGE_SIZES.communities)),
		page,
		PAGE_SIZES.communities,
	)
	return json({ communities: communities.items, page, hasMore: communities.hasMore })
}

/** product §2 /community: a grid of community cards with 'Join Discussion'. */
export default function CommunityList() {
	const { communities, page, hasMore } = useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Community</h1>
				<p className="mt-1 text-gray-600">Join a discussion with leaders who face the same challenges as you.</p>
			</div>
			{communities.length === 0 ? (
				<EmptyState title="No communities available" icon={<Icon name="community" className="h-8 w-8" />}>
					New communities will appear here as soon as they are created.
				</EmptyState>
			) : (
				<ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
					{communities.map((community) => (
						<li key={community.id}>
							<Card className="flex h-full flex-col p-5">
								<div className="flex items-start gap-4">
									<CommunityIcon icon={community.icon} name={community.name} />
									<div className="min-w-0">
										<h2 className="text-lg font-semibold text-gray-900">{community.name}</h2>
										{community.description ? (
											<p className="mt-1 text-sm text-gray-600">{community.description}</p>
										) : null}
									</div>
								</div>
								<div className="mt-auto pt-5">
									<ButtonLink
										to={`/community/${community.id}`}
										aria-label={`Join Discussion: ${community.name}`}
										size="wide"
									>
										Join Discussion
									</ButtonLink>
								</div>
							</Card>
						</li>
					))}
				</ul>
			)}
			<Pager label="Pages of communities" page={page} hasMore={hasMore} />
		</div>
	)
}
