/**
 * The HTTP entry point. It wires, it does not decide: configuration and the
 * database (server/start.ts), the Express app (server/app.ts, with its gates
 * and Remix), Socket.IO on /ws, the background jobs, and a graceful shutdown
 * (server/shutdown.ts).
 */
import http from 'node:http'
import { attachSocketServer } from '~/realtime/socket.server'
import { BACKGROUND_JOBS } from '~/services/background-jobs.server'
import { startDatabaseMonitor } from '~/platform/database.server'
import { startJobs } from '~/platform/jobs.server'
import { startMail } from '~/platform/mail/index.server'
import { checkMediaTools } from '~/platform/media-tools.server'
import { uploadDemoLesson } from '~/demo/uploads.server'
import { createApp } from '#server/app'
import { allowLongUploads } from '#server/media'
import { loadBuild } from '#server/remix-handler'
import { shutDownOnSignals } from '#server/shutdown'
import { listen, loadConfig, openDatabase, openSharedState } from '#server/start'

async function main() {
	const config = loadConfig()
	const embedded = await openDatabase(config)
	await openSharedState(config)
	const mail = await startMail(config.mail)
	// ffmpeg is needed to process uploads: a server without it starts, says so in one line, and refuses them.
	console.log(await checkMediaTools(config.media))
	if (config.demoMode) await showAnUploadedLesson()

	const databaseMonitor = startDatabaseMonitor()
	const httpServer = http.createServer(createApp(config, databaseMonitor, await loadBuild(config)))
	allowLongUploads(httpServer)
	const io = attachSocketServer(httpServer, { appOrigin: config.appOrigin })
	await listen(httpServer, config)
	// Background work (the mail outbox, lapsed trials, …) runs beside the requests: docs/decisions/121; in a process
	// started with BACKGROUND_JOBS_DISABLED=true only the runs its own requests ask for (decision 228).
	const jobs = startJobs(BACKGROUND_JOBS, { periodic: config.backgroundJobs })

	shutDownOnSignals({ httpServer, io, jobs, mail, databaseMonitor, embedded })
}

/** The demo shows one lesson uploaded as a file and processed (docs/decisions/179); a demo that cannot still starts. */
async function showAnUploadedLesson() {
	try {
		const title = await uploadDemoLesson()
		if (title) console.log(`Demo: "${title}" uploaded as a video file; it streams once processed`)
	} catch (error) {
		console.error('Demo: the uploaded lesson could not be prepared:', error instanceof Error ? error.message : error)
	}
}

main().catch((error) => {
	console.error('Server failed to start:', error instanceof Error ? error.message : error)
	process.exit(1)
})
