import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { MutedNotice, PremiumFeatureNotice } from '~/components/community/notices'
import { NewPostForm } from '~/components/discussions/parts'
import { CommunitySections } from '~/components/discussions/community-sections'
import { pageMeta } from '~/components/page-meta'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { Pager } from '~/components/ui/pager'
import { TabLinks } from '~/components/ui/tab-links'
import { ActionToast } from '~/components/ui/toaster'
import { useFormActionToast } from '~/components/form-action-toast'
import { formatDateTime } from '~/lib/dates'
import { DISCUSSION_INTENTS, POSTS_PAGE_SIZE, SORTS, SORT_LABELS, readSort } from '~/lib/discussions'
import { NewPostFormSchema } from '~/lib/form-schemas.server'
import { pageFrom, pageWindow, readPageNumber } from '~/lib/paging'
import { isPremium } from '~/lib/subscription'
import { readTimeZone } from '~/web/time-zone.server'
import { createPost, listPosts } from '~/services/discussions/discussions.server'
import { getActiveMute } from '~/services/moderation/mutes.server'
import { type RouteHandle } from '~/types'
import { requireUser } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { pageHeadersWithRetryAfter, rethrowAsResponse } from '~/web/errors.server'
import { handleFormSubmission } from '~/web/form.server'
import { jsonError, requireNumericId } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'

/** The new-post form gains client validation and a pending label; it works without. */
export const handle: RouteHandle = { hydrate: true }

/** Posting too often is refused for now (429): the answer says when to try again. */
export const headers = pageHeadersWithRetryAfter

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(
		data ? `Discussions · ${data.community.name}` : 'Discussions',
		'Posts and comments that last, beside the community chat.',
	)

/**
 * /community/{id}/discussions (product §2 "Discussions"): the community's
 * posts, pinned first, by latest activity or by most reactions this month
 * (`?sort=top`), 20 a page, and the form that starts one (Premium members
 * who are not muted; the Premium panel for free accounts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const communityId = requireNumericId(params.id, 'Community')
	const url = new URL(request.url)
	const sort = readSort(url.searchParams.get('sort'))
	const page = readPageNumber(url.searchParams.get('page'))
	const canPost = isPremium(user)
	const [{ community, posts }, mute] = await Promise.all([
		listPosts(user, communityId, { sort, window: pageWindow(page, POSTS_PAGE_SIZE) }).catch(rethrowAsResponse),
		canPost ? getActiveMute(user.id) : null,
	])
	const { timeZone } = readTimeZone(request.headers.get('Cookie'))
	const shown = pageFrom(posts, page, POSTS_PAGE_SIZE)
	return json({
		community,
		sort,
		page,
		hasMore: shown.hasMore,
		posts: shown.items.map((post) => ({ ...post, time: formatDateTime(post.lastActivityAt, timeZone) })),
		canPost,
		mute,
		timeZone,
	})
}

export async function action({ request, params }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const communityId = requireNumericId(params.id, 'Community')
	const formData = await readProtectedForm(request)
	if (formData.get('intent') !== DISCUSSION_INTENTS.createPost) throw jsonError(400, 'Unknown action')
	return handleFormSubmission({
		request,
		formData,
		schema: NewPostFormSchema,
		intent: DISCUSSION_INTENTS.createPost,
		failureTitle: 'Could not publish the post',
		onValid: async (input) => {
			const post = await createPost(user, communityId, input)
			return redirectWithToast(post.url, { title: 'Post published' }, { status: 303 })
		},
	})
}

export default function Discussions() {
	const { community, sort, page, hasMore, posts, canPost, mute, timeZone } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	const toast = useFormActionToast()
	const listUrl = `/community/${community.id}/discussions`
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<CommunitySections community={community} active="discussions" />
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold text-gray-900">{`${community.name}: Discussions`}</h1>
			</div>
			{canPost ? (
				mute ? (
					<MutedNotice mute={mute} timeZone={timeZone} />
				) : (
					<NewPostForm action={listUrl} />
				)
			) : (
				<PremiumFeatureNotice />
			)}
			<TabLinks
				label="Sort the discussions"
				param="sort"
				active={sort}
				tabs={SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
				searchParams={searchParams}
				resetParams={['page']}
			/>
			{posts.length === 0 ? (
				<EmptyState title="No discussions yet" icon={<Icon name="community" className="h-8 w-8" />}>
					{canPost
						? `Start the first discussion in ${community.name}.`
						: 'Discussions started by Premium members will appear here.'}
				</EmptyState>
			) : (
				<ol className="space-y-3" aria-label={`Discussions in ${community.name}`}>
					{posts.map((post) => (
						<li key={post.id}>
							<Card className="p-4">
								<div className="flex flex-wrap items-center gap-2">
									{post.pinned ? <Badge tone="brand">Pinned</Badge> : null}
									{post.locked ? <Badge tone="amber">Locked</Badge> : null}
									<h2 className="min-w-0 text-lg font-semibold text-gray-900">
										<Link to={post.url} className="break-words hover:underline">
											{post.title}
										</Link>
									</h2>
								</div>
								<p className="mt-1 text-sm text-gray-600">
									{`${post.author.name} · `}
									<time dateTime={post.lastActivityAt}>{post.time}</time>
									{post.editedAt ? ' · (edited)' : ''}
								</p>
								{post.excerpt ? <p className="mt-2 break-words text-sm text-gray-700">{post.excerpt}</p> : null}
								<p className="mt-2 text-xs text-gray-600">
									{`${post.commentCount} ${post.commentCount === 1 ? 'comment' : 'comments'} · ${post.reactionCount} ${post.reactionCount === 1 ? 'reaction' : 'reactions'}`}
								</p>
							</Card>
						</li>
					))}
				</ol>
			)}
			<Pager label="Pages of discussions" page={page} hasMore={hasMore} />
			<ActionToast toast={toast} />
		</div>
	)
}
