import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CommunityIcon } from '~/components/community-icon'
import { MembershipButton } from '~/components/community/membership-button'
import { Badge } from '~/components/ui/badge'
import { ActionToast } from '~/components/ui/toaster'
import { useFormActionToast } from '~/components/form-action-toast'
import { pageMeta } from '~/components/page-meta'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { Pager } from '~/components/ui/pager'
import { PAGE_SIZES, pageFrom, pageWindow, readPageNumber } from '~/lib/paging'
import { requireUser } from '~/web/auth.server'
import { listCommunities } from '~/services/catalogue/communities.server'
import { memberCountsOf } from '~/services/community/memberships.server'
import { ButtonLink } from '~/components/ui/button'
import { readProtectedForm } from '~/web/csrf.server'
import { jsonError } from '~/web/http.server'
import { handleMembershipForm, isMembershipIntent } from '~/web/membership-form.server'

export const meta: MetaFunction = () =>
	pageMeta('Community', 'Peer communities where leaders discuss the challenges they face, live.')

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const page = readPageNumber(new URL(request.url).searchParams.get('page'))
	const communities = pageFrom(
		await listCommunities({}, pageWindow(page, PAGE_SIZES.communities)),
		page,
		PAGE_SIZES.communities,
	)
	const counts = await memberCountsOf(communities.items.map((community) => community.id))
	return json({
		communities: communities.items.map((community) => ({
			...community,
			memberCount: counts[community.id] ?? 0,
			member: user.communityIds.includes(community.id),
		})),
		page,
		hasMore: communities.hasMore,
	})
}

/** The Join and Leave buttons: back to the same page of the list. */
export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const formData = await readProtectedForm(request)
	if (!isMembershipIntent(formData.get('intent'))) throw jsonError(400, 'Unknown action')
	const url = new URL(request.url)
	return handleMembershipForm(request, user, formData, `/community${url.search}`)
}

/**
 * product §2 /community: a grid of community cards with 'Join Discussion',
 * the member count, 'Member' on the member's own, and Join or Leave.
 */
export default function CommunityList() {
	const { communities, page, hasMore } = useLoaderData<typeof loader>()
	const toast = useFormActionToast()
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
										<div className="flex flex-wrap items-center gap-2">
											<h2 className="text-lg font-semibold text-gray-900">{community.name}</h2>
											{community.member ? <Badge tone="green">Member</Badge> : null}
										</div>
										{community.description ? (
											<p className="mt-1 text-sm text-gray-600">{community.description}</p>
										) : null}
										<p className="mt-1 text-xs text-gray-600">
											{`${community.memberCount} ${community.memberCount === 1 ? 'member' : 'members'} · `}
											<Link
												to={`/community/${community.id}/discussions`}
												className="font-medium text-brand-700 hover:underline"
												aria-label={`Discussions of ${community.name}`}
											>
												Discussions
											</Link>
										</p>
									</div>
								</div>
								<div className="mt-auto flex gap-2 pt-5">
									<ButtonLink
										to={`/community/${community.id}`}
										aria-label={`Join Discussion: ${community.name}`}
										className="flex-1"
									>
										Join Discussion
									</ButtonLink>
									<MembershipButton community={community} member={community.member} size="md" />
								</div>
							</Card>
						</li>
					))}
				</ul>
			)}
			<Pager label="Pages of communities" page={page} hasMore={hasMore} />
			<ActionToast toast={toast} />
		</div>
	)
}
