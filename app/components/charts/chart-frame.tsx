import { useId, type ReactNode } from 'react'
import { CHART_MARGIN, type ChartTick } from '~/lib/chart-layout'

/**
 * The frame every chart shares (product §2 "Insights"): a titled figure
 * holding the SVG, drawn on the server, so it shows without JavaScript, and
 * under it a table of the same figures, for screen readers and for anyone
 * who wants the exact numbers. The geometry comes computed from the server
 * (`~/lib/chart-layout`): these components only draw it, with no d3.
 */

/** Colours for series, in order: distinguishable, and each at least 3:1 against white. */
export const SERIES_COLORS = ['#2554eb', '#d97706', '#059669', '#db2777', '#7c3aed', '#0891b2', '#b91c1c', '#4b5563']

export function ChartFigure({
	title,
	description,
	children,
	table,
}: {
	title: string
	/** One sentence saying what the chart shows (its accessible description). */
	description: string
	/** (ids) => the <svg>, labelled by the figure's title and description. */
	children: (ids: { titleId: string; descriptionId: string }) => ReactNode
	table: ReactNode
}) {
	const id = useId()
	const titleId = `${id}-title`
	const descriptionId = `${id}-description`
	return (
		<figure className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
			<figcaption>
				<h4 id={titleId} className="font-semibold text-gray-900">
					{title}
				</h4>
				<p id={descriptionId} className="text-sm text-gray-600">
					{description}
				</p>
			</figcaption>
			{/* Side by side on wide screens; the table scrolls within its box when it is long. */}
			<div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
				{/* A chart narrower than its smallest legible width scrolls sideways: focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
				<div
					role="region"
					aria-label={`${title}: the chart`}
					tabIndex={0}
					className="overflow-x-auto focus-visible:outline-offset-[-2px]"
				>
					{children({ titleId, descriptionId })}
				</div>
				{/* Focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
				<div
					role="region"
					aria-label={`${title}: the figures`}
					tabIndex={0}
					className="max-h-72 overflow-auto focus-visible:outline-offset-[-2px]"
				>
					{table}
				</div>
			</div>
		</figure>
	)
}

/** The figures of a chart as a table: one row per label, one column per series. */
export function ChartTable({
	caption,
	labelHeading,
	labels,
	columns,
}: {
	caption: string
	labelHeading: string
	labels: string[]
	columns: Array<{ heading: string; values: Array<string | number> }>
}) {
	return (
		<table className="min-w-full text-sm">
			<caption className="sr-only">{caption}</caption>
			<thead>
				<tr className="border-b border-gray-200 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
					<th scope="col" className="px-2 py-1.5">
						{labelHeading}
					</th>
					{columns.map((column) => (
						<th key={column.heading} scope="col" className="px-2 py-1.5 text-right">
							{column.heading}
						</th>
					))}
				</tr>
			</thead>
			<tbody className="divide-y divide-gray-100">
				{labels.map((label, row) => (
					<tr key={label}>
						<th scope="row" className="px-2 py-1 text-left font-normal text-gray-700">
							{label}
						</th>
						{columns.map((column) => (
							<td key={column.heading} className="px-2 py-1 text-right tabular-nums text-gray-900">
								{column.values[row]}
							</td>
						))}
					</tr>
				))}
			</tbody>
		</table>
	)
}

/** Horizontal grid lines and their values along the left side. */
export function ValueAxis({
	ticks,
	width,
	format = String,
}: {
	ticks: ChartTick[]
	width: number
	format?: (value: number) => string
}) {
	return (
		<g aria-hidden="true">
			{ticks.map((tick) => (
				<g key={tick.value} transform={`translate(0,${tick.y})`}>
					<line x1={CHART_MARGIN.left} x2={width - CHART_MARGIN.right} stroke="#e5e7eb" />
					<text x={CHART_MARGIN.left - 8} dy="0.32em" textAnchor="end" fontSize={11} fill="#4b5563">
						{format(tick.value)}
					</text>
				</g>
			))}
		</g>
	)
}
