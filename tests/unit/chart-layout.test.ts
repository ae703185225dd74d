import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHART_HEIGHT, CHART_MARGIN, CHART_WIDTH } from '~/lib/chart-layout'
import { layoutBarChart, layoutLineChart } from '~/web/chart-layout.server'

/** Decision 117: the server lays the charts out with d3; the components only draw the layout. */

const bottom = CHART_HEIGHT - CHART_MARGIN.bottom

describe('bar chart layout', () => {
	const layout = layoutBarChart([
		{ label: 'Mon', value: 2 },
		{ label: 'Tue', value: 4 },
		{ label: 'Wed', value: 0 },
	])

	it('draws bars from the base line, their heights proportional to the values', () => {
		expect(layout.baseline).toBe(bottom)
		const [two, four, zero] = layout.bars
		expect(four!.height).toBeCloseTo(2 * two!.height)
		expect(zero!.height).toBe(0)
		for (const bar of layout.bars) expect(bar.y + bar.height).toBeCloseTo(layout.baseline)
	})

	it('spreads equal bars across the width, left to right, each label centred under its bar', () => {
		const [first, second, third] = layout.bars
		expect(first!.x).toBeGreaterThanOrEqual(CHART_MARGIN.left)
		expect(third!.x + third!.width).toBeLessThanOrEqual(CHART_WIDTH - CHART_MARGIN.right)
		expect(second!.x - first!.x).toBeCloseTo(third!.x - second!.x)
		expect(new Set(layout.bars.map((bar) => bar.width)).size).toBe(1)
		for (const bar of layout.bars) expect(bar.labelX).toBeCloseTo(bar.x + bar.width / 2)
	})

	it('ticks only whole numbers for whole-number data, from 0 to a round top, higher values higher up', () => {
		// 0..4 would tick every 0.5 without the filter.
		expect(layout.ticks.map((tick) => tick.value)).toEqual([0, 1, 2, 3, 4])
		expect(layout.ticks[0]!.y).toBe(bottom)
		expect(layout.ticks.at(-1)!.y).toBe(CHART_MARGIN.top)
		expect(layoutBarChart([{ label: 'a', value: 1 }]).ticks.map((tick) => tick.value)).toEqual([0, 1])
	})

	it('keeps fractional ticks when the data has fractions', () => {
		expect(layoutBarChart([{ label: 'a', value: 1.5 }]).ticks.map((tick) => tick.value)).toContain(0.5)
	})

	it('labels every other bar in a long series, and draws an empty series with an axis', () => {
		const long = layoutBarChart(Array.from({ length: 12 }, (_, index) => ({ label: `#${index}`, value: index })))
		expect(long.bars.map((bar) => bar.labelX !== null)).toEqual(
			Array.from({ length: 12 }, (_, index) => index % 2 === 0),
		)
		const empty = layoutBarChart([])
		expect(empty.bars).toEqual([])
		expect(empty.ticks.map((tick) => tick.value)).toEqual([0, 1])
	})

	it('is plain data a loader can send', () => {
		expect(JSON.parse(JSON.stringify(layout))).toEqual(layout)
	})
})

describe('line chart layout', () => {
	const labels = ['Jun', 'Jul', 'Aug', 'Sep']
	const layout = layoutLineChart(labels, [
		{ name: 'Trials', values: [0, 3, 1, 6] },
		{ name: 'Churned', values: [1, 0, 0, 2] },
	])

	it('draws each series as a path with one point per label, at the label’s x', () => {
		for (const series of layout.series) {
			expect(series.points).toHaveLength(labels.length)
			// d3's path writes coordinates to three decimals.
			const drawn = [...series.d!.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((match) => ({
				x: Number(match[1]),
				y: Number(match[2]),
			}))
			expect(series.d!.startsWith('M')).toBe(true)
			expect(drawn).toHaveLength(labels.length)
			drawn.forEach((point, index) => {
				expect(point.x).toBeCloseTo(series.points[index]!.x, 2)
				expect(point.y).toBeCloseTo(series.points[index]!.y, 2)
			})
			expect(series.points.map((point) => point.x)).toEqual(layout.labels.map((label) => label.x))
		}
		expect(layout.labels.map((label) => label.text)).toEqual(labels)
		expect(layout.labels[0]!.x).toBe(CHART_MARGIN.left + 8)
		expect(layout.labels.at(-1)!.x).toBe(CHART_WIDTH - CHART_MARGIN.right - 8)
	})

	it('shares one value scale between the series, zero on the base line', () => {
		const [trials, churned] = layout.series
		expect(trials!.points[0]!.y).toBe(bottom)
		expect(churned!.points[1]!.y).toBe(bottom)
		expect(trials!.points[3]!.y).toBeLessThan(churned!.points[3]!.y)
		expect(bottom - trials!.points[3]!.y).toBeCloseTo(3 * (bottom - churned!.points[3]!.y))
	})

	it('ticks whole numbers only, and thins labels on long series', () => {
		expect(layout.ticks.every((tick) => Number.isInteger(tick.value))).toBe(true)
		expect(layout.ticks.map((tick) => tick.value)).toContain(6)
		const weeks = Array.from({ length: 12 }, (_, index) => `W${index}`)
		const long = layoutLineChart(weeks, [{ name: 'Room', values: weeks.map(() => 1) }])
		expect(long.labels.filter((label) => label.shown).map((label) => label.text)).toEqual(
			weeks.filter((_, index) => index % 2 === 0),
		)
		expect(long.ticks.map((tick) => tick.value)).toEqual([0, 1])
	})
})

describe('the browser bundle', () => {
	it('no component, shared helper or route module imports d3 (the layout is computed in *.server.ts)', () => {
		const files = (dir: string): string[] =>
			readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
				entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
			)
		const browserFiles = [...files('app/components'), ...files('app/lib'), ...files('app/routes')].filter(
			(file) => /\.tsx?$/.test(file) && !/\.server\.ts$/.test(file),
		)
		expect(browserFiles.length).toBeGreaterThan(20)
		const importingD3 = browserFiles.filter((file) =>
			/from\s+['"]d3-|import\(\s*['"]d3-/.test(readFileSync(file, 'utf8')),
		)
		expect(importingD3).toEqual([])
	})
})
