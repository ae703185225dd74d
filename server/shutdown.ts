import type http from 'node:http'
import { type attachSocketServer, closeSocketServer } from '~/realtime/socket.server'
import { disconnectDatabase, type EmbeddedDatabase } from '~/platform/database.server'
import { type startJobs } from '~/platform/jobs.server'
import { type startMail } from '~/platform/mail/index.server'
import { disconnectRedis } from '~/platform/redis.server'
import { type DatabaseMonitor } from '#server/gates'

const SHUTDOWN_TIMEOUT_MS = 10_000

export interface RunningServer {
	httpServer: http.Server
	io: ReturnType<typeof attachSocketServer>
	jobs: ReturnType<typeof startJobs>
	mail: Awaited<ReturnType<typeof startMail>>
	databaseMonitor: DatabaseMonitor
	embedded: EmbeddedDatabase | null
}

/**
 * On SIGTERM or SIGINT: stop accepting, let chat sends in progress finish,
 * close sockets and keep-alive connections, let a job's run in progress
 * finish (briefly), then mail, Redis and the database; exit. Ten seconds at
 * most, then exit anyway.
 */
export function shutDownOnSignals(running: RunningServer) {
	let shuttingDown = false
	async function shutdown(signal: string) {
		if (shuttingDown) return
		shuttingDown = true
		console.log(`${signal} received: shutting down`)
		setTimeout(() => {
			console.error('Shutdown took longer than 10 s: exiting anyway')
			process.exit(1)
		}, SHUTDOWN_TIMEOUT_MS).unref()
		const { httpServer, io, jobs, mail, databaseMonitor, embedded } = running
		const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()))
		await closeSocketServer(io)
		httpServer.closeIdleConnections()
		await closed
		await jobs.stop()
		await mail.stop()
		await disconnectRedis()
		databaseMonitor.stop()
		await disconnectDatabase()
		await embedded?.stop()
		process.exit(0)
	}
	process.on('SIGTERM', () => void shutdown('SIGTERM'))
	process.on('SIGINT', () => void shutdown('SIGINT'))
}
