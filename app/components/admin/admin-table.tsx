import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import {
	Children,
	cloneElement,
	isValidElement,
	useEffect,
	useId,
	useRef,
	type ReactElement,
	type ReactNode,
	type TdHTMLAttributes,
} from 'react'
import { Icon, type IconName } from '~/components/ui/icon'
import { ADMIN_LIMITS } from '~/lib/admin-fields'
import { type AdminTab } from '~/lib/admin-panel'

/** The building blocks every admin tab shares: header, search, table, row actions, footer, load error. */

export function PanelHeader({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
	return (
		<div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
			<div>
				<h2 className="text-lg font-semibold text-gray-900">{title}</h2>
				{subtitle ? <p className="mt-0.5 text-sm text-gray-600">{subtitle}</p> : null}
			</div>
			{action ? <div className="flex shrink-0 gap-2">{action}</div> : null}
		</div>
	)
}

const buttonLinkClass =
	'inline-flex items-center justify-center gap-1.5 rounded-md px-3.5 py-2 text-sm font-semibold shadow-sm focus-visible:outline-2'

/** The "Add ..." button: a link to the add dialog's route. */
export function AddLink({ to, children }: { to: string; children: ReactNode }) {
	return (
		<Link to={to} preventScrollReset className={`${buttonLinkClass} bg-brand-600 text-white hover:bg-brand-700`}>
			<span aria-hidden="true">+</span>
			{children}
		</Link>
	)
}

/** `compact`: the smaller size of a table row's buttons, so a row keeps its text on one line. */
export function SecondaryLink({
	to,
	label,
	compact = false,
	children,
}: {
	to: string
	label?: string
	compact?: boolean
	children: ReactNode
}) {
	const size = compact
		? 'inline-flex items-center justify-center rounded-md px-2 py-1.5 text-xs font-semibold shadow-sm'
		: buttonLinkClass
	return (
		<Link
			to={to}
			preventScrollReset
			aria-label={label}
			className={`${size} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
		>
			{children}
		</Link>
	)
}

/**
 * A search box that is a GET form (it works without JavaScript); with
 * JavaScript it also searches as you type.
 */
export function SearchForm({ tab, q, placeholder }: { tab: AdminTab; q: string; placeholder: string }) {
	const submit = useSubmit()
	const timer = useRef<ReturnType<typeof setTimeout>>()
	const inputId = useId()
	// A search still waiting to be sent is dropped once the page has moved on (Search pressed, a dialog
	// opened): sent late, it would navigate away from where the user now is.
	const location = useLocation()
	const currentKey = useRef(location.key)
	currentKey.current = location.key
	useEffect(() => () => clearTimeout(timer.current), [])
	return (
		<Form
			method="get"
			action="/admin"
			role="search"
			aria-label={placeholder.replace(/\.+$/, '')}
			preventScrollReset
			className="flex w-full max-w-md gap-2"
			onChange={(event) => {
				const form = event.currentTarget
				const typedAt = currentKey.current
				clearTimeout(timer.current)
				timer.current = setTimeout(() => {
					if (currentKey.current === typedAt) submit(form, { replace: true, preventScrollReset: true })
				}, 300)
			}}
			onSubmit={() => clearTimeout(timer.current)}
		>
			<input type="hidden" name="tab" value={tab} />
			<label htmlFor={inputId} className="sr-only">
				{placeholder}
			</label>
			<input
				id={inputId}
				type="search"
				name="q"
				defaultValue={q}
				placeholder={placeholder}
				maxLength={ADMIN_LIMITS.search}
				className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
			/>
			<button
				type="submit"
				className={`${buttonLinkClass} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
			>
				Search
			</button>
		</Form>
	)
}

/**
 * A wide table scrolls sideways inside its frame. The frame can take the
 * keyboard focus, so the arrow keys scroll it too when no cell holds a link
 * or a button (the audit log), as WCAG's keyboard rule asks.
 *
 * On a phone (below `md`) each row is drawn as a card instead (the
 * .admin-table rules in tailwind.css, docs/decisions/209): its title (the
 * first column that is not the ID) on top, every other cell under its
 * column's name, and the actions at its foot, so whose row an action is for
 * is always beside it. The rows' cells are told their column's name here.
 */
export function AdminTable({
	caption,
	columns,
	children,
}: {
	caption: string
	columns: string[]
	children: ReactNode
}) {
	return (
		<div
			role="region"
			aria-label={`${caption} table`}
			tabIndex={0}
			className="overflow-x-auto rounded-lg border border-gray-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
		>
			<table className="admin-table min-w-full divide-y divide-gray-200 text-sm">
				<caption className="sr-only">{caption}</caption>
				<thead className="bg-gray-50">
					<tr>
						{columns.map((column) => (
							<th
								key={column}
								scope="col"
								className={`px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-gray-600 ${column === 'Actions' ? 'text-right' : ''}`}
							>
								{column}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="divide-y divide-gray-100 bg-white">{labelCells(children, columns)}</tbody>
			</table>
		</div>
	)
}

/**
 * Gives each cell of each row its column's name (`data-label`), and the
 * row's title cell `data-row-title`, for the phone's cards. Rows that are
 * not plain <tr> elements (EmptyRow) are left as they are.
 */
function labelCells(rows: ReactNode, columns: string[]): ReactNode {
	const titleColumn = columns.findIndex((column) => column !== 'ID')
	return Children.map(rows, (row) => {
		if (!isValidElement<{ children?: ReactNode }>(row) || row.type !== 'tr') return row
		let index = 0
		const cells = Children.map(row.props.children, (cell) => {
			if (!isValidElement(cell)) return cell
			const column = index++
			return cloneElement(cell as ReactElement<Record<string, unknown>>, {
				'data-label': columns[column],
				'data-row-title': column === titleColumn ? '' : undefined,
			})
		})
		return cloneElement(row, undefined, cells)
	})
}

/** Middle-aligned like the rows' buttons, so a row's text and its actions line up (docs/decisions/067). */
export function Cell({ children, className = '', ...cell }: TdHTMLAttributes<HTMLTableCellElement>) {
	return (
		<td {...cell} className={`px-3 py-3 align-middle text-gray-700 ${className}`}>
			{children}
		</td>
	)
}

export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
	return (
		<tr>
			<td colSpan={columns} className="px-4 py-10 text-center text-gray-500">
				{children}
			</td>
		</tr>
	)
}

const iconLinkClass = 'inline-flex h-8 w-8 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100'

/** Edit and delete links of a row; their accessible names say which row. */
export function RowActions({
	editHref,
	deleteHref,
	label,
	links = [],
	...cell
}: {
	editHref: string
	deleteHref: string
	label: string
	/** Dialogs of the row's own before Edit (a video's captions): named '{label} of {row}'. */
	links?: ReadonlyArray<{ href: string; label: string; icon: IconName }>
} & TdHTMLAttributes<HTMLTableCellElement>) {
	return (
		<td {...cell} className="whitespace-nowrap px-3 py-2 text-right align-middle">
			{links.map((link) => (
				<Link
					key={link.href}
					to={link.href}
					preventScrollReset
					aria-label={`${link.label} of ${label}`}
					title={link.label}
					className={`${iconLinkClass} hover:text-brand-700`}
				>
					<Icon name={link.icon} className="h-4 w-4" />
				</Link>
			))}
			<Link
				to={editHref}
				preventScrollReset
				aria-label={`Edit ${label}`}
				title="Edit"
				className={`${iconLinkClass} hover:text-brand-700`}
			>
				<svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
					<path d="M13.6 2.6a2 2 0 0 1 2.8 0l1 1a2 2 0 0 1 0 2.8l-9.3 9.3a2 2 0 0 1-.9.5l-3.5 1a.6.6 0 0 1-.7-.7l1-3.5a2 2 0 0 1 .5-.9l9.1-9.5Z" />
				</svg>
			</Link>
			<Link
				to={deleteHref}
				preventScrollReset
				aria-label={`Delete ${label}`}
				title="Delete"
				className={`${iconLinkClass} hover:text-red-700`}
			>
				<svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
					<path d="M8 2a1 1 0 0 0-1 1v1H4a1 1 0 0 0 0 2h12a1 1 0 1 0 0-2h-3V3a1 1 0 0 0-1-1H8Zm-3 6h10l-.7 8.1a2 2 0 0 1-2 1.9H7.7a2 2 0 0 1-2-1.9L5 8Z" />
				</svg>
			</Link>
		</td>
	)
}

export function TableFooter({ children }: { children: ReactNode }) {
	return <p className="text-sm text-gray-600">{children}</p>
}

/** product §8: a list that failed to load says so inline, with Try Again (a link to the same list). */
export function LoadError({ children, retryHref }: { children: ReactNode; retryHref: string }) {
	return (
		<div
			role="alert"
			className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
		>
			<div>{children}</div>
			<SecondaryLink to={retryHref}>Try Again</SecondaryLink>
		</div>
	)
}
