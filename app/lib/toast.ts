/** A notice (product §2 "Notices"): optional title, description and style. */
export interface Toast {
	id: string
	type: 'default' | 'destructive'
	title?: string
	description?: string
}

export type ToastInput = Omit<Toast, 'id' | 'type'> & { type?: Toast['type'] }

export function makeToast(input: ToastInput): Toast {
	return { id: Math.random().toString(36).slice(2), type: input.type ?? 'default', ...input }
}

/** product §2: one visible at a time, 5000 ms, swipe right 50 px dismisses. */
export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD_PX = 50
