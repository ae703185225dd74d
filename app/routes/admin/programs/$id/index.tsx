import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { AddLink, AdminTable, Cell, EmptyRow, SecondaryLink } from '~/components/admin/admin-table'
import { useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { ITEM_KIND_ICONS } from '~/components/programs/program-card'
import { Badge } from '~/components/ui/badge'
import { StatusButton } from '~/components/ui/button'
import { BackLink } from '~/components/ui/back-link'
import { Icon } from '~/components/ui/icon'
import { ActionToast } from '~/components/ui/toaster'
import { truncate } from '~/lib/admin-panel'
import { formatDate } from '~/lib/dates'
import { ITEM_KIND_LABELS, PROGRAM_ITEM_KINDS, describeUnlock } from '~/lib/programs'
import { handleOutlineForm, loadOutlinePage } from '~/routes/admin/programs/__outline.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(data ? `Outline: ${data.outline.program.title}` : 'Program outline', 'Modules and items of a program.')

/**
 * /admin/programs/{id} (docs/decisions/153): a program's outline as staff
 * edit it, module by module: plain up/down forms to reorder, and links to
 * the dialogs that add, edit and remove modules and items (drawn over this
 * page), and the certificates issued, which admins may revoke. Admins and
 * content managers; others go to /dashboard.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
	return loadOutlinePage(request, params)
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleOutlineForm(request, params)
}

type Outline = ReturnType<typeof useLoaderData<typeof loader>>['outline']

export default function ProgramOutlinePage() {
	const { outline, certificates, canRevoke, timeZone } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const { program, modules } = outline
	const base = `/admin/programs/${program.id}`
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<BackLink to="/admin?tab=programs">Programs</BackLink>
			<header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
				<div className="space-y-1">
					<p className="text-sm font-medium text-gray-500">Program outline</p>
					<h1 className="text-2xl font-bold text-gray-900">{program.title}</h1>
					<Badge tone={program.published ? 'green' : 'amber'}>{program.published ? 'Published' : 'Draft'}</Badge>
					{program.summary ? <p className="text-gray-600">{program.summary}</p> : null}
				</div>
				<div className="flex flex-wrap gap-2">
					<SecondaryLink to={`${base}/edit`}>Edit details</SecondaryLink>
					<SecondaryLink to={`/programs/${program.id}`}>View as a member</SecondaryLink>
					<PublishForm published={program.published} />
				</div>
			</header>

			<section aria-labelledby="modules-heading" className="space-y-4">
				<div className="flex items-center justify-between gap-3">
					<h2 id="modules-heading" className="text-lg font-semibold text-gray-900">
						Modules
					</h2>
					<AddLink to={`${base}/modules/new`}>Add Module</AddLink>
				</div>
				{modules.length === 0 ? (
					<p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">
						No modules yet. Add the first one.
					</p>
				) : null}
				<ol className="space-y-4">
					{modules.map((module, index) => (
						<ModuleSection
							key={module.id}
							base={base}
							module={module}
							number={index + 1}
							first={index === 0}
							last={index === modules.length - 1}
							timeZone={timeZone}
						/>
					))}
				</ol>
			</section>

			<section aria-labelledby="certificates-heading" className="space-y-3">
				<h2 id="certificates-heading" className="text-lg font-semibold text-gray-900">
					Certificates issued
				</h2>
				<AdminTable caption="Certificates issued" columns={['Holder', 'Issued', 'Status', 'Actions']}>
					{certificates.length === 0 ? <EmptyRow columns={4}>No certificates yet.</EmptyRow> : null}
					{certificates.map((certificate) => (
						<tr key={certificate.id}>
							<Cell className="font-medium text-gray-900">
								<Link to={`/certificates/${certificate.code}`} className="hover:underline">
									{certificate.recipientName}
								</Link>
							</Cell>
							<Cell>{formatDate(certificate.issuedAt, timeZone)}</Cell>
							<Cell>
								{certificate.revokedAt ? (
									<Badge tone="red">{`Revoked ${formatDate(certificate.revokedAt, timeZone)}`}</Badge>
								) : (
									<Badge tone="green">Valid</Badge>
								)}
							</Cell>
							<td className="whitespace-nowrap px-3 py-2 text-right align-middle">
								{canRevoke && !certificate.revokedAt ? (
									<SecondaryLink
										compact
										to={`${base}/certificates/${certificate.id}/revoke`}
										label={`Revoke the certificate of ${certificate.recipientName}`}
									>
										Revoke
									</SecondaryLink>
								) : null}
							</td>
						</tr>
					))}
				</AdminTable>
				{canRevoke ? null : <p className="text-sm text-gray-600">Only admins revoke certificates.</p>}
			</section>
			<ActionToast toast={actionData && 'toast' in actionData ? actionData.toast : null} />
			<Outlet />
		</div>
	)
}

function PublishForm({ published }: { published: boolean }) {
	const intent = published ? 'unpublish' : 'publish'
	const pending = useIsSubmitting(intent)
	return (
		<Form method="post" preventScrollReset>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={intent} />
			<StatusButton pending={pending} pendingLabel="Saving..." variant={published ? 'secondary' : 'primary'}>
				{published ? 'Unpublish' : 'Publish'}
			</StatusButton>
		</Form>
	)
}

/** A plain form that moves a module or an item one place up or down. */
function MoveButton({
	intent,
	id,
	direction,
	label,
}: {
	intent: 'move-module' | 'move-item'
	id: number
	direction: 'up' | 'down'
	label: string
}) {
	return (
		<Form method="post" preventScrollReset className="inline">
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={id} />
			<input type="hidden" name="direction" value={direction} />
			{/* The size of the row's other actions (SecondaryLink compact), so a row keeps its height. */}
			<button
				type="submit"
				aria-label={label}
				title={direction === 'up' ? 'Move up' : 'Move down'}
				className="inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-2 py-1.5 text-xs font-semibold text-gray-700 shadow-sm hover:bg-gray-50"
			>
				{direction === 'up' ? 'Up' : 'Down'}
			</button>
		</Form>
	)
}

function ModuleSection({
	base,
	module,
	number,
	first,
	last,
	timeZone,
}: {
	base: string
	module: Outline['modules'][number]
	number: number
	first: boolean
	last: boolean
	timeZone: string
}) {
	const headingId = `module-${module.id}`
	return (
		<li>
			<section
				aria-labelledby={headingId}
				className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
			>
				<div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
					<div>
						<p className="text-xs font-semibold uppercase tracking-wide text-gray-500">{`Module ${number}`}</p>
						<h3 id={headingId} className="text-base font-semibold text-gray-900">
							{module.title}
						</h3>
						<p className="text-sm text-gray-600">{describeUnlock(module.unlock, number, timeZone)}</p>
						{module.description ? <p className="mt-1 text-sm text-gray-600">{module.description}</p> : null}
					</div>
					<div className="flex flex-wrap items-center gap-1.5">
						{first ? null : (
							<MoveButton
								intent="move-module"
								id={module.id}
								direction="up"
								label={`Move module "${module.title}" up`}
							/>
						)}
						{last ? null : (
							<MoveButton
								intent="move-module"
								id={module.id}
								direction="down"
								label={`Move module "${module.title}" down`}
							/>
						)}
						<SecondaryLink compact to={`${base}/modules/${module.id}/edit`} label={`Edit module "${module.title}"`}>
							Edit
						</SecondaryLink>
						<SecondaryLink compact to={`${base}/modules/${module.id}/delete`} label={`Delete module "${module.title}"`}>
							Delete
						</SecondaryLink>
					</div>
				</div>
				<AdminTable caption={`Items of module ${number}`} columns={['Kind', 'Title', 'Details', 'Actions']}>
					{module.items.length === 0 ? <EmptyRow columns={4}>No items yet.</EmptyRow> : null}
					{module.items.map((item, index) => (
						<tr key={item.id}>
							<Cell className="whitespace-nowrap">
								<span className="inline-flex items-center gap-1.5">
									<Icon name={ITEM_KIND_ICONS[item.kind]} className="h-4 w-4 text-gray-500" />
									{ITEM_KIND_LABELS[item.kind]}
								</span>
							</Cell>
							<Cell className="min-w-48 font-medium text-gray-900">{item.title}</Cell>
							<Cell className="text-gray-600">{itemDetails(item)}</Cell>
							<td className="whitespace-nowrap px-3 py-2 text-right align-middle">
								<span className="inline-flex flex-wrap justify-end gap-1.5">
									{first && index === 0 ? null : (
										<MoveButton intent="move-item" id={item.id} direction="up" label={`Move "${item.title}" up`} />
									)}
									{last && index === module.items.length - 1 ? null : (
										<MoveButton intent="move-item" id={item.id} direction="down" label={`Move "${item.title}" down`} />
									)}
									<SecondaryLink compact to={`${base}/items/${item.id}/edit`} label={`Edit "${item.title}"`}>
										Edit
									</SecondaryLink>
									<SecondaryLink compact to={`${base}/items/${item.id}/delete`} label={`Delete "${item.title}"`}>
										Delete
									</SecondaryLink>
								</span>
							</td>
						</tr>
					))}
				</AdminTable>
				<div className="flex flex-wrap items-center gap-2 text-sm">
					<span className="text-gray-600">Add to this module:</span>
					{PROGRAM_ITEM_KINDS.map((kind) => (
						<SecondaryLink
							key={kind}
							compact
							to={`${base}/modules/${module.id}/items/new?kind=${kind}`}
							label={`Add a ${ITEM_KIND_LABELS[kind].toLowerCase()} to module "${module.title}"`}
						>
							{ITEM_KIND_LABELS[kind]}
						</SecondaryLink>
					))}
				</div>
			</section>
		</li>
	)
}

function itemDetails(item: Outline['modules'][number]['items'][number]): string {
	switch (item.kind) {
		case 'lesson':
			return `Lesson #${item.videoId}${item.minutes ? ` · ${item.minutes} min` : ''}`
		case 'reading':
			return `${item.minutes ?? 1} min read`
		case 'reflection':
			return truncate(item.prompt ?? '', 80)
		case 'check':
			return `${item.questions.length} questions · pass mark ${item.passMark ?? 70}%`
	}
}
