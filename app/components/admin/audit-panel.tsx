import { Form, Link } from '@remix-run/react'
import { type AuditEntryJSON } from '#models/audit-entry'
import { useTimeZone } from '~/components/use-time-zone'
import { AUDIT_KINDS, AUDIT_KIND_LABELS, isAuditKind } from '~/lib/audit'
import { formatDateTime } from '~/lib/dates'
import { AdminTable, Cell, EmptyRow, LoadError, PanelHeader } from '~/components/admin/admin-table'

export interface AuditFilterValues {
	/** '' for everyone, 'system', or an actor's id. */
	actor: string
	kind: string
}

/** The address of a page of the log with its filter (a GET link: it works without JavaScript). */
export function auditHref(filter: AuditFilterValues, before?: number | null): string {
	const params = new URLSearchParams({ tab: 'audit' })
	if (filter.actor) params.set('actor', filter.actor)
	if (filter.kind) params.set('kind', filter.kind)
	if (before) params.set('before', String(before))
	return `/admin?${params}`
}

function describeValues(values: Record<string, unknown> | null): string {
	if (!values) return ''
	return Object.entries(values)
		.map(
			([field, value]) =>
				`${field}: ${value === null || value === undefined || value === '' ? '(none)' : String(value)}`,
		)
		.join(', ')
}

/** What the Audit log tab is drawn from (its loader: routes/admin/__insight-tabs.server.ts). */
export interface AuditPanelData {
	entries: AuditEntryJSON[]
	nextBefore: number | null
	actors: Array<{ id: number; name: string }>
	filter: AuditFilterValues
	/** Whether this is a later page (then 'Newest entries' leads back). */
	paged: boolean
	error: string | null
}

/**
 * product §2 "Audit log" (admins): who changed what, newest first, 50 a
 * page, filtered by actor and kind. Entries are only shown: nothing here
 * changes one.
 */
export function AuditPanel({
	entries,
	nextBefore,
	actors,
	filter,
	paged,
	error,
	timeZone,
}: AuditPanelData & { timeZone: string }) {
	const zone = useTimeZone(timeZone)
	return (
		<section aria-label="Audit log" className="space-y-4">
			<PanelHeader
				title="Audit log"
				subtitle="Every change made by admins, content managers and moderators, and the automatic changes of members' access."
			/>
			<Form method="get" action="/admin" aria-label="Filter the audit log" className="flex flex-wrap items-end gap-3">
				<input type="hidden" name="tab" value="audit" />
				<div>
					<label htmlFor="audit-actor" className="mb-1 block text-sm font-medium text-gray-700">
						Who
					</label>
					<select
						id="audit-actor"
						name="actor"
						defaultValue={filter.actor}
						className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
					>
						<option value="">Everyone</option>
						<option value="system">System</option>
						{actors.map((actor) => (
							<option key={actor.id} value={String(actor.id)}>
								{actor.name}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="audit-kind" className="mb-1 block text-sm font-medium text-gray-700">
						What
					</label>
					<select
						id="audit-kind"
						name="kind"
						defaultValue={isAuditKind(filter.kind) ? filter.kind : ''}
						className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
					>
						<option value="">Everything</option>
						{AUDIT_KINDS.map((kind) => (
							<option key={kind} value={kind}>
								{AUDIT_KIND_LABELS[kind]}
							</option>
						))}
					</select>
				</div>
				<button
					type="submit"
					className="rounded-md border border-gray-300 bg-white px-3.5 py-2 text-sm font-semibold text-gray-700 shadow-sm hover:bg-gray-50"
				>
					Filter
				</button>
				{filter.actor || filter.kind ? (
					<Link to="/admin?tab=audit" className="py-2 text-sm font-medium text-brand-700 hover:underline">
						Clear filter
					</Link>
				) : null}
			</Form>
			{error ? (
				<LoadError retryHref={auditHref(filter)}>{`Error loading the audit log: ${error}`}</LoadError>
			) : (
				<>
					<AdminTable caption="Audit log" columns={['When', 'Who', 'What', 'Target', 'Change']}>
						{entries.length === 0 ? <EmptyRow columns={5}>No entries.</EmptyRow> : null}
						{entries.map((entry) => (
							<tr key={entry.id}>
								<Cell className="whitespace-nowrap">
									<time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, zone)}</time>
								</Cell>
								<Cell>
									<span className="font-medium text-gray-900">{entry.actor.name}</span>
									{entry.actor.role ? (
										<span className="block text-xs text-gray-600">{entry.actor.role.replace(/_/g, ' ')}</span>
									) : null}
								</Cell>
								<Cell className="whitespace-nowrap">
									{isAuditKind(entry.kind) ? AUDIT_KIND_LABELS[entry.kind] : entry.kind}
								</Cell>
								<Cell>{entry.target.label}</Cell>
								<Cell>
									<span>{entry.summary}</span>
									{entry.before || entry.after ? (
										<span className="mt-1 block text-xs text-gray-600">
											{entry.before ? `Before: ${describeValues(entry.before)}` : ''}
											{entry.before && entry.after ? ' · ' : ''}
											{entry.after ? `After: ${describeValues(entry.after)}` : ''}
										</span>
									) : null}
								</Cell>
							</tr>
						))}
					</AdminTable>
					<nav aria-label="Audit log pages" className="flex justify-between">
						{paged ? (
							<Link to={auditHref(filter)} className="text-sm font-medium text-brand-700 hover:underline">
								Newest entries
							</Link>
						) : (
							<span />
						)}
						{nextBefore ? (
							<Link to={auditHref(filter, nextBefore)} className="text-sm font-medium text-brand-700 hover:underline">
								Older entries
							</Link>
						) : null}
					</nav>
				</>
			)}
		</section>
	)
}
