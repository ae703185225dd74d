/**
 * Runs async tasks one after another per key, in the order they were
 * handed in, while tasks of different keys run side by side. A failed task
 * does not stop the ones queued behind it.
 */
export function createOrderedTasks() {
	const tails = new Map<string, Promise<unknown>>()

	return function runInOrder<Result>(key: string, task: () => Promise<Result>): Promise<Result> {
		// A queue's tail never rejects (see below), so the next task always starts.
		const result = (tails.get(key) ?? Promise.resolve()).then(task)
		const tail = result.then(
			() => undefined,
			() => undefined,
		)
		tails.set(key, tail)
		// Forget the key once its queue has drained, so idle rooms cost nothing.
		void tail.then(() => {
			if (tails.get(key) === tail) tails.delete(key)
		})
		return result
	}
}
