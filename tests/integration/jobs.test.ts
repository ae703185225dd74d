import { describe, expect, it } from 'vitest'
import { LeaseModel } from '#models/index'
import { runJobNow, runJobSoon, startJobs, type Job, type JobContext } from '~/platform/jobs.server'
import { useTestDatabase } from '../setup/test-database'
import { startTestServer } from '../setup/test-server'

/** Background jobs share one database; several "processes" are played by passing different holders. */
const database = useTestDatabase()

const MINUTE = 60_000
let jobCount = 0

/** A job that records the time of each of its runs. */
function recordingJob(extra: Partial<Job> = {}) {
	const runs: Date[] = []
	const job: Job = {
		name: `test-job-${++jobCount}`,
		everyMs: 10 * MINUTE,
		run: async ({ now }) => void runs.push(now),
		...extra,
	}
	return { job, runs }
}

function deferred<Value = void>() {
	let resolve!: (value: Value) => void
	const promise = new Promise<Value>((done) => (resolve = done))
	return { promise, resolve }
}

describe('a job run claimed with a lease', () => {
	it('runs once per period across processes and restarts: whoever asks before it is due again is skipped', async () => {
		const { job, runs } = recordingJob()
		const start = new Date()
		expect(await runJobNow(job, { onlyIfDue: true, holder: 'process-a', now: start })).toBe('ran')
		// Another process, or this one restarted, ticks a minute later: the job ran already.
		expect(
			await runJobNow(job, { onlyIfDue: true, holder: 'process-b', now: new Date(start.getTime() + MINUTE) }),
		).toBe('skipped')
		expect(
			await runJobNow(job, {
				onlyIfDue: true,
				holder: 'process-a-restarted',
				now: new Date(start.getTime() + 9 * MINUTE),
			}),
		).toBe('skipped')
		// Once the period is over, the first to ask runs it.
		const due = new Date(start.getTime() + 10 * MINUTE)
		expect(await runJobNow(job, { onlyIfDue: true, holder: 'process-b', now: due })).toBe('ran')
		expect(runs).toEqual([start, due])
		expect(await LeaseModel.countDocuments({ name: job.name })).toBe(1)
	})

	it('of several processes asking at the same moment, exactly one runs it, even on its very first run', async () => {
		const { job, runs } = recordingJob()
		const now = new Date()
		// As the processes' schedulers ask: whoever comes second finds the run in progress, or already done for this period.
		const outcomes = await Promise.all(
			['a', 'b', 'c', 'd', 'e'].map((holder) => runJobNow(job, { onlyIfDue: true, holder: `process-${holder}`, now })),
		)
		expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1)
		expect(outcomes.filter((outcome) => outcome === 'skipped')).toHaveLength(4)
		expect(runs).toHaveLength(1)
		expect(await LeaseModel.countDocuments({ name: job.name })).toBe(1)
	})

	it('never runs twice at once; a process that died mid-run loses the job when its lock ends, and its late release changes nothing', async () => {
		const started = deferred()
		const finish = deferred()
		const runs: string[] = []
		const job: Job = {
			name: `test-job-${++jobCount}`,
			everyMs: 10 * MINUTE,
			lockMs: 2 * MINUTE,
			async run({ now }: JobContext) {
				runs.push(now.toISOString())
				if (runs.length === 1) {
					started.resolve()
					await finish.promise
				}
			},
		}
		const start = new Date()
		const stuck = runJobNow(job, { holder: 'process-a', now: start })
		await started.promise
		// While the first run is in progress, nobody else starts one, even when asked to run it now.
		expect(await runJobNow(job, { holder: 'process-b', now: new Date(start.getTime() + MINUTE) })).toBe('skipped')
		// Its lock ends: process A is taken for dead, and B runs the job.
		const takeover = new Date(start.getTime() + 2 * MINUTE + 1)
		expect(await runJobNow(job, { holder: 'process-b', now: takeover })).toBe('ran')
		// A finishes after all: its release must not touch B's schedule.
		finish.resolve()
		expect(await stuck).toBe('ran')
		const lease = await LeaseModel.findOne({ name: job.name }).lean()
		expect(lease?.nextRunAt).toEqual(new Date(takeover.getTime() + 10 * MINUTE))
		expect(runs).toHaveLength(2)
	})

	it('a run that throws is logged, answered "failed", and due again after the period like any other', async () => {
		const job: Job = {
			name: `test-job-${++jobCount}`,
			everyMs: 10 * MINUTE,
			run: async () => {
				throw new Error('SMTP exploded')
			},
		}
		const now = new Date()
		expect(await runJobNow(job, { now })).toBe('failed')
		const lease = await LeaseModel.findOne({ name: job.name }).lean()
		expect(lease).toMatchObject({
			holder: null,
			lastError: 'SMTP exploded',
			nextRunAt: new Date(now.getTime() + 10 * MINUTE),
		})
		expect(await runJobNow(job, { onlyIfDue: true, now: new Date(now.getTime() + MINUTE) })).toBe('skipped')
	})
})

