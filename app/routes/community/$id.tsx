import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ChatPanel } from '~/components/chat/chat-panel'
import { CommunityIcon } from '~/components/community-icon'
import { pageMeta } from '~/components/page-meta'
import { Avatar } from '~/components/ui/avatar'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Pager } from '~/components/ui/pager'
import { ActionToast } from '~/components/ui/toaster'
import { chatPermissionsFor, handleChatPageAction, readOpenForm, readPageCursor } from '~/web/chat-form.server'
import { requireNumericId } from '~/web/http.server'
import { requireFound } from '~/web/errors.server'
import { PAGE_SIZES, pageFrom, pageWindow, readPageNumber } from '~/lib/paging'
import { isPremium } from '~/lib/subscription'
import { requireUser } from '~/web/auth.server'
import { getCommunity } from '~/services/catalogue/communities.server'
import { countMembers, listCommunityMembers } from '~/services/community/memberships.server'
import { listedPerson } from '~/services/account/people.server'
import { getCommunityHistory, sendCommunityMessage } from '~/services/chat/messages.server'
import { getActiveMute } from '~/services/moderation/mutes.server'
import { readTimeZone } from '~/web/time-zone.server'
import { type RouteHandle } from '~/types'
import { PremiumFeatureNotice } from '~/components/community/notices'
import { MembershipButton } from '~/components/community/membership-button'
import { CommunitySections } from '~/components/discussions/community-sections'
import { handleMembershipForm, isMembershipIntent } from '~/web/membership-form.server'
import { newFormOnceToken } from '~/web/form.server'

/** The chat panel is an island. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(data?.community.name ?? 'Community', data?.community.description ?? 'A LeaderForge community chat room.')

const MEMBERS_PAGE_PARAM = 'members'

async function requireCommunity(id: string | undefined) {
	return requireFound(await getCommunity(requireNumericId(id, 'Community')), 'Community not found')
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const community = await requireCommunity(params.id)
	const cursor = readPageCursor(request)
	const canPost = isPremium(user)
	// The member list has its own page parameter: the chat's `?before=` pages the messages.
	const membersPage = readPageNumber(new URL(request.url).searchParams.get(MEMBERS_PAGE_PARAM))
	const [history, memberRows, memberCount, permissions, mute] = await Promise.all([
		getCommunityHistory(user, community.id, cursor),
		listCommunityMembers(community.id, pageWindow(membersPage, PAGE_SIZES.people)),
		countMembers(community.id),
		chatPermissionsFor(user),
		canPost ? getActiveMute(user.id) : null,
	])
	const { items: members, hasMore: moreMembers } = pageFrom(memberRows, membersPage, PAGE_SIZES.people)
	return json({
		me: { id: user.id, username: user.username },
		canPost,
		community,
		history,
		viewingOlder: cursor.before !== undefined,
		members: members.map(listedPerson),
		membersPage,
		moreMembers,
		memberCount,
		isMember: user.communityIds.includes(community.id),
		permissions,
		mute,
		openForm: readOpenForm(request),
		timeZone: readTimeZone(request.headers.get('Cookie')).timeZone,
		renderedAt: new Date().toISOString(),
		formOnce: newFormOnceToken(),
	})
}

/**
 * The no-JavaScript way to post: the same service as the socket (which checks the room and the premium rule);
 * and the Join and Leave forms.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	const communityId = requireNumericId(params.id, 'Community')
	const here = `/community/${communityId}`
	return handleChatPageAction(
		request,
		(user, content) => sendCommunityMessage(user, { communityId, content }),
		here,
		(user, formData) =>
			isMembershipIntent(formData.get('intent')) ? handleMembershipForm(request, user, formData, here) : null,
	)
}

export default function CommunityRoom() {
	const {
		me,
		canPost,
		community,
		history,
		viewingOlder,
		members,
		membersPage,
		moreMembers,
		memberCount,
		isMember,
		permissions,
		mute,
		openForm,
		timeZone,
		renderedAt,
		formOnce,
	} = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()

	return (
		<div className="space-y-6">
			<CommunitySections community={community} active="chat" />
			<header className="flex flex-wrap items-start gap-4">
				<CommunityIcon icon={community.icon} name={community.name} size="lg" />
				<div className="min-w-0 flex-1">
					<div className="flex flex-wrap items-center gap-2">
						<h1 className="text-2xl font-bold text-gray-900">{community.name}</h1>
						{canPost ? null : <Badge tone="amber">Read Only</Badge>}
						{isMember ? <Badge tone="green">Member</Badge> : null}
					</div>
					{community.description ? <p className="mt-1 text-gray-600">{community.description}</p> : null}
					<p className="mt-1 text-sm text-gray-600">
						{`${memberCount} ${memberCount === 1 ? 'member' : 'members'} · `}
						<Link to={`/community/${community.id}/discussions`} className="font-medium text-brand-700 hover:underline">
							Read the discussions
						</Link>
					</p>
				</div>
				<MembershipButton community={community} member={isMember} size="md" />
			</header>

			<div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
				<Card className="overflow-hidden">
					<ChatPanel
						key={community.id}
						me={me}
						target={{ kind: 'community', communityId: community.id }}
						history={history}
						pageUrl={`/community/${community.id}`}
						viewingOlder={viewingOlder}
						canPost={canPost}
						readOnlyNotice={<PremiumFeatureNotice />}
						emptyState={
							<>
								<p className="font-medium text-gray-900">No messages yet</p>
								<p className="mt-1 text-sm text-gray-600">
									{canPost ? 'Be the first to start the conversation.' : 'Subscribe to join the conversation.'}
								</p>
							</>
						}
						placeholder={`Message ${community.name}`}
						label={`Chat in ${community.name}`}
						timeZone={timeZone}
						renderedAt={renderedAt}
						formOnce={formOnce}
						permissions={permissions}
						openForm={openForm}
						mute={mute}
					/>
				</Card>

				<Card className="self-start">
					<CardHeader>
						<CardTitle>Community Members</CardTitle>
						<p className="text-sm text-gray-600">{`${memberCount} ${memberCount === 1 ? 'member' : 'members'}`}</p>
					</CardHeader>
					<CardContent>
						{members.length === 0 ? (
							<p className="py-6 text-center text-sm text-gray-600">No members found</p>
						) : (
							<ul className="max-h-[32rem] space-y-1 overflow-y-auto" aria-label="Community Members">
								{/* Members who hid themselves from the directory are counted, not listed (decision 162). */}
								{members.map((member) => (
									<li key={member.id} className="member-row">
										<Avatar name={member.name} src={member.avatar} size="sm" />
										<span className="member-row-name">
											<Link to={`/members/${member.id}`} className="hover:underline">
												{member.name}
											</Link>
											{member.id === me.id ? <span className="font-normal text-gray-500"> (you)</span> : null}
										</span>
										{member.role === 'admin' ? <Badge tone="red">Admin</Badge> : null}
										{member.id === me.id ? null : (
											<Link
												to={`/messages?userId=${member.id}`}
												aria-label={`Message ${member.name}`}
												title={`Message ${member.name}`}
												className="member-row-action"
											/>
										)}
									</li>
								))}
							</ul>
						)}
						<Pager
							label="Pages of community members"
							param={MEMBERS_PAGE_PARAM}
							page={membersPage}
							hasMore={moreMembers}
							className="mt-3 border-t border-gray-100 pt-3"
						/>
					</CardContent>
				</Card>
			</div>
			<ActionToast toast={actionData?.toast} />
		</div>
	)
}
