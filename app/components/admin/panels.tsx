import {
	type AdminUserJSON,
	type CommunityJSON,
	type EventJSON,
	type ResourceJSON,
	type VideoJSON,
} from '#models/index'
import { Badge, type BadgeTone } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Pager } from '~/components/ui/pager'
import { useTimeZone } from '~/components/use-time-zone'
import { adminDialogHref, adminTabHref, truncate, type AdminTab } from '~/lib/admin-panel'
import { resourceTypeLabel, roleLabel } from '~/lib/admin-schemas'
import { formatDate, formatTime } from '~/lib/dates'
import {
	AddLink,
	AdminTable,
	Cell,
	EmptyRow,
	LoadError,
	PanelHeader,
	RowActions,
	SearchForm,
	SecondaryLink,
	TableFooter,
} from '~/components/admin/admin-table'

/** The five tabs of the administration panel (product §2), each drawn from its loader list. */

/** The links to a table's other pages (plain links: they work without JavaScript). */
function TablePager({ tab, what, list }: { tab: AdminTab; what: string; list: ListPlace }) {
	// To the tab's address: behind an open dialog the page's own address is the dialog's.
	return (
		<Pager
			label={`Pages of ${what}`}
			page={list.page}
			hasMore={list.hasMore}
			hrefFor={(page) => adminTabHref(tab, { q: list.q, page })}
		/>
	)
}

const ROLE_TONES: Record<string, BadgeTone> = { admin: 'red', content_manager: 'blue', moderator: 'green' }

/** Where a tab's list is: its search, its page, whether another page follows. */
export interface ListPlace {
	q: string
	page: number
	hasMore: boolean
}

export function UsersPanel({
	users,
	total,
	error,
	list,
	timeZone,
}: {
	users: AdminUserJSON[]
	total: number | null
	error: string | null
	list: ListPlace
	timeZone: string
}) {
	const zone = useTimeZone(timeZone)
	const here = adminTabHref('users', list)
	return (
		<section aria-label="Users" className="space-y-4">
			<PanelHeader
				title="Users"
				subtitle="Manage user accounts and roles."
				action={
					<>
						{/* A download, not a page: a plain link, so the browser saves the file. */}
						<a
							href="/admin/members.csv"
							download
							className="inline-flex items-center justify-center gap-1.5 rounded-md border border-gray-300 bg-white px-3.5 py-2 text-sm font-semibold text-gray-700 shadow-sm hover:bg-gray-50"
						>
							Export CSV
						</a>
						<SecondaryLink to={here}>Refresh</SecondaryLink>
					</>
				}
			/>
			<SearchForm tab="users" q={list.q} placeholder="Search users..." />
			{error ? (
				<Card role="alert" className="border-red-200">
					<CardHeader>
						<CardTitle className="text-red-700">Error</CardTitle>
						<p className="text-sm text-gray-700">Failed to load users</p>
					</CardHeader>
					<CardContent className="space-y-3">
						<p className="text-sm text-gray-600">{error}</p>
						<SecondaryLink to={here}>Try Again</SecondaryLink>
					</CardContent>
				</Card>
			) : (
				<>
					<AdminTable
						caption="Users"
						columns={['Name', 'Username', 'Email', 'Role', 'Status', 'Joined', 'Last active', 'Actions']}
					>
						{users.length === 0 ? <EmptyRow columns={8}>No users found.</EmptyRow> : null}
						{users.map((user) => (
							<tr key={user.id}>
								<Cell className="min-w-28 font-medium text-gray-900">{user.name}</Cell>
								<Cell>{user.username}</Cell>
								<Cell>{user.email}</Cell>
								<Cell>
									<Badge tone={ROLE_TONES[user.role] ?? 'gray'}>{roleLabel(user.role)}</Badge>
								</Cell>
								<Cell>{user.subscriptionStatus}</Cell>
								<Cell className="whitespace-nowrap">
									<time dateTime={user.createdAt}>{formatDate(user.createdAt, zone)}</time>
								</Cell>
								<Cell className="whitespace-nowrap">
									{user.lastActiveAt ? (
										<time dateTime={user.lastActiveAt}>{formatDate(user.lastActiveAt, zone)}</time>
									) : (
										'Never'
									)}
								</Cell>
								<td className="whitespace-nowrap px-3 py-2 text-right align-middle">
									<span className="inline-flex gap-1.5">
										<SecondaryLink compact to={adminDialogHref(`/admin/users/${user.id}/role`, list)}>
											Change Role
										</SecondaryLink>
										<SecondaryLink
											compact
											to={adminDialogHref(`/admin/users/${user.id}/delete`, list)}
											label={`Delete ${user.name}`}
										>
											Delete
										</SecondaryLink>
									</span>
								</td>
							</tr>
						))}
					</AdminTable>
					<TablePager tab="users" what="users" list={list} />
					<TableFooter>{total ?? users.length} users total</TableFooter>
				</>
			)}
		</section>
	)
}

