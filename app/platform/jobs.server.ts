import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { claimLease, releaseLease } from '#models/index'
import { singleton } from '~/platform/singleton.server'
import { isDatabaseOutageError } from '~/platform/database.server'

/**
 * Small periodic jobs inside the server process (ARCHITECTURE.md "Background
 * work"; docs/decisions/121-background-jobs-with-leases.md).
 *
 *     export const remindersJob: Job = {
 *       name: 'event-reminders',
 *       everyMs: 60_000,
 *       run: async ({ now, signal }) => { ... },
 *     }
 *
 * Add a job to `BACKGROUND_JOBS` (background-jobs.server.ts) and server.ts
 * starts it. Every run is claimed with the job's lease in MongoDB first, so
 * a job runs at most once per `everyMs` across all app processes on the
 * database, and a restart does not run it again before it is due.
 *
 * A run must be idempotent: a process that crashes mid-run leaves its lease
 * locked until `lockMs` has passed, then another process runs the job again,
 * from the start. Look at what is stored (`now` tells you the time of the
 * run), not at what a previous run meant to do.
 */

export interface JobContext {
	/** The time of this run. Compare due dates with it rather than with the clock, so tests can move it. */
	now: Date
	/** Aborted when the server shuts down: a long run stops between two pieces of work. */
	signal: AbortSignal
}

export interface Job {
	/** Unique among jobs: names the job's lease. */
	name: string
	/** The time between two runs (across all processes). */
	everyMs: number
	/**
	 * How long a run may take before other processes assume its process died
	 * and run the job themselves. Default 60 s. Keep runs well below it.
	 */
	lockMs?: number
	run(context: JobContext): Promise<void>
}

/** 'ran': the run finished; 'failed': it threw (logged; due again in `everyMs`); 'skipped': not due, or running elsewhere. */
export type JobRunOutcome = 'ran' | 'failed' | 'skipped'

const DEFAULT_LOCK_MS = 60_000
/** How long a shutdown waits for runs in progress (the whole shutdown has 10 s). */
const STOP_TIMEOUT_MS = 5_000

