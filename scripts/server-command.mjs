/**
 * How the built server is started, in one place: `npm start` and the
 * Dockerfile say the same (a unit test checks), and the demo, the test
 * servers, the bench, the load test and Lighthouse start it with these
 * arguments.
 *
 * `--max-old-space-size=256`: V8 otherwise lets a busy server's heap grow to
 * several hundred MB of garbage before it collects, and keeps it (a 587 MB
 * peak under the bench, 536 MB under the load test). Capped, the peaks were
 * 227 MB and 273 MB at the same throughput; a cap of 192 MB cost 8% of the
 * load test's requests (docs/decisions/080, "Memory"). The largest page or
 * export holds far less than that at once.
 *
 * `--max-semi-space-size=16`: the young generation the cap above was tuned
 * with. Node 24's V8 lets each of its semi-spaces grow to 64 MB, not 16, and
 * the cap does not bound them: the bench's peak rose to 452 MB. At 16 MB it
 * is 354-364 MB for the same CPU per request (docs/decisions/253).
 */
export const SERVER_NODE_ARGS = ['--max-old-space-size=256', '--max-semi-space-size=16']
export const SERVER_ENTRY = 'build-server/server.js'

/**
 * The arguments after `node`: `spawn(process.execPath, serverArgs())`. Node
 * options given as `extra` (the bench's other V8 settings) come after
 * production's, so the same option given there replaces production's: in
 * NODE_OPTIONS it would not, since the command line is read after it.
 */
export function serverArgs(extra = []) {
	return [...SERVER_NODE_ARGS, ...extra, SERVER_ENTRY]
}
