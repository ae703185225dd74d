import {
	createContext,
	forwardRef,
	startTransition,
	useCallback,
	useContext,
	useEffect,
	useMemo,
	useRef,
	useState,
	type ReactNode,
} from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, makeToast, type Toast, type ToastInput } from '~/lib/toast'

/**
 * product §2 "Notices": one toast at a time, 5000 ms, swipe right 50 px to
 * dismiss, F8 focuses the region. Toasts come from the server (a flash after
 * a redirect, or an action's answer), so they show without JavaScript too: a
 * CSS animation hides them after 5 s and a checkbox label closes them.
 */
interface ToastContextValue {
	toast: Toast | null
	showToast: (input: ToastInput | Toast) => void
	dismiss: () => void
}

const ToastContext = createContext<ToastContextValue | null>(null)

export function ToastProvider({ initialToast, children }: { initialToast: Toast | null; children: ReactNode }) {
	const [toast, setToast] = useState<Toast | null>(initialToast)
	const shownIds = useRef(new Set<string>(initialToast ? [initialToast.id] : []))

	// Transitions: a part of the page still waiting for its code would otherwise be drawn again from nothing
	// when this context changes (docs/decisions/254); React holds the notice until the part has hydrated.
	const showToast = useCallback((input: ToastInput | Toast) => {
		const next = 'id' in input && input.id ? (input as Toast) : makeToast(input)
		if (shownIds.current.has(next.id) && 'id' in input) return
		shownIds.current.add(next.id)
		startTransition(() => setToast(next))
	}, [])
	const dismiss = useCallback(() => startTransition(() => setToast(null)), [])

	// A flash toast from a later navigation arrives as new root loader data.
	useEffect(() => {
		if (initialToast) showToast(initialToast)
	}, [initialToast, showToast])

	// The same value until the toast changes: a new object on every render would count as a change of context.
	const value = useMemo(() => ({ toast, showToast, dismiss }), [toast, showToast, dismiss])
	return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>
}

export function useToast() {
	const context = useContext(ToastContext)
	if (!context) throw new Error('useToast must be used within a ToastProvider')
	return context
}

/**
 * Shows a toast that came back in an action's data. Without JavaScript the
 * page was rendered on the server with it, so it is drawn right here.
 */
export function ActionToast({ toast }: { toast: Toast | null | undefined }) {
	const hydrated = useHydrated()
	const { showToast } = useToast()
	useEffect(() => {
		if (toast) showToast(toast)
	}, [toast, showToast])
	if (hydrated || !toast) return null
	return <ServerToast toast={toast} />
}

/** A toast drawn into the page by the server, for a browser without JavaScript (it hides itself after 5 s). */
export function ServerToast({ toast }: { toast: Toast }) {
	return (
		<ToastRegion>
			<ToastCard toast={toast} />
		</ToastRegion>
	)
}

export function Toaster() {
	const { toast, dismiss } = useToast()
	const hydrated = useHydrated()
	const regionRef = useRef<HTMLElement>(null)

	useEffect(() => {
		function focusOnF8(event: KeyboardEvent) {
			if (event.key === 'F8') {
				event.preventDefault()
				regionRef.current?.focus()
			}
		}
		document.addEventListener('keydown', focusOnF8)
		return () => document.removeEventListener('keydown', focusOnF8)
	}, [])

	// Drawn by the server with nothing to show, the region is left out: an action's own notice
	// (ActionToast) may bring one, and two regions of one name are one too many. F8 needs JavaScript anyway.
	if (!hydrated && !toast) return null
	return (
		<ToastRegion ref={regionRef}>
			{toast ? <ToastCard key={toast.id} toast={toast} onDismiss={hydrated ? dismiss : undefined} /> : null}
		</ToastRegion>
	)
}

/**
 * A named region (a landmark), so the notices are not stray content outside
 * the page's landmarks and F8 has somewhere to go; the toasts are its list.
 * Focused by F8, it shows the focus ring around the notice (none when empty).
 *
 * On a phone (below `md`) it sits at the top, over the top bar, and the
 * notice is compact (its title and text on one line where they fit), so it
 * covers the app's own controls for its few seconds rather than the page a
 * member has just opened; from `md` up, bottom right (docs/decisions/207).
 */
const ToastRegion = forwardRef<HTMLElement, { children: ReactNode }>(function ToastRegion({ children }, ref) {
	return (
		<section
			ref={ref}
			tabIndex={-1}
			aria-label="Notifications (F8)"
			data-toast-region
			className="pointer-events-none fixed right-0 top-0 z-[100] max-h-screen w-full p-2 md:bottom-0 md:top-auto md:max-w-[420px] md:p-4 [&:not(:has(li))]:outline-none"
		>
			<ol className="flex flex-col gap-2">{children}</ol>
		</section>
	)
})

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss?: () => void }) {
	const [offset, setOffset] = useState(0)
	const [paused, setPaused] = useState(false)
	const start = useRef<number | null>(null)

	useEffect(() => {
		if (!onDismiss || paused) return
		const timer = setTimeout(onDismiss, TOAST_DURATION_MS)
		return () => clearTimeout(timer)
	}, [onDismiss, paused])

	const destructive = toast.type === 'destructive'
	const closeId = `toast-close-${toast.id}`
	return (
		<li
			data-testid="toast"
			className={`toast-item pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border py-2 pl-3 pr-9 text-left shadow-lg md:p-4 md:pr-8 ${
				onDismiss ? '' : 'toast-auto-hide'
			} ${destructive ? 'border-red-600 bg-red-600 text-white' : 'border-gray-200 bg-white text-gray-900'}`}
			style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0, 1 - offset / 200) } : undefined}
			onMouseEnter={() => setPaused(true)}
			onMouseLeave={() => setPaused(false)}
			onPointerDown={(event) => {
				start.current = event.clientX
			}}
			onPointerMove={(event) => {
				if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current))
			}}
			onPointerUp={() => {
				if (offset > TOAST_SWIPE_THRESHOLD_PX) onDismiss?.()
				start.current = null
				setOffset(0)
			}}
		>
			{onDismiss ? null : (
				<input type="checkbox" id={closeId} className="toast-close-toggle sr-only" aria-hidden="true" tabIndex={-1} />
			)}
			{/* The live region is the text inside the list item (a role on the <li> would unmake it an item); Close is not read out. */}
			<div
				role={destructive ? 'alert' : 'status'}
				aria-live={destructive ? 'assertive' : 'polite'}
				aria-atomic="true"
				className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 md:grid md:gap-1"
			>
				{toast.title ? <div className="text-sm font-semibold">{toast.title}</div> : null}
				{toast.description ? <div className="text-sm">{toast.description}</div> : null}
			</div>
			{onDismiss ? (
				<button
					type="button"
					onClick={onDismiss}
					aria-label="Close"
					className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
				>
					<span aria-hidden="true">✕</span>
				</button>
			) : (
				<label
					htmlFor={closeId}
					className="absolute right-2 top-2 cursor-pointer rounded p-1 opacity-70 hover:opacity-100"
				>
					<span aria-hidden="true">✕</span>
					<span className="sr-only">Close</span>
				</label>
			)}
		</li>
	)
}