/** This process as a lease holder. Random per start, so a restarted process never takes over its predecessor's run. */
const processHolder = singleton('job-lease-holder', () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`)

/**
 * Claims and runs one run of `job`, now. For tests and for `runJobSoon`;
 * the scheduler calls it too. A failure of the job is logged and answered
 * 'failed'; a failure to read or write the lease (the database) is thrown.
 *
 * - `onlyIfDue` (the scheduler's ticks): skip unless `everyMs` has passed
 *   since the last run. Without it the job runs now unless a run is in
 *   progress somewhere.
 * - `now` (tests): the time of the run, as if the clock said so.
 * - `holder` (tests): act as another process.
 */
export async function runJobNow(
	job: Job,
	options: { now?: Date; onlyIfDue?: boolean; holder?: string; signal?: AbortSignal } = {},
): Promise<JobRunOutcome> {
	// The run's time is exactly `now` when given (a test's schedule must not drift by the
	// millisecond it takes to get here); the clock then moves on from it as real time passes.
	const startedAt = Date.now()
	const now = options.now ?? new Date(startedAt)
	const clock = () => new Date(now.getTime() + (Date.now() - startedAt))
	const claim = await claimLease(job.name, options.holder ?? processHolder, {
		now,
		lockMs: job.lockMs ?? DEFAULT_LOCK_MS,
		ignoreSchedule: !options.onlyIfDue,
	})
	if (!claim) return 'skipped'
	let error: string | null = null
	try {
		await job.run({ now, signal: options.signal ?? new AbortController().signal })
	} catch (failure) {
		error = failure instanceof Error ? failure.message : String(failure)
		console.error(`Job ${job.name} failed:`, failure)
	}
	// The next run is due `everyMs` after this one started, whether it succeeded or not (runs are idempotent).
	await releaseLease(claim, { finishedAt: clock(), nextRunAt: new Date(now.getTime() + job.everyMs), error })
	return error ? 'failed' : 'ran'
}

interface ScheduledJob {
	/** Asks for a run as soon as possible (a run in progress here is followed by another). */
	kick(): void
	stop(): Promise<void>
}

/** The jobs started in this process, by name: shared by both server bundles, so `runJobSoon` works from a route. */
const scheduled = singleton('scheduled-jobs', () => new Map<string, ScheduledJob>())

function schedule(job: Job, periodic: boolean): ScheduledJob {
	const controller = new AbortController()
	let timer: NodeJS.Timeout | undefined
	let running: Promise<void> | null = null
	let runAgain = false
	let stopped = false
	let databaseGone = false

	function later(ms: number, onlyIfDue: boolean) {
		clearTimeout(timer)
		// unref: a waiting job never keeps the process alive.
		timer = setTimeout(() => tick(onlyIfDue), ms).unref()
	}

	function tick(onlyIfDue: boolean) {
		if (stopped) return
		if (running) {
			if (!onlyIfDue) runAgain = true
			return
		}
		clearTimeout(timer)
		running = runJobNow(job, { onlyIfDue, signal: controller.signal })
			.then(() => {
				if (databaseGone) console.log(`Job ${job.name}: the database answers again`)
				databaseGone = false
			})
			.catch((error: unknown) => {
				// The lease could not be read or written: the run did not happen (or is retried when its lock ends).
				if (isDatabaseOutageError(error)) {
					if (!databaseGone) console.error(`Job ${job.name}: skipped while the database is unreachable`)
					databaseGone = true
				} else console.error(`Job ${job.name}: could not claim or release its lease:`, error)
			})
			.finally(() => {
				running = null
				if (stopped) return
				if (runAgain) {
					runAgain = false
					later(0, false)
				} else if (periodic) later(job.everyMs, true)
			})
	}

	// At start, whatever is overdue (a restart, a long stop) runs at once; a process that runs no jobs on a schedule
	// waits to be asked (runJobSoon).
	if (periodic) later(0, true)
	return {
		kick: () => tick(false),
		async stop() {
			stopped = true
			clearTimeout(timer)
			controller.abort()
			if (running) await running
		},
	}
}

/**
 * Starts the jobs in this process: each runs at once if due, then checks
 * every `everyMs`. Call once, after the database is connected; `stop()`
 * (on shutdown) stops the timers, aborts runs in progress through their
 * signal and waits a few seconds for them.
 *
 * Not `periodic` (a web-only process, BACKGROUND_JOBS_DISABLED: decision
 * 228): no job runs on a schedule here, but a run a request asks for
 * (`runJobSoon`: a mail queued, a member joining a pod's queue) is made at
 * once, under the same lease, instead of waiting for another process's next
 * tick — up to a day for pod matching.
 */
export function startJobs(
	jobs: Job[],
	{ periodic = true }: { periodic?: boolean } = {},
): { stop: () => Promise<void> } {
	const names = new Set<string>()
	for (const job of jobs) {
		if (names.has(job.name)) throw new Error(`Two background jobs are named ${job.name}`)
		names.add(job.name)
		if (!(job.everyMs > 0)) throw new Error(`Job ${job.name}: everyMs must be positive`)
	}
	for (const job of jobs) {
		void scheduled.get(job.name)?.stop()
		scheduled.set(job.name, schedule(job, periodic))
	}
	return {
		async stop() {
			const stopping = jobs.map((job) => {
				const running = scheduled.get(job.name)
				scheduled.delete(job.name)
				return running?.stop()
			})
			let timeout: NodeJS.Timeout | undefined
			await Promise.race([
				Promise.allSettled(stopping),
				new Promise((resolve) => {
					timeout = setTimeout(resolve, STOP_TIMEOUT_MS).unref()
				}),
			])
			clearTimeout(timeout)
		},
	}
}

/**
 * Runs a started job as soon as possible instead of at its next tick (the
 * mail outbox after a mail is queued). Does nothing when the job is not
 * started in this process (tests that call services directly, scripts).
 * Never waits and never throws.
 */
export function runJobSoon(name: string): void {
	scheduled.get(name)?.kick()
}
