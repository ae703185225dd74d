import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface PlayerMenuItem {
	key: string
	label: string
	/** The item in force (the captions' language, the chapter playing): read out as checked. */
	checked: boolean
}

/**
 * A menu of the player's controls (the captions' languages, the chapters):
 * a button that opens a list above it, as the WAI-ARIA menu button pattern
 * has it. It opens on a click, Enter, Space or the arrow keys, with the
 * item in force focused; the arrows, Home and End move, Enter or Space
 * choose, Escape closes and gives the focus back to the button, and Tab or
 * a click elsewhere closes it.
 */
export function PlayerMenu({
	label,
	title,
	icon,
	items,
	onSelect,
}: {
	/** The button's name: what it does and what is in force ('Captions: English'). */
	label: string
	/** The menu's name, and the button's tooltip. */
	title: string
	icon: ReactNode
	items: readonly PlayerMenuItem[]
	onSelect: (key: string) => void
}) {
	const [open, setOpen] = useState(false)
	const [focused, setFocused] = useState(0)
	const buttonRef = useRef<HTMLButtonElement>(null)
	const listRef = useRef<HTMLUListElement>(null)
	const menuId = useId()

	function openMenu(at?: number) {
		const checked = items.findIndex((item) => item.checked)
		setFocused(at ?? Math.max(0, checked))
		setOpen(true)
	}

	function close({ refocus }: { refocus: boolean }) {
		setOpen(false)
		if (refocus) buttonRef.current?.focus()
	}

	// The focused item takes the keyboard's focus whenever it changes while open.
	useEffect(() => {
		if (open) listRef.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]')[focused]?.focus()
	}, [open, focused])

	// A press anywhere but the menu and its button closes it.
	useEffect(() => {
		if (!open) return
		function onPointerDown(event: PointerEvent) {
			const target = event.target as Node
			if (!listRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
		}
		document.addEventListener('pointerdown', onPointerDown)
		return () => document.removeEventListener('pointerdown', onPointerDown)
	}, [open])

	function onButtonKeyDown(event: KeyboardEvent) {
		if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
			event.preventDefault()
			openMenu(event.key === 'ArrowUp' ? items.length - 1 : undefined)
		}
	}

	function onListKeyDown(event: KeyboardEvent) {
		const last = items.length - 1
		const moves: Record<string, number> = {
			ArrowDown: focused === last ? 0 : focused + 1,
			ArrowUp: focused === 0 ? last : focused - 1,
			Home: 0,
			End: last,
		}
		if (event.key in moves) {
			event.preventDefault()
			setFocused(moves[event.key]!)
		} else if (event.key === 'Escape') {
			// The player's own Escape (leaving fullscreen) is the browser's; the menu only closes.
			event.preventDefault()
			event.stopPropagation()
			close({ refocus: true })
		} else if (event.key === 'Tab') setOpen(false)
	}

	return (
		<div className="relative">
			<button
				ref={buttonRef}
				type="button"
				aria-label={label}
				title={title}
				aria-haspopup="menu"
				aria-expanded={open}
				aria-controls={open ? menuId : undefined}
				onClick={() => (open ? close({ refocus: false }) : openMenu())}
				onKeyDown={onButtonKeyDown}
				className="rounded-md p-1.5 hover:bg-white/20 aria-expanded:bg-white/20"
			>
				{icon}
			</button>
			{open ? (
				<ul
					ref={listRef}
					id={menuId}
					role="menu"
					aria-label={title}
					onKeyDown={onListKeyDown}
					className="absolute bottom-full right-0 z-10 mb-2 max-h-36 w-max min-w-40 max-w-[16rem] overflow-y-auto sm:max-h-64 rounded-lg bg-gray-900/95 py-1 text-sm shadow-lg ring-1 ring-white/10"
				>
					{items.map((item, index) => (
						<li key={item.key} role="none">
							<button
								type="button"
								role="menuitemradio"
								aria-checked={item.checked}
								tabIndex={index === focused ? 0 : -1}
								onClick={() => {
									onSelect(item.key)
									close({ refocus: true })
								}}
								className="flex w-full items-center gap-2 px-3 py-1.5 text-left hover:bg-white/15 focus:bg-white/15 focus:outline-none"
							>
								<span aria-hidden="true" className="w-4 shrink-0">
									{item.checked ? '✓' : ''}
								</span>
								<span className="min-w-0">{item.label}</span>
							</button>
						</li>
					))}
				</ul>
			) : null}
		</div>
	)
}
