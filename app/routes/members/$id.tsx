import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { BlockForm } from '~/components/member-block-form'
import { InterestList } from '~/components/community/interest-list'
import { Avatar } from '~/components/ui/avatar'
import { Badge, type BadgeTone } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ActionToast } from '~/components/ui/toaster'
import { useFormActionToast } from '~/components/form-action-toast'
import { roleLabel } from '~/lib/roles'
import { BlockFormSchema } from '~/lib/form-schemas.server'
import { blockMember, hasBlocked, messagingRefusal, unblockMember } from '~/services/moderation/blocks.server'
import { getPublicUser } from '~/services/account/users.server'
import { getMemberCard } from '~/services/account/directory.server'
import { requireUser } from '~/web/auth.server'
import { requireFound } from '~/web/errors.server'
import { handleFormSubmission } from '~/web/form.server'
import { localRedirectPath, requireNumericId } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'
import { type RouteHandle } from '~/types'
import { pageMeta } from '~/components/page-meta'

/** The block form shows its pending label with JavaScript; it works without. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(data?.member.name ?? 'Member', data?.member.bio ?? 'A member of the LeaderForge community.')

const ROLE_TONES: Record<string, BadgeTone> = { admin: 'red', content_manager: 'blue', moderator: 'green' }

/**
 * /members/{id}: a member's card (product §2 "Member card"): what other
 * members may see of them, 'Message', and 'Block' / 'Unblock'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const { member, communitiesInCommon } = requireFound(
		await getMemberCard(user, requireNumericId(params.id, 'Member')),
		'Member not found',
	)
	const self = member.id === user.id
	return json({
		member,
		communitiesInCommon,
		self,
		blocked: self ? false : await hasBlocked(user.id, member.id),
		canMessage: self ? false : (await messagingRefusal(user.id, member.id)) === null,
	})
}

/** Block and unblock, from here, a conversation or the profile; back to `redirectTo` (a path on this site) with a notice. */
export async function action({ request, params }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const memberId = requireNumericId(params.id, 'Member')
	return handleFormSubmission({
		request,
		schema: BlockFormSchema,
		intent: 'block',
		failureTitle: 'Could not change the block',
		announceInvalid: true,
		onValid: async ({ intent, redirectTo }) => {
			const member = requireFound(await getPublicUser(memberId), 'Member not found')
			const back = localRedirectPath(redirectTo ?? null, `/members/${memberId}`)
			if (intent === 'block-member') {
				await blockMember(user, memberId)
				return redirectWithToast(
					back,
					{ title: 'Member blocked', description: `${member.name} can no longer send you private messages.` },
					{ status: 303 },
				)
			}
			await unblockMember(user, memberId)
			return redirectWithToast(
				back,
				{ title: 'Member unblocked', description: `${member.name} can send you private messages again.` },
				{ status: 303 },
			)
		},
	})
}

export default function MemberCard() {
	const { member, communitiesInCommon, self, blocked, canMessage } = useLoaderData<typeof loader>()
	const toast = useFormActionToast()
	return (
		<div className="mx-auto max-w-xl space-y-4">
			<Link
				to="/members"
				className="inline-flex min-h-6 items-center py-1 text-sm font-medium text-brand-600 hover:text-brand-700"
			>
				← Members
			</Link>
			<Card className="p-6 text-center">
				<div className="flex justify-center">
					<Avatar name={member.name} src={member.avatar} size="lg" />
				</div>
				<h1 className="mt-3 text-xl font-bold text-gray-900">{member.name}</h1>
				<p className="text-sm text-gray-500">{`@${member.username}`}</p>
				{member.role !== 'member' ? (
					<p className="mt-2">
						<Badge tone={ROLE_TONES[member.role] ?? 'gray'}>{roleLabel(member.role)}</Badge>
					</p>
				) : null}
				{member.headline ? <p className="mt-2 font-medium text-gray-800">{member.headline}</p> : null}
				{member.location ? <p className="text-sm text-gray-600">{member.location}</p> : null}
				{member.bio ? <p className="mt-3 text-sm text-gray-700">{member.bio}</p> : null}
				<InterestList interests={member.interests} label="Interests" className="mt-3 justify-center" />
				{member.linkedinUrl ? (
					<p className="mt-3 text-sm">
						<a
							href={member.linkedinUrl}
							target="_blank"
							rel="nofollow ugc noopener noreferrer"
							className="font-medium text-brand-700 hover:underline"
						>
							{`${member.name} on LinkedIn`}
						</a>
					</p>
				) : null}
				{self ? null : (
					<div className="mt-4 text-sm text-gray-700">
						<p className="font-medium text-gray-900">Communities in common</p>
						{communitiesInCommon.length ? (
							<ul className="mt-1 flex flex-wrap justify-center gap-x-3" aria-label="Communities in common">
								{communitiesInCommon.map((community) => (
									<li key={community.id}>
										<Link to={`/community/${community.id}`} className="text-brand-700 hover:underline">
											{community.name}
										</Link>
									</li>
								))}
							</ul>
						) : (
							<p className="text-gray-600">None yet.</p>
						)}
					</div>
				)}
				{self ? (
					<p className="mt-4 text-sm text-gray-600">
						This is you.{' '}
						<Link to="/profile" className="font-medium text-brand-700 hover:underline">
							Edit your profile
						</Link>
					</p>
				) : (
					<div className="mt-5 flex flex-wrap items-center justify-center gap-2">
						{canMessage ? (
							<ButtonLink to={`/messages?userId=${member.id}`} size="sm">
								Message
							</ButtonLink>
						) : null}
						<BlockForm member={member} blocked={blocked} redirectTo={`/members/${member.id}`} />
					</div>
				)}
				{blocked ? (
					<p className="mt-3 text-sm text-gray-600">You blocked this member: they cannot send you private messages.</p>
				) : null}
			</Card>
			<ActionToast toast={toast} />
		</div>
	)
}
