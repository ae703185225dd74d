import { Link } from '@remix-run/react'
import { type AdminUserJSON } from '#models/index'
import { Badge, type BadgeTone } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Pager } from '~/components/ui/pager'
import { useTimeZone } from '~/components/use-time-zone'
import { adminDialogHref, adminTabHref, truncate, type AdminTab } from '~/lib/admin-panel'
import { roleLabel } from '~/lib/roles'
import {
	CATALOGUE,
	catalogueLabel,
	type CatalogueColumn,
	type CatalogueKind,
	type CatalogueRow,
} from '~/lib/catalogue-kinds'
import { formatDate, formatTime } from '~/lib/dates'
import { MediaStateCell } from '~/components/admin/media-state'
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

/** The list tabs of the administration panel (product §2): Users, and one panel for every catalogue kind. */

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

/** A catalogue kind's tab (app/lib/catalogue-kinds.ts): its header, search, table, pages and footer. */
export function CataloguePanel({
	kind,
	rows,
	authors,
	total,
	error,
	list,
	timeZone,
}: {
	kind: CatalogueKind
	rows: CatalogueRow[]
	authors: Record<number, string>
	total: number | null
	error: string | null
	list: ListPlace
	timeZone: string
}) {
	const { tab, panel, columns } = CATALOGUE[kind]
	const zone = useTimeZone(timeZone)
	return (
		<section aria-label={panel.heading} className="space-y-4">
			<PanelHeader
				title={panel.heading}
				subtitle={panel.subtitle}
				action={<AddLink to={adminDialogHref(`/admin/${kind}/new`, list)}>{panel.addLabel}</AddLink>}
			/>
			<SearchForm tab={tab} q={list.q} placeholder={panel.searchPlaceholder} />
			{error ? (
				<LoadError retryHref={adminTabHref(tab, list)}>
					{panel.loadError}
					{error}
				</LoadError>
			) : (
				<>
					<AdminTable caption={panel.heading} columns={[...columns.map((column) => column.header), 'Actions']}>
						{rows.length === 0 ? <EmptyRow columns={columns.length + 1}>{panel.empty}</EmptyRow> : null}
						{rows.map((row) => (
							<tr key={row.id}>
								{columns.map((column) => (
									<ColumnCell
										key={column.header}
										kind={kind}
										column={column}
										row={row}
										authors={authors}
										zone={zone}
										list={list}
									/>
								))}
								<RowActions
									links={CATALOGUE[kind].rowLinks.map((link) => ({
										href: adminDialogHref(`/admin/${kind}/${row.id}/${link.path}`, list),
										label: link.label,
										icon: link.icon,
									}))}
									editHref={adminDialogHref(`/admin/${kind}/${row.id}/edit`, list)}
									deleteHref={adminDialogHref(`/admin/${kind}/${row.id}/delete`, list)}
									label={catalogueLabel(kind, row)}
								/>
							</tr>
						))}
					</AdminTable>
					<TablePager tab={tab} what={kind} list={list} />
					{total === null ? null : (
						<TableFooter>
							{total}
							{` ${panel.total} `}
							{columns.some((column) => column.show === 'time') ? (
								<span className="text-gray-500">· times in {zone}</span>
							) : null}
						</TableFooter>
					)}
				</>
			)}
		</section>
	)
}

/** One cell of a catalogue row, as its column says. */
function ColumnCell({
	kind,
	column,
	row,
	authors,
	zone,
	list,
}: {
	kind: CatalogueKind
	column: CatalogueColumn
	row: CatalogueRow
	authors: Record<number, string>
	zone: string
	list: ListPlace
}) {
	const value = 'field' in column ? (row as unknown as Record<string, unknown>)[column.field] : null
	const text = value === null || value === undefined || value === '' ? null : String(value)
	switch (column.show) {
		case 'id':
			return <Cell className="tabular-nums text-gray-500">{row.id}</Cell>
		case 'label': {
			const page = CATALOGUE[kind].page
			return (
				<Cell className={`${column.wide ? 'min-w-48 ' : ''}font-medium text-gray-900`}>
					{page ? (
						// The entity's own page (a program's outline), named for screen readers as what it is.
						<Link
							to={`/admin/${kind}/${row.id}`}
							aria-label={`${page} of ${catalogueLabel(kind, row)}`}
							className="text-brand-700 underline-offset-2 hover:underline"
						>
							{catalogueLabel(kind, row)}
						</Link>
					) : (
						catalogueLabel(kind, row)
					)}
				</Cell>
			)
		}
		case 'author':
			return <Cell>{authors[row.createdBy] ?? `User #${row.createdBy}`}</Cell>
		case 'text': {
			const shown = text === null ? column.empty : truncate(column.format?.(text) ?? text, column.truncate ?? Infinity)
			const className = [column.wide && 'min-w-48', column.nowrap && 'whitespace-nowrap'].filter(Boolean).join(' ')
			return <Cell className={className}>{shown}</Cell>
		}
		case 'time':
			return <Cell>{text === null ? column.empty : <DateOverHour value={text} zone={zone} />}</Cell>
		case 'badge':
			return <Cell>{text === null ? null : <Badge tone="brand">{column.format(text)}</Badge>}</Cell>
		case 'link':
			return (
				<Cell>
					{text === null ? null : (
						<a
							href={text}
							target="_blank"
							rel="noopener noreferrer"
							title={text}
							className="text-brand-700 underline-offset-2 hover:underline"
						>
							{truncate(text, column.truncate)}
						</a>
					)}
				</Cell>
			)
		case 'media': {
			const media = 'media' in row ? row.media : null
			return (
				<Cell>
					{media ? (
						<MediaStateCell
							videoId={row.id}
							initial={media}
							retryAction={adminDialogHref(`/admin/${kind}/${row.id}/retry`, list)}
						/>
					) : (
						column.empty
					)}
				</Cell>
			)
		}
	}
}

/** 'Jan 15, 2031, 10:00 AM', drawn as the date over the hour: two short lines instead of one wide column. */
function DateOverHour({ value, zone }: { value: string; zone: string }) {
	return (
		<time dateTime={value} className="block">
			<span className="block whitespace-nowrap">{formatDate(value, zone)},</span>{' '}
			<span className="block whitespace-nowrap text-gray-500">{formatTime(value, zone)}</span>
		</time>
	)
}
