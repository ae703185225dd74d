import { type ReactNode } from 'react'

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
	return (
		<div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
			{icon ? (
				<div aria-hidden="true" className="mb-3 text-3xl text-gray-400">
					{icon}
				</div>
			) : null}
			<p className="font-medium text-gray-900">{title}</p>
			{children ? <div className="mt-1 text-sm text-gray-600">{children}</div> : null}
		</div>
	)
}
