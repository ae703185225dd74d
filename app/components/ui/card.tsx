import { type HTMLAttributes } from 'react'

export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
	return <div className={`rounded-xl border border-gray-200 bg-white shadow-sm ${className}`} {...props} />
}

export function CardHeader({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
	return <div className={`flex flex-col gap-1 p-5 pb-3 ${className}`} {...props} />
}

export function CardTitle({ className = '', children, ...props }: HTMLAttributes<HTMLHeadingElement>) {
	return (
		<h2 className={`text-lg font-semibold text-gray-900 ${className}`} {...props}>
			{children}
		</h2>
	)
}

export function CardContent({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
	return <div className={`p-5 pt-0 ${className}`} {...props} />
}
