// The parts of autocannon's API the bench uses.
declare module 'autocannon' {
	interface Options {
		url: string
		connections?: number
		duration?: number
		headers?: Record<string, string>
	}
	interface Histogram {
		average: number
		p50: number
		p99: number
	}
	interface Result {
		/** Per second; `total` is every answer in the run. */
		requests: Histogram & { total: number }
		latency: Histogram
		non2xx: number
		errors: number
		timeouts: number
		/** Responses per status code. */
		statusCodeStats?: Record<string, { count: number }>
	}
	export default function autocannon(options: Options): Promise<Result>
}
