import { type ReactNode } from 'react'

/**
 * A drop-down menu built on <details>, so it opens and closes without
 * JavaScript. With JavaScript the layout also closes it on an outside click,
 * on Escape and after a navigation (useDismissibleMenus).
 */
export function DropdownMenu({
	summary,
	label,
	children,
	panelClassName = 'w-64',
}: {
	summary: ReactNode
	/** The accessible name of the toggle. */
	label: string
	children: ReactNode
	panelClassName?: string
}) {
	return (
		<details data-menu className="group relative">
			<summary className="relative flex cursor-pointer list-none items-center gap-2 rounded-full p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900 group-open:bg-gray-100 [&::-webkit-details-marker]:hidden">
				<span className="sr-only">{label}</span>
				{summary}
			</summary>
			{/* On a phone the panel hangs from the screen's right edge, not from its button: the buttons sit left of the
			    Menu button, and a wide panel hung from one would start off the screen's left edge (decision 234). */}
			<div
				className={`absolute right-0 z-40 mt-2 max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-xl border border-gray-200 bg-white shadow-lg max-md:fixed max-md:right-3 max-md:top-16 ${panelClassName}`}
			>
				{children}
			</div>
		</details>
	)
}

export function CountBadge({ count, className = '' }: { count: number; className?: string }) {
	return (
		<span
			aria-hidden="true"
			className={`flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold leading-none text-white ${className}`}
		>
			{count}
		</span>
	)
}
