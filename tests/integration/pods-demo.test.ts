import { describe, expect, it } from 'vitest'
import { PodModel, PodQueueModel } from '#models/index'
import { logIn } from '../setup/log-in'
import { textOf } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'

/** Issue 29's demo: `premium` in a running pod at week 3 and a finished one; two members waiting. */
const server = useSeededTestServer()

describe('the demo’s pods', () => {
	it('premium sees a running pod at week 3 with two of this week’s check-ins hidden, and a finished pod’s summary', async () => {
		const premium = await logIn(server.url, 'premium')
		const mine = (await (await premium.get('/api/pods')).json()) as Array<{ id: number; state: string; week: number }>
		expect(mine.map((pod) => pod.state).sort()).toEqual(['active', 'finished'])
		const running = mine.find((pod) => pod.state === 'active')!
		expect(running.week).toBe(3)
		const pod = (await (await premium.get(`/api/pods/${running.id}`)).json()) as {
			members: unknown[]
			weeksOfCheckIns: Array<{ week: number; checkIns: Array<{ hidden: boolean }> }>
		}
		expect(pod.members).toHaveLength(5)
		expect(pod.weeksOfCheckIns.map((week) => week.week)).toEqual([3, 2, 1])
		expect(pod.weeksOfCheckIns[0]!.checkIns.map((row) => row.hidden)).toEqual([true, true])
		const finished = mine.find((pod) => pod.state === 'finished')!
		expect(textOf(await (await premium.get(`/pods/${finished.id}`)).text())).toContain('How your pod did')
		expect(await PodModel.findOne({ id: finished.id }).lean()).toMatchObject({ summary: { weeks: 12 } })
		expect(await PodQueueModel.countDocuments({ state: 'waiting' })).toBe(2)
		const program = textOf(await (await premium.get('/programs')).text())
		expect(program).toBeTruthy()
	})
})
