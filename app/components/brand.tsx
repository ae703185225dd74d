import { Link } from '@remix-run/react'
import { PRODUCT_NAME } from '~/lib/product'

export const BRAND_NAME = PRODUCT_NAME

/** The logo and the name. `compact`: the name is spoken but not drawn below `sm`, where the member top bar needs the room. */
export function BrandLink({ to, compact = false }: { to: string; compact?: boolean }) {
	return (
		<Link to={to} className="flex items-center gap-2 text-lg font-bold text-gray-900">
			<span
				aria-hidden="true"
				className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-sm font-bold text-white"
			>
				LF
			</span>
			<span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{BRAND_NAME}</span>
		</Link>
	)
}