function authorName(authors: Record<number, string>, id: number) {
	return authors[id] ?? `User #${id}`
}

export function ContentPanel({
	videos,
	authors,
	error,
	list,
}: {
	videos: VideoJSON[]
	authors: Record<number, string>
	error: string | null
	list: ListPlace
}) {
	return (
		<section aria-label="Videos" className="space-y-4">
			<PanelHeader
				title="Videos"
				subtitle="Add, edit and remove the lessons of the content library."
				action={<AddLink to={adminDialogHref('/admin/videos/new', list)}>Add Video</AddLink>}
			/>
			<SearchForm tab="content" q={list.q} placeholder="Search videos..." />
			{error ? (
				<LoadError retryHref={adminTabHref('content', list)}>Error loading videos: {error}</LoadError>
			) : (
				<>
					<AdminTable caption="Videos" columns={['ID', 'Title', 'Category', 'Duration', 'Added By', 'Actions']}>
						{videos.length === 0 ? <EmptyRow columns={6}>No videos found</EmptyRow> : null}
						{videos.map((video) => (
							<tr key={video.id}>
								<Cell className="tabular-nums text-gray-500">{video.id}</Cell>
								<Cell className="font-medium text-gray-900">{video.title}</Cell>
								<Cell>{video.category || '-'}</Cell>
								<Cell className="whitespace-nowrap">{video.duration ? `${video.duration} min` : '-'}</Cell>
								<Cell>{authorName(authors, video.createdBy)}</Cell>
								<RowActions
									editHref={adminDialogHref(`/admin/videos/${video.id}/edit`, list)}
									deleteHref={adminDialogHref(`/admin/videos/${video.id}/delete`, list)}
									label={video.title}
								/>
							</tr>
						))}
					</AdminTable>
					<TablePager tab="content" what="videos" list={list} />
				</>
			)}
		</section>
	)
}

export function CommunitiesPanel({
	communities,
	authors,
	error,
	list,
}: {
	communities: CommunityJSON[]
	authors: Record<number, string>
	error: string | null
	list: ListPlace
}) {
	return (
		<section aria-label="Communities" className="space-y-4">
			<PanelHeader
				title="Communities"
				subtitle="Add, edit and remove the community chat rooms."
				action={<AddLink to={adminDialogHref('/admin/communities/new', list)}>Add Community</AddLink>}
			/>
			<SearchForm tab="communities" q={list.q} placeholder="Search communities..." />
			{error ? (
				<LoadError retryHref={adminTabHref('communities', list)}>Error loading communities: {error}</LoadError>
			) : (
				<>
					<AdminTable caption="Communities" columns={['ID', 'Name', 'Description', 'Created By', 'Actions']}>
						{communities.length === 0 ? <EmptyRow columns={5}>No communities available</EmptyRow> : null}
						{communities.map((community) => (
							<tr key={community.id}>
								<Cell className="tabular-nums text-gray-500">{community.id}</Cell>
								<Cell className="font-medium text-gray-900">{community.name}</Cell>
								<Cell>{community.description ? truncate(community.description, 50) : '-'}</Cell>
								<Cell>{authorName(authors, community.createdBy)}</Cell>
								<RowActions
									editHref={adminDialogHref(`/admin/communities/${community.id}/edit`, list)}
									deleteHref={adminDialogHref(`/admin/communities/${community.id}/delete`, list)}
									label={community.name}
								/>
							</tr>
						))}
					</AdminTable>
					<TablePager tab="communities" what="communities" list={list} />
				</>
			)}
		</section>
	)
}

