import { describe, expect, it } from 'vitest'
import { GateFullError, createConcurrencyGate } from '~/platform/concurrency-gate.server'

/** A task that runs until the test lets it finish. */
function heldTask(log: string[], name: string) {
	let finish!: () => void
	const done = new Promise<void>((resolve) => (finish = resolve))
	return {
		task: async () => {
			log.push(`start ${name}`)
			await done
			log.push(`end ${name}`)
			return name
		},
		finish: () => finish(),
	}
}

describe('createConcurrencyGate (the cap on password hashes)', () => {
	it('runs at most `concurrency` tasks at once, the others in the order they came', async () => {
		const gate = createConcurrencyGate({ concurrency: 2, maxWaiting: 10 })
		const log: string[] = []
		const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(log, name))
		const results = tasks.map(({ task }) => gate.run(task))
		await Promise.resolve()
		expect(log).toEqual(['start a', 'start b'])
		expect([gate.running, gate.waiting]).toEqual([2, 2])

		tasks[1]!.finish()
		await results[1]
		await Promise.resolve()
		expect(log).toEqual(['start a', 'start b', 'end b', 'start c'])
		for (const { finish } of tasks) finish()
		expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd'])
		expect([gate.running, gate.waiting]).toEqual([0, 0])
	})

	it('refuses at once when `maxWaiting` tasks are already waiting, and a failed task frees its place', async () => {
		const gate = createConcurrencyGate({ concurrency: 1, maxWaiting: 1 })
		const log: string[] = []
		const first = heldTask(log, 'first')
		const running = gate.run(first.task)
		const waiting = gate.run(async () => {
			throw new Error('boom')
		})
		await expect(gate.run(async () => 'too many')).rejects.toBeInstanceOf(GateFullError)
		first.finish()
		await running
		await expect(waiting).rejects.toThrow('boom')
		expect(await gate.run(async () => 'room again')).toBe('room again')
	})
})
