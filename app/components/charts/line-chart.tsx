import { CHART_HEIGHT, CHART_MARGIN, CHART_WIDTH, type LineChartLayout } from '~/lib/chart-layout'
import { ChartFigure, ChartTable, SERIES_COLORS, ValueAxis } from '~/components/charts/chart-frame'

/**
 * A line chart of one or more series over the same labels (weeks, months), as
 * SVG drawn from a layout the server computed with d3
 * (`web/chart-layout.server.ts`: a point scale along, a linear scale up, the
 * line paths), with a legend and a table of the same figures under it.
 */
export function LineChart({
	title,
	description,
	labelHeading,
	layout,
	format = (value) => String(value),
}: {
	title: string
	description: string
	labelHeading: string
	layout: LineChartLayout
	format?: (value: number) => string
}) {
	const width = CHART_WIDTH
	const height = CHART_HEIGHT
	const labels = layout.labels.map((label) => label.text)
	return (
		<ChartFigure
			title={title}
			description={description}
			table={
				<ChartTable
					caption={title}
					labelHeading={labelHeading}
					labels={labels}
					columns={layout.series.map((item) => ({ heading: item.name, values: item.values.map(format) }))}
				/>
			}
		>
			{({ titleId, descriptionId }) => (
				<div className="space-y-2">
					<svg
						role="img"
						aria-labelledby={titleId}
						aria-describedby={descriptionId}
						viewBox={`0 0 ${width} ${height}`}
						className="h-auto w-full min-w-[28rem]"
					>
						<ValueAxis ticks={layout.ticks} width={width} format={format} />
						{layout.labels.map((label) =>
							label.shown ? (
								<text
									key={label.text}
									x={label.x}
									y={height - CHART_MARGIN.bottom + 16}
									textAnchor="middle"
									fontSize={11}
									fill="#4b5563"
									aria-hidden="true"
								>
									{label.text}
								</text>
							) : null,
						)}
						{layout.series.map((item, index) => {
							const color = SERIES_COLORS[index % SERIES_COLORS.length]!
							return (
								<g key={item.name}>
									<path d={item.d ?? undefined} fill="none" stroke={color} strokeWidth={2} />
									{item.points.map((point, at) => (
										<circle key={labels[at]} cx={point.x} cy={point.y} r={3} fill={color}>
											<title>{`${item.name}, ${labels[at]}: ${format(item.values[at]!)}`}</title>
										</circle>
									))}
								</g>
							)
						})}
					</svg>
					{layout.series.length > 1 ? (
						<ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
							{layout.series.map((item, index) => (
								<li key={item.name} className="flex items-center gap-1.5">
									<span
										className="inline-block h-2.5 w-2.5 rounded-full"
										style={{ backgroundColor: SERIES_COLORS[index % SERIES_COLORS.length] }}
									/>
									{item.name}
								</li>
							))}
						</ul>
					) : null}
				</div>
			)}
		</ChartFigure>
	)
}