describe('jobs started in the process', () => {
	it('run what is due at once, run again when asked (runJobSoon), and stop cleanly', async () => {
		const runs: Date[] = []
		const ran = [deferred(), deferred()]
		const job: Job = {
			name: `test-job-${++jobCount}`,
			// Far longer than the test: every run below is the start-up run or one asked for.
			everyMs: 24 * 60 * MINUTE,
			async run({ now }) {
				runs.push(now)
				ran[runs.length - 1]?.resolve()
			},
		}
		const jobs = startJobs([job])
		try {
			await ran[0]!.promise
			runJobSoon(job.name)
			await ran[1]!.promise
			expect(runs).toHaveLength(2)
		} finally {
			await jobs.stop()
		}
		// Stopped: asking for a run does nothing now.
		runJobSoon(job.name)
		expect(await runJobNow(job, { onlyIfDue: true })).toBe('skipped')
		expect(runs).toHaveLength(2)
	})

	it('in a process that runs none on a schedule (decision 228): none at start, one run when asked, and no more', async () => {
		const runs: Date[] = []
		const ran = deferred()
		const job: Job = {
			name: `test-job-${++jobCount}`,
			everyMs: 100,
			async run({ now }) {
				runs.push(now)
				ran.resolve()
			},
		}
		const jobs = startJobs([job], { periodic: false })
		try {
			// Overdue (it never ran) and due again every 100 ms: a scheduled process would have run it several times.
			await new Promise((resolve) => setTimeout(resolve, 400))
			expect(runs).toHaveLength(0)
			runJobSoon(job.name)
			await ran.promise
			await new Promise((resolve) => setTimeout(resolve, 400))
			expect(runs).toHaveLength(1)
		} finally {
			await jobs.stop()
		}
	})

	it('refuses two jobs with the same name', () => {
		const { job } = recordingJob()
		expect(() => startJobs([job, { ...job }])).toThrowError(`Two background jobs are named ${job.name}`)
	})
})

describe('a server process and the background jobs (decision 228)', () => {
	it('runs none with BACKGROUND_JOBS_DISABLED=true, while a server without it claims them as soon as it starts', async () => {
		await LeaseModel.deleteMany({})
		const webOnly = await startTestServer({ mongodbUri: database.uri(), env: { BACKGROUND_JOBS_DISABLED: 'true' } })
		try {
			// Jobs run at once when they start (the outbox, the reminders, …): two seconds are plenty to see one claimed.
			await new Promise((resolve) => setTimeout(resolve, 2_000))
			expect(await LeaseModel.countDocuments()).toBe(0)
		} finally {
			await webOnly.stop()
		}
		const withJobs = await startTestServer({ mongodbUri: database.uri() })
		try {
			await expect.poll(() => LeaseModel.countDocuments(), { timeout: 10_000 }).toBeGreaterThan(0)
		} finally {
			await withJobs.stop()
		}
	}, 60_000)
})
