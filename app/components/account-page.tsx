import { type ReactNode } from 'react'
import { BrandLink } from '~/components/brand'

/**
 * The frame of the pages a mail's link opens (reset a password, confirm an
 * email, unsubscribe) and of /forgot-password: the brand, one card with a
 * heading, what the page is for, and its form or answer. No login needed.
 */
export function AccountPage({
	title,
	description,
	children,
}: {
	title: string
	description?: ReactNode
	children?: ReactNode
}) {
	return (
		<main className="flex min-h-screen flex-col bg-gray-50 px-4 py-8 sm:px-8">
			<BrandLink to="/" />
			<div className="mx-auto my-auto w-full max-w-md py-10">
				<div className="rounded-lg border bg-white p-6 shadow-sm">
					<h1 className="text-2xl font-bold text-gray-900">{title}</h1>
					{description ? <div className="mt-2 text-sm text-gray-600">{description}</div> : null}
					{children ? <div className="mt-6">{children}</div> : null}
				</div>
			</div>
		</main>
	)
}
