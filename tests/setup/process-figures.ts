import fs from 'node:fs'

/**
 * What a process has used, read from Linux's /proc by its pid (0 elsewhere,
 * or once it is gone): the bench and the load test measure the servers they
 * start from the outside, so the figure includes everything a process does
 * (its JavaScript, garbage collection, zlib and the other threads) and costs
 * the measured process nothing.
 */

/** Resident memory, in MB. */
export function rssMegabytes(pid: number): number {
	try {
		const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
		return Math.round(kb / 1024)
	} catch {
		return 0
	}
}

/** CPU seconds used so far, user and system, every thread (`process.cpuUsage()` of that process, in 10 ms ticks). */
export function cpuSeconds(pid: number): number {
	try {
		const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
		return (Number(fields[11]) + Number(fields[12])) / 100 // utime + stime, in clock ticks of 10 ms
	} catch {
		return 0
	}
}
