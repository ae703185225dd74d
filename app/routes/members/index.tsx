import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { InterestList } from '~/components/community/interest-list'
import { pageMeta } from '~/components/page-meta'
import { Avatar } from '~/components/ui/avatar'
import { Badge, type BadgeTone } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { Pager } from '~/components/ui/pager'
import { roleLabel } from '~/lib/roles'
import { DIRECTORY_ROLES, DIRECTORY_ROLE_LABELS, readDirectoryFilter, type DirectoryFilter } from '~/lib/directory'
import { PAGE_SIZES, pageFrom, pageWindow, readPageNumber } from '~/lib/paging'
import { listDirectory } from '~/services/account/directory.server'
import { listCommunities } from '~/services/catalogue/communities.server'
import { requireUser } from '~/web/auth.server'

export const meta: MetaFunction = () =>
	pageMeta('Members', 'Find the leaders of the community by name, role, place or interest.')

const ROLE_TONES: Record<string, BadgeTone> = { admin: 'red', content_manager: 'blue', moderator: 'green' }

/**
 * /members (product §2 "Member directory"): every member who has not hidden
 * themselves, searched by name, username, headline, location and interests,
 * filtered by community and role, by name, 24 a page. A plain GET form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const params = new URL(request.url).searchParams
	// A page reads a mangled community or role as "any" (the JSON call refuses it).
	const filter = readDirectoryFilter(params) as DirectoryFilter
	const page = readPageNumber(params.get('page'))
	const [rows, communities] = await Promise.all([
		listDirectory(user, filter, pageWindow(page, PAGE_SIZES.directory)),
		// Every community for the filter: a few dozen at most, read as one page of the admin list's size.
		listCommunities({}, { skip: 0, limit: 200 }),
	])
	const members = pageFrom(rows, page, PAGE_SIZES.directory)
	return json({
		me: { id: user.id },
		filter: { q: filter.q, community: filter.communityId ?? null, role: filter.role ?? null },
		communities: communities.map(({ id, name }) => ({ id, name })),
		members: members.items,
		page,
		hasMore: members.hasMore,
	})
}

export default function MemberDirectory() {
	const { me, filter, communities, members, page, hasMore } = useLoaderData<typeof loader>()
	const filtered = Boolean(filter.q || filter.community || filter.role)
	const selectClass =
		'rounded-md border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200'
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Members</h1>
				<p className="mt-1 text-gray-600">Find leaders by name, role, place or what they care about.</p>
			</div>
			<Form method="get" role="search" aria-label="Search the members" className="flex flex-wrap items-end gap-3">
				<div className="min-w-[12rem] flex-1">
					<label htmlFor="directory-q" className="mb-1 block text-sm font-medium text-gray-700">
						Search
					</label>
					<input
						id="directory-q"
						type="search"
						name="q"
						defaultValue={filter.q}
						maxLength={100}
						placeholder="Name, headline, place or interest"
						className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
					/>
				</div>
				<div>
					<label htmlFor="directory-community" className="mb-1 block text-sm font-medium text-gray-700">
						Community
					</label>
					<select
						id="directory-community"
						name="community"
						defaultValue={filter.community ?? ''}
						className={selectClass}
					>
						<option value="">Every community</option>
						{communities.map((community) => (
							<option key={community.id} value={community.id}>
								{community.name}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="directory-role" className="mb-1 block text-sm font-medium text-gray-700">
						Role
					</label>
					<select id="directory-role" name="role" defaultValue={filter.role ?? ''} className={selectClass}>
						<option value="">Everyone</option>
						{DIRECTORY_ROLES.map((role) => (
							<option key={role} value={role}>
								{DIRECTORY_ROLE_LABELS[role]}
							</option>
						))}
					</select>
				</div>
				<Button type="submit">Search</Button>
				{filtered ? (
					<ButtonLink to="/members" variant="secondary">
						Clear
					</ButtonLink>
				) : null}
			</Form>
			{members.length === 0 ? (
				<EmptyState title="No members found" icon={<Icon name="user" className="h-8 w-8" />}>
					{filtered ? 'Nobody matches. Try other words or clear the filters.' : 'Members will appear here.'}
				</EmptyState>
			) : (
				<ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Members">
					{members.map((member) => (
						<li key={member.id}>
							<Card className="flex h-full gap-3 p-4">
								<Avatar name={member.name} src={member.avatar} />
								<div className="min-w-0 flex-1">
									<p className="flex flex-wrap items-center gap-2">
										<Link to={`/members/${member.id}`} className="font-semibold text-gray-900 hover:underline">
											{member.name}
										</Link>
										{member.id === me.id ? <span className="text-sm text-gray-500">(you)</span> : null}
										{member.role !== 'member' ? (
											<Badge tone={ROLE_TONES[member.role] ?? 'gray'}>{roleLabel(member.role)}</Badge>
										) : null}
									</p>
									<p className="text-sm text-gray-500">{`@${member.username}`}</p>
									{member.headline ? <p className="mt-1 text-sm text-gray-700">{member.headline}</p> : null}
									{member.location ? <p className="text-sm text-gray-600">{member.location}</p> : null}
									<InterestList interests={member.interests} label={`Interests of ${member.name}`} className="mt-2" />
								</div>
							</Card>
						</li>
					))}
				</ul>
			)}
			<Pager label="Pages of members" page={page} hasMore={hasMore} />
		</div>
	)
}
