/**
 * One instance per process, shared by `server.ts`'s bundle and the Remix
 * server build (they are two bundles of the same modules, and state such as
 * the socket registry must not exist twice).
 */
export function singleton<Value>(name: string, create: () => Value): Value {
	const registry = globalThis as typeof globalThis & { __singletons?: Map<string, unknown> }
	registry.__singletons ??= new Map()
	if (!registry.__singletons.has(name)) registry.__singletons.set(name, create())
	return registry.__singletons.get(name) as Value
}
