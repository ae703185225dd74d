import { type HTMLAttributes } from 'react'

const TONES = {
	gray: 'bg-gray-100 text-gray-700',
	blue: 'bg-blue-100 text-blue-800',
	green: 'bg-green-100 text-green-800',
	red: 'bg-red-100 text-red-800',
	amber: 'bg-amber-100 text-amber-800',
	brand: 'bg-brand-100 text-brand-700',
} as const

export type BadgeTone = keyof typeof TONES

/** A short label on one line ('content manager' never breaks in two). */
export function Badge({
	tone = 'gray',
	className = '',
	...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
	return (
		<span
			className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${TONES[tone]} ${className}`}
			{...props}
		/>
	)
}
