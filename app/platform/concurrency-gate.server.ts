/**
 * At most `concurrency` tasks at a time; later ones wait their turn in
 * order, and once `maxWaiting` are waiting, more are refused at once with a
 * GateFullError instead of piling up. (p-limit does the first half, but is
 * not a dependency of the production build and cannot refuse.)
 */
export class GateFullError extends Error {
	constructor() {
		super('Too many tasks are waiting')
		this.name = 'GateFullError'
	}
}

export interface ConcurrencyGate {
	run<Result>(task: () => Promise<Result>): Promise<Result>
	readonly running: number
	readonly waiting: number
}

export function createConcurrencyGate({
	concurrency,
	maxWaiting,
}: {
	concurrency: number
	maxWaiting: number
}): ConcurrencyGate {
	let running = 0
	const queue: Array<() => void> = []

	function release() {
		running -= 1
		const next = queue.shift()
		if (next) {
			running += 1
			next()
		}
	}

	return {
		async run(task) {
			if (running >= concurrency) {
				if (queue.length >= maxWaiting) throw new GateFullError()
				// release() hands this task its slot (running is counted for it there).
				await new Promise<void>((resolve) => queue.push(resolve))
			} else {
				running += 1
			}
			try {
				return await task()
			} finally {
				release()
			}
		},
		get running() {
			return running
		},
		get waiting() {
			return queue.length
		},
	}
}
