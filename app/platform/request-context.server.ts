import { AsyncLocalStorage } from 'node:async_hooks'
import { performance } from 'node:perf_hooks'
import { singleton } from '~/platform/singleton.server'

/**
 * What one HTTP request carries through every await: where its time went
 * (the Server-Timing header, docs/decisions/082) and the reads it may share
 * between the loaders that run for it (the session and the user behind it,
 * asked for by the root, the layout and the page alike).
 *
 * server/app.ts runs each request inside `runInRequestContext` from its arrival
 * step on (member files and Remix: docs/decisions/095); the database's
 * command monitor (platform/database.server.ts) and the document renderer
 * (entry.server.tsx) add their time to whatever request is current.
 * Outside a request (jobs, sockets, scripts) there is no context and every
 * function here does nothing; a socket's `badges` ask, a read like a page's,
 * runs in one of its own (realtime/badges.server.ts).
 */
export interface RequestContext {
	startedAt: number
	/** Reads may be shared only while the request changes nothing (GET and HEAD). */
	readOnly: boolean
	database: { queries: number; inFlight: number; busySince: number; ms: number }
	renderMs: number
	shared: Map<string, Promise<unknown>>
}

const storage = singleton('request-context', () => new AsyncLocalStorage<RequestContext>())

export function runInRequestContext<Result>(method: string, work: () => Result): Result {
	const context: RequestContext = {
		startedAt: performance.now(),
		readOnly: method === 'GET' || method === 'HEAD',
		database: { queries: 0, inFlight: 0, busySince: 0, ms: 0 },
		renderMs: 0,
		shared: new Map(),
	}
	return storage.run(context, work)
}

export function currentRequestContext(): RequestContext | undefined {
	return storage.getStore()
}

/**
 * Database time is the wall time during which at least one of the request's
 * queries was waiting (loaders run in parallel: adding up each query's time
 * would count the same milliseconds twice).
 */
export function databaseCommandStarted(context: RequestContext) {
	const database = context.database
	database.queries++
	if (database.inFlight++ === 0) database.busySince = performance.now()
}

export function databaseCommandEnded(context: RequestContext) {
	const database = context.database
	if (database.inFlight === 0) return
	if (--database.inFlight === 0) database.ms += performance.now() - database.busySince
}

/** Starts timing the document's render; the function it returns stops it (once the page's headers can go). */
export function timeRender(): () => void {
	const context = storage.getStore()
	const startedAt = performance.now()
	let stopped = false
	return () => {
		if (!context || stopped) return
		stopped = true
		context.renderMs += performance.now() - startedAt
	}
}

/**
 * The value of `read` for this request: the first caller runs it, the
 * others (loaders running side by side) share its answer. Only in GET and
 * HEAD requests, which change nothing; anywhere else `read` runs each time.
 */
export function sharedInRequest<Value>(key: string, read: () => Promise<Value>): Promise<Value> {
	const context = storage.getStore()
	if (!context?.readOnly) return read()
	let shared = context.shared.get(key) as Promise<Value> | undefined
	if (!shared) {
		shared = read()
		context.shared.set(key, shared)
		// A failed read is not remembered: the next caller tries again.
		shared.catch(() => context.shared.delete(key))
	}
	return shared
}

/** A value this request has already read on the way (the account's document carries its badge count): later askers share it. */
export function rememberInRequest<Value>(key: string, value: Value) {
	const context = storage.getStore()
	if (context?.readOnly && !context.shared.has(key)) context.shared.set(key, Promise.resolve(value))
}

/** After a write to what `key` read (a session updated or ended): the next caller reads it afresh. */
export function forgetInRequest(key: string) {
	storage.getStore()?.shared.delete(key)
}

const round = (ms: number) => Math.round(ms * 10) / 10

/**
 * The Server-Timing header of a finished request: `db` (time waiting on the
 * database, with the number of queries), `render` (React rendering the
 * document, pages only) and `total` (time in the app until the answer's
 * headers were ready). Browsers show it in the network panel's Timing tab.
 */
export function serverTimingHeader(context: RequestContext): string {
	const database = context.database
	const dbMs = database.ms + (database.inFlight > 0 ? performance.now() - database.busySince : 0)
	const parts = [
		`db;dur=${round(dbMs)};desc="Database (${database.queries} ${database.queries === 1 ? 'query' : 'queries'})"`,
	]
	if (context.renderMs > 0) parts.push(`render;dur=${round(context.renderMs)};desc="Render"`)
	parts.push(`total;dur=${round(performance.now() - context.startedAt)};desc="Total"`)
	return parts.join(', ')
}
