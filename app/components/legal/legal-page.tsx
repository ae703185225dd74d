import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { BrandLink } from '~/components/brand'
import { MAIN_ID, SkipLink } from '~/components/ui/skip-link'

const LINKS = [
	['/', 'Home'],
	['/privacy', 'Privacy Policy'],
	['/terms', 'Terms of Service'],
	['/contact', 'Contact'],
] as const

/**
 * The frame of the public documents (/privacy, /terms): the brand, the
 * title, its sections, and the links between them. Anyone may read them;
 * they ship no JavaScript.
 */
export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
	return (
		<div className="min-h-screen bg-gray-50">
			<SkipLink />
			<header className="border-b bg-white">
				<div className="mx-auto flex h-16 max-w-3xl items-center px-4">
					<BrandLink to="/" />
				</div>
			</header>
			<main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-3xl px-4 py-10 focus:outline-none">
				<h1 className="text-3xl font-bold text-gray-900">{title}</h1>
				<div className="mt-4 space-y-3 text-gray-700">{intro}</div>
				<div className="mt-8 space-y-10">{children}</div>
			</main>
			<footer className="border-t bg-white">
				<nav
					aria-label="About this site"
					className="mx-auto flex max-w-3xl flex-wrap gap-x-6 gap-y-1 px-4 py-6 text-sm"
				>
					{LINKS.map(([to, label]) => (
						<Link key={to} to={to} className="inline-flex min-h-6 items-center py-1 text-gray-600 hover:text-gray-900">
							{label}
						</Link>
					))}
				</nav>
			</footer>
		</div>
	)
}

/** One section of a document, with its heading (and an id, so other pages can link to it). */
export function LegalSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
	const headingId = `${id ?? title.toLowerCase().replace(/[^a-z]+/g, '-')}-heading`
	return (
		<section id={id} aria-labelledby={headingId} className="scroll-mt-4 space-y-3 text-gray-700">
			<h2 id={headingId} className="text-xl font-semibold text-gray-900">
				{title}
			</h2>
			{children}
		</section>
	)
}
