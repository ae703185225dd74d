import { scaleLinear, scalePoint } from 'd3-scale'
import { line } from 'd3-shape'
import { CHART_HEIGHT, CHART_WIDTH, ChartFigure, ChartTable, MARGIN, SERIES_COLORS, ValueAxis } from './chart-frame'

/**
 * A line chart of one or more series over the same labels (weeks, months),
 * drawn on the server as SVG with d3-scale (a point scale along, a linear
 * scale up) and d3-shape (the line paths), with a legend and a table of the
 * same figures under it.
 */
export function LineChart({
	title,
	description,
	labelHeading,
	labels,
	series,
	format = (value) => String(value),
}: {
	title: string
	description: string
	labelHeading: string
	labels: string[]
	series: Array<{ name: string; values: number[] }>
	format?: (value: number) => string
}) {
	const width = CHART_WIDTH
	const height = CHART_HEIGHT
	const x = scalePoint<string>().domain(labels).range([MARGIN.left + 8, width - MARGIN.right - 8])
	const y = scaleLinear()
		.domain([0, Math.max(1, ...series.flatMap((item) => item.values))])
		.nice()
		.range([height - MARGIN.bottom, MARGIN.top])
	const ticks = y.ticks(4).filter((tick) => Number.isInteger(tick))
	const path = line<number>()
		.x((_, index) => x(labels[index]!) ?? 0)
		.y((value) => y(value))
	const labelEvery = labels.length > 8 ? 2 : 1
	return (
		<ChartFigure
			title={title}
			description={description}
			table={
				<ChartTable
					caption={title}
					labelHeading={labelHeading}
					labels={labels}
					columns={series.map((item) => ({ heading: item.name, values: item.values.map(format) }))}
				/>
			}
		>
			{({ titleId, descriptionId }) => (
				<div className="space-y-2">
					<svg role="img" aria-labelledby={titleId} aria-describedby={descriptionId} viewBox={`0 0 ${width} ${height}`} className="h-auto w-full min-w-[28rem]">
						<ValueAxis ticks={ticks} y={y} width={width} format={format} />
						{labels.map((label, index) =>
							index % labelEvery === 0 ? (
								<text key={label} x={x(label)} y={height - MARGIN.bottom + 16} textAnchor="middle" fontSize={11} fill="#4b5563" aria-hidden="true">
									{label}
								</text>
							) : null,
						)}
						{series.map((item, index) => {
							const color = SERIES_COLORS[index % SERIES_COLORS.length]!
							return (
								<g key={item.name}>
									<path d={path(item.values) ?? undefined} fill="none" stroke={color} strokeWidth={2} />
									{item.values.map((value, point) => (
										<circle key={labels[point]} cx={x(labels[point]!)} cy={y(value)} r={3} fill={color}>
											<title>{`${item.name}, ${labels[point]}: ${format(value)}`}</title>
										</circle>
									))}
								</g>
							)
						})}
					</svg>
					{series.length > 1 ? (
						<ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
							{series.map((item, index) => (
								<li key={item.name} className="flex items-center gap-1.5">
									<span className="inline-block h-2.5 w-2.5 rounded-full" style={{ backgroundColor: SERIES_COLORS[index % SERIES_COLORS.length] }} />
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
