import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { PremiumBenefits } from '~/components/billing/premium-benefits'
import { BRAND_NAME, BrandLink } from '~/components/brand'
import { Icon, type IconName } from '~/components/ui/icon'
import { MAIN_ID, SkipLink } from '~/components/ui/skip-link'
import { requireAnonymous } from '~/web/auth.server'
import { ButtonLink } from '~/components/ui/button'

export const meta: MetaFunction = () => [
	{ title: `${BRAND_NAME}: Elevate Your Leadership Journey` },
	{
		name: 'description',
		content:
			'Premium video lessons, peer communities, live sessions and resources for leaders. Start with a 30-day free trial.',
	},
]

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAnonymous(request)
	return null
}

/** The app's own icons (components/ui/icon), never emoji: those are empty boxes where no emoji font is installed. */
const FEATURES: Array<{ icon: IconName; title: string; text: string }> = [
	{
		icon: 'video',
		title: 'Premium Video Content',
		text: 'Learn from practical lessons on strategy, communication and team building, and pick up where you left off.',
	},
	{
		icon: 'community',
		title: 'Community Discussions',
		text: 'Join live chat rooms with leaders at your stage: executives, new managers and women in leadership.',
	},
	{
		icon: 'messages',
		title: 'Private Messaging',
		text: 'Reach out to peers and mentors directly and keep the conversation going one to one.',
	},
	{
		icon: 'events',
		title: 'Live Sessions',
		text: 'Attend workshops, coaching circles and fireside chats, or watch the replays on your schedule.',
	},
	{
		icon: 'resources',
		title: 'Resource Library',
		text: 'Download templates, worksheets and guides you can use with your team the same day.',
	},
	{
		icon: 'user',
		title: 'Custom Profile',
		text: 'Tell the community who you are and what you are working on, and track your own progress.',
	},
]

/** product §2: every footer link leads somewhere real, a section of this page or a page of the site. */
const FOOTER_COLUMNS = [
	{
		heading: 'Product',
		links: [
			['Features', '#features'],
			['Pricing', '#pricing'],
			['Team pricing', '/contact?topic=team-pricing'],
		],
	},
	{
		heading: 'Account',
		links: [
			['Log in', '/auth'],
			['Sign up', '/auth?tab=signup'],
			['Forgot password', '/forgot-password'],
		],
	},
	{
		heading: 'Company',
		links: [['Contact', '/contact']],
	},
	{
		heading: 'Legal',
		links: [
			['Privacy', '/privacy'],
			['Terms', '/terms'],
			['Cookies', '/privacy#cookies'],
		],
	},
]

