/**
 * The geometry of a chart, computed on the server (`web/chart-layout.server.ts`,
 * with d3's scales and line shape) and drawn by `components/charts/` as SVG
 * (decision 119). Plain numbers and strings, so a loader can send it and the
 * browser never needs d3 to hydrate the page.
 */

export const CHART_WIDTH = 640
export const CHART_HEIGHT = 240
export const CHART_MARGIN = { top: 16, right: 16, bottom: 40, left: 48 }

/** A grid line of the value axis: its value (the component formats it) and its height. */
export interface ChartTick {
	value: number
	y: number
}

export interface BarChartLayout {
	ticks: ChartTick[]
	/** Where the value 0 sits: the base line. */
	baseline: number
	bars: Array<{
		label: string
		value: number
		x: number
		y: number
		width: number
		height: number
		/** The centre of the label under the bar; null when long series skip it. */
		labelX: number | null
	}>
}

export interface LineChartLayout {
	ticks: ChartTick[]
	/** One per point along the lines; `shown` is false for labels long series skip. */
	labels: Array<{ text: string; x: number; shown: boolean }>
	series: Array<{
		name: string
		values: number[]
		/** The SVG path through the points; null without points. */
		d: string | null
		points: Array<{ x: number; y: number }>
	}>
}
