import { scaleBand, scaleLinear } from 'd3-scale'
import { CHART_HEIGHT, CHART_WIDTH, ChartFigure, ChartTable, MARGIN, SERIES_COLORS, ValueAxis } from './chart-frame'

/**
 * A bar chart drawn on the server as SVG: d3-scale places the bars (a band
 * scale for the labels, a linear scale for the values, with "nice" round
 * ticks), and a table under it gives the same figures.
 */
export function BarChart({
	title,
	description,
	labelHeading,
	valueHeading,
	data,
	format = (value) => String(value),
	color = SERIES_COLORS[0]!,
}: {
	title: string
	description: string
	labelHeading: string
	valueHeading: string
	data: Array<{ label: string; value: number }>
	format?: (value: number) => string
	color?: string
}) {
	const width = CHART_WIDTH
	const height = CHART_HEIGHT
	const x = scaleBand<string>()
		.domain(data.map((item) => item.label))
		.range([MARGIN.left, width - MARGIN.right])
		.padding(0.2)
	const y = scaleLinear()
		.domain([0, Math.max(1, ...data.map((item) => item.value))])
		.nice()
		.range([height - MARGIN.bottom, MARGIN.top])
	const ticks = y.ticks(4).filter((tick) => Number.isInteger(tick) || !data.every((item) => Number.isInteger(item.value)))
	// Long series label every other bar, so the labels never overlap.
	const labelEvery = data.length > 8 ? 2 : 1
	return (
		<ChartFigure
			title={title}
			description={description}
			table={<ChartTable caption={title} labelHeading={labelHeading} labels={data.map((item) => item.label)} columns={[{ heading: valueHeading, values: data.map((item) => format(item.value)) }]} />}
		>
			{({ titleId, descriptionId }) => (
				<svg role="img" aria-labelledby={titleId} aria-describedby={descriptionId} viewBox={`0 0 ${width} ${height}`} className="h-auto w-full min-w-[28rem]">
					<ValueAxis ticks={ticks} y={y} width={width} format={format} />
					{data.map((item, index) => (
						<g key={item.label}>
							<rect
								x={x(item.label)}
								y={y(item.value)}
								width={x.bandwidth()}
								height={Math.max(0, y(0) - y(item.value))}
								rx={2}
								fill={color}
							>
								<title>{`${item.label}: ${format(item.value)}`}</title>
							</rect>
							{index % labelEvery === 0 ? (
								<text x={(x(item.label) ?? 0) + x.bandwidth() / 2} y={height - MARGIN.bottom + 16} textAnchor="middle" fontSize={11} fill="#4b5563" aria-hidden="true">
									{item.label}
								</text>
							) : null}
						</g>
					))}
					<line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(0)} y2={y(0)} stroke="#9ca3af" aria-hidden="true" />
				</svg>
			)}
		</ChartFigure>
	)
}