export default function LandingPage() {
	return (
		<div className="min-h-screen bg-white">
			<SkipLink />
			<header className="sticky top-0 z-10 border-b bg-white/90 backdrop-blur">
				<nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
					<BrandLink to="/" />
					{/*
					 * On the narrowest phones the brand and three links do not fit on one line. Pricing is the
					 * section just below, so it goes first (under 400px); under 360px Log in goes too, as
					 * Get Started leads to the same page.
					 */}
					<div className="flex items-center gap-1 whitespace-nowrap sm:gap-4">
						<Link
							to="/auth"
							className="hidden rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:text-gray-900 min-[360px]:block"
						>
							Log in
						</Link>
						<a
							href="#pricing"
							className="hidden rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:text-gray-900 min-[400px]:block"
						>
							Pricing
						</a>
						<ButtonLink to="/auth" className="px-3 sm:px-4">
							Get Started
						</ButtonLink>
					</div>
				</nav>
			</header>

			<main id={MAIN_ID} tabIndex={-1} className="focus:outline-none">
				<section className="bg-gradient-to-b from-brand-50 to-white">
					<div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
						<h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-gray-900 sm:text-6xl">
							Elevate Your Leadership Journey
						</h1>
						<p className="mx-auto mt-6 max-w-2xl text-lg text-gray-600">
							Join a community of aspiring and working leaders. Learn from premium video lessons, talk with peers in
							live discussions, and grow with events and resources built for people who lead.
						</p>
						<div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
							<ButtonLink to="/auth" size="lg">
								Join the Community
							</ButtonLink>
							<a
								href="#features"
								className="rounded-md border border-gray-300 bg-white px-6 py-3 text-base font-semibold text-gray-800 hover:bg-gray-50"
							>
								Learn More
							</a>
						</div>
					</div>
				</section>

				<section id="features" aria-labelledby="features-heading" className="mx-auto max-w-6xl scroll-mt-16 px-4 py-20">
					<h2 id="features-heading" className="text-center text-3xl font-bold text-gray-900">
						Everything you need to grow as a leader
					</h2>
					<p className="mx-auto mt-4 max-w-2xl text-center text-gray-600">
						One membership gives you lessons, people and practice, in one place.
					</p>
					<ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
						{FEATURES.map((feature) => (
							<li key={feature.title} className="rounded-xl border bg-white p-6 shadow-sm">
								<span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
									<Icon name={feature.icon} className="h-5 w-5" />
								</span>
								<h3 className="mt-4 text-lg font-semibold text-gray-900">{feature.title}</h3>
								<p className="mt-2 text-sm text-gray-600">{feature.text}</p>
							</li>
						))}
					</ul>
				</section>

				<section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-16 bg-gray-50 py-20">
					<div className="mx-auto max-w-6xl px-4">
						<h2 id="pricing-heading" className="text-center text-3xl font-bold text-gray-900">
							Simple, transparent pricing
						</h2>
						<p className="mx-auto mt-4 max-w-2xl text-center text-gray-600">
							One plan with everything included. Your first month is free.
						</p>
						<div className="mx-auto mt-12 max-w-md rounded-2xl border-2 border-brand-600 bg-white p-8 shadow-lg">
							<div className="flex items-center justify-between">
								<h3 className="text-xl font-bold text-gray-900">Premium</h3>
								<span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-700">
									First month free
								</span>
							</div>
							<p className="mt-6">
								<span className="text-5xl font-extrabold text-gray-900">$50</span>
								<span className="text-gray-600"> per month</span>
							</p>
							<p className="mt-2 text-sm text-gray-600">
								30-day free trial. No credit card required to start your trial; your card is not charged during the
								trial, and you can cancel anytime.
							</p>
							<PremiumBenefits className="mt-6 space-y-3" />
							<ButtonLink to="/subscribe" size="wide" className="mt-8 py-3 text-base">
								Start Free Trial
							</ButtonLink>
						</div>
						<p className="mt-8 text-center text-sm text-gray-600">
							Looking for team pricing?{' '}
							<Link to="/contact?topic=team-pricing" className="font-medium text-brand-700 hover:underline">
								Contact us
							</Link>
						</p>
					</div>
				</section>

				<section aria-labelledby="cta-heading" className="bg-brand-700">
					<div className="mx-auto max-w-6xl px-4 py-16 text-center">
						<h2 id="cta-heading" className="text-3xl font-bold text-white">
							Ready to lead with confidence?
						</h2>
						<p className="mx-auto mt-4 max-w-xl text-brand-100">
							Create your free account today and start your 30-day Premium trial whenever you are ready.
						</p>
						<Link
							to="/auth"
							className="mt-8 inline-block rounded-md bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-white"
						>
							Sign up for free
						</Link>
					</div>
				</section>
			</main>

			<footer className="border-t bg-white">
				<div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
					<div>
						<BrandLink to="/" />
						<p className="mt-3 text-sm text-gray-600">
							Leadership development for people who lead, and people who are about to.
						</p>
					</div>
					{FOOTER_COLUMNS.map((column) => (
						<nav key={column.heading} aria-label={column.heading}>
							<h3 className="text-sm font-semibold text-gray-900">{column.heading}</h3>
							<ul className="mt-2 space-y-1">
								{column.links.map(([label, href]) => (
									<li key={href}>
										<a
											href={href}
											className="inline-flex min-h-6 items-center py-1 text-sm text-gray-600 hover:text-gray-900"
										>
											{label}
										</a>
									</li>
								))}
							</ul>
						</nav>
					))}
				</div>
				<p className="border-t py-6 text-center text-xs text-gray-500">
					© {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
				</p>
			</footer>
		</div>
	)
}
