import { Link } from '@remix-run/react'
import { PRODUCT_NAME } from '~/lib/product'

export const BRAND_NAME = PRODUCT_NAME

export function BrandLink({ to }: { to: string }) {
	return (
		<Link to={to} className="flex items-center gap-2 text-lg font-bold text-gray-900">
			<span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-sm font-bold text-white">
				LF
			</span>
			{BRAND_NAME}
		</Link>
	)
}
