/**
 * How the built server is started, in one place: `npm start` and the
 * Dockerfile say the same (a unit test checks), and the demo, the test
 * servers, the bench, the load test and Lighthouse start it with these
 * arguments.
 *
 * `--max-old-space-size=256`: V8 otherwise lets a busy server's heap grow to
 * several hundred MB of garbage before it collects, and keeps it (a 587 MB
 * peak under the bench, 536 MB under the load test). Capped, the peaks are
 * 227 MB and 273 MB at the same throughput; a cap of 192 MB cost 8% of the
 * load test's requests (docs/decisions/080, "Memory"). The largest page or
 * export holds far less than that at once.
 */
export const SERVER_NODE_ARGS = ['--max-old-space-size=256']
export const SERVER_ENTRY = 'build-server/server.js'

/** The arguments after `node`: `spawn(process.execPath, serverArgs())`. */
export function serverArgs() {
	return [...SERVER_NODE_ARGS, SERVER_ENTRY]
}