export function EventsPanel({
	events,
	total,
	error,
	list,
	timeZone,
}: {
	events: EventJSON[]
	total: number | null
	error: string | null
	list: ListPlace
	timeZone: string
}) {
	const zone = useTimeZone(timeZone)
	return (
		<section aria-label="Events" className="space-y-4">
			<PanelHeader
				title="Events"
				subtitle="Create, view, edit, and delete leadership events."
				action={<AddLink to={adminDialogHref('/admin/events/new', list)}>Add Event</AddLink>}
			/>
			<SearchForm tab="events" q={list.q} placeholder="Search events..." />
			{error ? (
				<LoadError retryHref={adminTabHref('events', list)}>Error loading events: {error}</LoadError>
			) : (
				<>
					<AdminTable
						caption="Events"
						columns={['Title', 'Description', 'Location', 'Start Time', 'End Time', 'Actions']}
					>
						{events.length === 0 ? <EmptyRow columns={6}>No events found.</EmptyRow> : null}
						{events.map((event) => (
							<tr key={event.id}>
								{/* Titles get the room to stay on one or two lines; the times break between date and hour instead. */}
								<Cell className="min-w-48 font-medium text-gray-900">{event.title}</Cell>
								<Cell className="min-w-48">
									{event.description ? truncate(event.description, 50) : 'No description'}
								</Cell>
								<Cell>{event.location || 'Online'}</Cell>
								<Cell>
									<EventTime value={event.startTime} zone={zone} />
								</Cell>
								<Cell>{event.endTime ? <EventTime value={event.endTime} zone={zone} /> : 'Not specified'}</Cell>
								<RowActions
									editHref={adminDialogHref(`/admin/events/${event.id}/edit`, list)}
									deleteHref={adminDialogHref(`/admin/events/${event.id}/delete`, list)}
									label={event.title}
								/>
							</tr>
						))}
					</AdminTable>
					<TablePager tab="events" what="events" list={list} />
					<TableFooter>
						{total ?? events.length} events total <span className="text-gray-500">· times in {zone}</span>
					</TableFooter>
				</>
			)}
		</section>
	)
}

/** 'Jan 15, 2031, 10:00 AM', drawn as the date over the hour: two short lines instead of one wide column. */
function EventTime({ value, zone }: { value: string; zone: string }) {
	return (
		<time dateTime={value} className="block">
			<span className="block whitespace-nowrap">{formatDate(value, zone)},</span>{' '}
			<span className="block whitespace-nowrap text-gray-500">{formatTime(value, zone)}</span>
		</time>
	)
}

export function ResourcesPanel({
	resources,
	error,
	list,
}: {
	resources: ResourceJSON[]
	error: string | null
	list: ListPlace
}) {
	return (
		<section aria-label="Resources" className="space-y-4">
			<PanelHeader
				title="Resources"
				subtitle="Add, edit and remove downloadable resources."
				action={<AddLink to={adminDialogHref('/admin/resources/new', list)}>Add Resource</AddLink>}
			/>
			<SearchForm tab="resources" q={list.q} placeholder="Search resources..." />
			{error ? (
				<LoadError retryHref={adminTabHref('resources', list)}>Error loading resources: {error}</LoadError>
			) : (
				<>
					<AdminTable caption="Resources" columns={['ID', 'Title', 'Type', 'URL', 'Actions']}>
						{resources.length === 0 ? <EmptyRow columns={5}>No resources found</EmptyRow> : null}
						{resources.map((resource) => (
							<tr key={resource.id}>
								<Cell className="tabular-nums text-gray-500">{resource.id}</Cell>
								<Cell className="font-medium text-gray-900">{resource.title}</Cell>
								<Cell>
									<Badge tone="brand">{resourceTypeLabel(resource.type)}</Badge>
								</Cell>
								<Cell>
									<a
										href={resource.url}
										target="_blank"
										rel="noopener noreferrer"
										title={resource.url}
										className="text-brand-700 underline-offset-2 hover:underline"
									>
										{truncate(resource.url, 30)}
									</a>
								</Cell>
								<RowActions
									editHref={adminDialogHref(`/admin/resources/${resource.id}/edit`, list)}
									deleteHref={adminDialogHref(`/admin/resources/${resource.id}/delete`, list)}
									label={resource.title}
								/>
							</tr>
						))}
					</AdminTable>
					<TablePager tab="resources" what="resources" list={list} />
				</>
			)}
		</section>
	)
}
