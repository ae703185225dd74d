import { spawn, spawnSync } from 'node:child_process'
import readline from 'node:readline'
import { freePort } from './free-port'

/**
 * A real Redis for the scale-out tests: Debian's redis-server (.ci/run
 * installs it), started on a free loopback port with nothing written to
 * disk, and stopped by its pid.
 */

/** Why Redis tests cannot run here, or null when redis-server is installed. */
export function redisUnavailableReason(): string | null {
	const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' })
	if (probe.error || probe.status !== 0)
		return 'redis-server is not installed (apt-get install redis-server; .ci/run installs it)'
	return null
}

export interface RedisServer {
	url: string
	stop(): Promise<void>
}

export async function startRedisServer(): Promise<RedisServer> {
	const port = await freePort()
	const child = spawn(
		'redis-server',
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	)
	const output: string[] = []
	child.stderr!.on('data', (chunk) => output.push(String(chunk)))
	await new Promise<void>((resolve, reject) => {
		readline.createInterface({ input: child.stdout! }).on('line', (line) => {
			output.push(line)
			if (/ready to accept connections/i.test(line)) resolve()
		})
		child.once('exit', (code) => reject(new Error(`redis-server exited with code ${code}:\n${output.join('\n')}`)))
	})
	return {
		url: `redis://127.0.0.1:${port}`,
		stop: () =>
			new Promise<void>((resolve) => {
				if (child.exitCode !== null) return resolve()
				child.once('exit', () => resolve())
				process.kill(child.pid!, 'SIGTERM')
			}),
	}
}
