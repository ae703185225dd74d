import { setTimeout as sleep } from 'node:timers/promises'

/** Waits until `condition` holds, checking every 25 ms; fails after `limitMs` with `what`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, limitMs = 20_000) {
	const deadline = Date.now() + limitMs
	while (!(await condition())) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`)
		await sleep(25)
	}
}
