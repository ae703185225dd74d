import { lazy, memo, Suspense, type ComponentType } from 'react'

/**
 * A part of an island page whose code is not among the page's first scripts
 * (docs/decisions/254): the server renders it with the page as usual, and in
 * the browser its module is fetched once the page's own modules have run.
 * If React reaches it while hydrating before the module has come, React keeps
 * the server's HTML for it as it is (a dehydrated Suspense boundary) and
 * hydrates the rest of the page; the part's forms and links meanwhile work as
 * they do without JavaScript.
 *
 * The part is memoized: a boundary that is still waiting for its code and
 * receives new props is thrown away and rendered again in the browser (its
 * fallback, nothing, until the code comes), so the page must give it props
 * that keep their identity from render to render (loader data, callbacks of
 * `useCallback`, primitives). A context above it that changes outside a
 * transition does the same (React cannot tell whether the waiting part reads
 * it): the app's contexts keep their value between renders, and the toasts'
 * changes are transitions (~/components/ui/toaster); the router's are too.
 */
export function lazyIsland<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
	let loaded: ComponentType<Props> | undefined
	let loading: Promise<{ default: ComponentType<Props> }> | undefined
	const start = () =>
		(loading ??= load().then(
			(component) => {
				loaded = component
				return { default: component }
			},
			(error: unknown) => {
				// A fetch that failed (offline, a new deployment) before React asked for the part is tried again
				// when it does.
				loading = undefined
				throw error
			},
		))
	// Fetched as soon as the page's module is evaluated, not when React first reaches the part: in the browser
	// that is after the page's first scripts have arrived (so it does not compete with them) and, on a
	// navigation within the app, before the page renders, so the part rarely shows late. On the server every
	// module is in the one bundle: the import settles before the first request is served, and React renders
	// the part in the same pass.
	start().catch(() => undefined)
	// React.lazy takes any thenable; its type asks for a Promise.
	const Lazy = lazy(() => {
		if (loaded) return resolvedNow({ default: loaded }) as Promise<{ default: ComponentType<Props> }>
		// A module that cannot be fetched while React waits for it: React.lazy would keep the failure and throw
		// it to the page's error boundary, on this visit and every later one. Waiting for ever instead leaves the
		// server's HTML in place (it works as it does without JavaScript) and the rest of the page hydrated.
		return start().catch((error: unknown) => {
			console.error('A part of the page could not load its code; it stays as the server drew it.', error)
			return new Promise<never>(() => {})
		})
	}) as unknown as ComponentType<Props>
	function Island(props: Props) {
		// The server renders a part in the same pass or not at all. Inside the boundary renderToString would send
		// its fallback (nothing) and leave the part to the browser, so a page without JavaScript would lose it
		// unnoticed; thrown here, outside it, the page's error boundary shows and the error is reported.
		if (!loaded && typeof document === 'undefined')
			throw new Error('A part of the page was rendered before its module loaded')
		return (
			<Suspense fallback={null}>
				<Lazy {...props} />
			</Suspense>
		)
	}
	return memo(Island) as unknown as ComponentType<Props>
}

/**
 * A thenable that calls back at once: React.lazy reads a module it is given
 * this way in the same render, where a settled Promise would still make it
 * wait one microtask (and renderToString does not wait).
 */
function resolvedNow<T>(value: T): PromiseLike<T> {
	return {
		then<R1 = T, R2 = never>(onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null): PromiseLike<R1 | R2> {
			return resolvedNow(onFulfilled ? (onFulfilled(value) as R1) : (value as unknown as R1))
		},
	}
}
