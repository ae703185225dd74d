import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { Icon } from '~/components/ui/icon'

/** The small "← Back to …" link at the top of a page that belongs to another (a program's item to its outline). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
	return (
		<Link to={to} className="inline-flex items-center gap-2 text-sm font-medium text-gray-600 hover:text-gray-900">
			<Icon name="arrowLeft" className="h-4 w-4" />
			{children}
		</Link>
	)
}
