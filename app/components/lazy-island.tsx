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
 * `useCallback`, primitives).
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
				// when it does; one that fails while React waits reaches the page's error boundary, as a route
				// module that cannot be fetched does.
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
	const Lazy = lazy(
		() => (loaded ? resolvedNow({ default: loaded }) : start()) as Promise<{ default: ComponentType<Props> }>,
	) as unknown as ComponentType<Props>
	function Island(props: Props) {
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
