import { CHART_HEIGHT, CHART_MARGIN, CHART_WIDTH, type BarChartLayout } from '~/lib/chart-layout'
import { ChartFigure, ChartTable, SERIES_COLORS, ValueAxis } from '~/components/charts/chart-frame'

/**
 * A bar chart as SVG, drawn from a layout the server computed with d3
 * (`web/chart-layout.server.ts`: a band scale for the labels, a linear scale
 * with "nice" round ticks for the values), and a table of the same figures.
 */
export function BarChart({
	title,
	description,
	labelHeading,
	valueHeading,
	layout,
	format = (value) => String(value),
	color = SERIES_COLORS[0]!,
}: {
	title: string
	description: string
	labelHeading: string
	valueHeading: string
	layout: BarChartLayout
	format?: (value: number) => string
	color?: string
}) {
	const width = CHART_WIDTH
	const height = CHART_HEIGHT
	return (
		<ChartFigure
			title={title}
			description={description}
			table={
				<ChartTable
					caption={title}
					labelHeading={labelHeading}
					labels={layout.bars.map((bar) => bar.label)}
					columns={[{ heading: valueHeading, values: layout.bars.map((bar) => format(bar.value)) }]}
				/>
			}
		>
			{({ titleId, descriptionId }) => (
				<svg
					role="img"
					aria-labelledby={titleId}
					aria-describedby={descriptionId}
					viewBox={`0 0 ${width} ${height}`}
					className="h-auto w-full min-w-[28rem]"
				>
					<ValueAxis ticks={layout.ticks} width={width} format={format} />
					{layout.bars.map((bar) => (
						<g key={bar.label}>
							<rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={2} fill={color}>
								<title>{`${bar.label}: ${format(bar.value)}`}</title>
							</rect>
							{bar.labelX === null ? null : (
								<text
									x={bar.labelX}
									y={height - CHART_MARGIN.bottom + 16}
									textAnchor="middle"
									fontSize={11}
									fill="#4b5563"
									aria-hidden="true"
								>
									{bar.label}
								</text>
							)}
						</g>
					))}
					<line
						x1={CHART_MARGIN.left}
						x2={width - CHART_MARGIN.right}
						y1={layout.baseline}
						y2={layout.baseline}
						stroke="#9ca3af"
						aria-hidden="true"
					/>
				</svg>
			)}
		</ChartFigure>
	)
}
