import { scaleBand, scaleLinear, scalePoint } from 'd3-scale'
import { line } from 'd3-shape'
import {
	CHART_HEIGHT,
	CHART_MARGIN,
	CHART_WIDTH,
	type BarChartLayout,
	type ChartTick,
	type LineChartLayout,
} from '~/lib/chart-layout'

/**
 * Chart geometry, computed where the figures are read (decision 119): d3-scale
 * places everything and d3-shape draws the lines, here on the server only, so
 * the components that draw the SVG (`components/charts/`) import no d3 and the
 * hydrated page does not carry it.
 */

/** Series longer than this label every other point, so the labels never overlap. */
const LABEL_ALL_UP_TO = 8

/** A linear value scale from 0 with a "nice" top, and its (at most about four) round ticks. */
function valueAxis(values: number[], integerTicksOnly: boolean) {
	const y = scaleLinear()
		.domain([0, Math.max(1, ...values)])
		.nice()
		.range([CHART_HEIGHT - CHART_MARGIN.bottom, CHART_MARGIN.top])
	const ticks: ChartTick[] = y
		.ticks(4)
		.filter((tick) => Number.isInteger(tick) || !integerTicksOnly)
		.map((tick) => ({ value: tick, y: y(tick) }))
	return { y, ticks }
}

/** Bars along a band scale; ticks keep fractions only when some value has one. */
export function layoutBarChart(data: Array<{ label: string; value: number }>): BarChartLayout {
	const x = scaleBand<string>()
		.domain(data.map((item) => item.label))
		.range([CHART_MARGIN.left, CHART_WIDTH - CHART_MARGIN.right])
		.padding(0.2)
	const { y, ticks } = valueAxis(
		data.map((item) => item.value),
		data.every((item) => Number.isInteger(item.value)),
	)
	const labelEvery = data.length > LABEL_ALL_UP_TO ? 2 : 1
	return {
		ticks,
		baseline: y(0),
		bars: data.map((item, index) => {
			const left = x(item.label) ?? 0
			return {
				label: item.label,
				value: item.value,
				x: left,
				y: y(item.value),
				width: x.bandwidth(),
				height: Math.max(0, y(0) - y(item.value)),
				labelX: index % labelEvery === 0 ? left + x.bandwidth() / 2 : null,
			}
		}),
	}
}

/** Lines over the same labels along a point scale; the value axis shows whole numbers only. */
export function layoutLineChart(labels: string[], series: Array<{ name: string; values: number[] }>): LineChartLayout {
	const x = scalePoint<string>()
		.domain(labels)
		.range([CHART_MARGIN.left + 8, CHART_WIDTH - CHART_MARGIN.right - 8])
	const { y, ticks } = valueAxis(
		series.flatMap((item) => item.values),
		true,
	)
	const at = (index: number) => x(labels[index]!) ?? 0
	const path = line<number>()
		.x((_, index) => at(index))
		.y((value) => y(value))
	const labelEvery = labels.length > LABEL_ALL_UP_TO ? 2 : 1
	return {
		ticks,
		labels: labels.map((text, index) => ({ text, x: at(index), shown: index % labelEvery === 0 })),
		series: series.map((item) => ({
			name: item.name,
			values: item.values,
			d: path(item.values),
			points: item.values.map((value, index) => ({ x: at(index), y: y(value) })),
		})),
	}
}
