/**
 * How the built server is started, in one place: `npm start` and the
 * Dockerfile say the same (a unit test checks), and the demo, the test
 * servers, the bench and the load test start it with these arguments.
 *
 * `--max-old-space-size=256`: V8 otherwise lets a busy server's heap grow to
 * several hundred MB of garbage before it collects (587 MB peak under the
 * bench), and keeps it. With the old generation capped at 192 MB the bench's
 * peak is 234 MB at the same throughput (docs/decisions/080, "Memory"); the
 * largest page or export holds far less than that at once.
 */
export const SERVER_NODE_ARGS = ['--max-old-space-size=256']
export const SERVER_ENTRY = 'build-server/server.js'

/** The arguments after `node`: `spawn(process.execPath, serverArgs())`. */
export function serverArgs() {
	return [...SERVER_NODE_ARGS, SERVER_ENTRY]
}
