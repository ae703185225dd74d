import { json, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { LegalPage, LegalSection } from '~/components/legal/legal-page'
import { pageMeta } from '~/components/page-meta'
import { PRODUCT_NAME } from '~/lib/product'
import { describePersonalData } from '~/services/account/personal-data.server'

export const meta: MetaFunction = () =>
	pageMeta(
		'Privacy Policy',
		`What ${PRODUCT_NAME} stores about its members, why, for how long, and how to take it away.`,
	)

/**
 * product §2 "Privacy": what is stored comes from the registry of personal
 * data (docs/decisions/097), the same list "Download my data" and account
 * deletion work from, so this page changes when a new kind of data does
 * (docs/decisions/208).
 */
export function loader() {
	return json({ stored: describePersonalData() })
}

/**
 * The cookies the app sets (app/web/session.server.ts, csrf.server.ts,
 * known-device.server.ts, toast.server.ts, sidebar-cookie.server.ts and the
 * time-zone hint of lib/time-zone-hint.ts). A new cookie is a line here.
 */
const COOKIES = [
	['__session', 'Keeps you logged in: a random id of your session, nothing else.', 'Until you log out, or 30 days.'],
	['csrf', 'Proves that a form was sent from our own pages before you log in.', 'Until you close the browser.'],
	[
		'known_device',
		'Remembers which accounts have logged in on this browser, so a wrong password from elsewhere never locks you out here.',
		'A year.',
	],
	['tz', 'Your time zone, so times are shown in it.', 'A year.'],
	['sidebar', 'Whether you collapsed the sidebar.', 'A year.'],
	['en_toast', 'A notice to show on the next page ("Login successful").', 'Until that page is shown.'],
] as const

export default function PrivacyPage() {
	const { stored } = useLoaderData<typeof loader>()
	return (
		<LegalPage
			title="Privacy Policy"
			intro={
				<>
					<p>
						{PRODUCT_NAME} is a paid membership community for leaders. To run it we keep what you give us and what you
						do here, and nothing else: no advertising, no tracking across other sites, no selling or renting of your
						data.
					</p>
					<p>
						The list below is drawn from the same record of personal data the app uses when you download your data or
						delete your account, so it changes as soon as what we store does.
					</p>
				</>
			}
		>
			<LegalSection id="what-we-store" title="What we store, and for how long">
				<div className="overflow-hidden rounded-lg border border-gray-200 bg-white">
					<table className="w-full text-left text-sm">
						<caption className="sr-only">What we store about you, and for how long</caption>
						<thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
							<tr>
								<th scope="col" className="px-4 py-2 font-semibold">
									What
								</th>
								<th scope="col" className="px-4 py-2 font-semibold">
									For how long
								</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-gray-100 align-top">
							{stored.map((entry) => (
								<tr key={entry.stored}>
									<td className="px-4 py-3 text-gray-900">{entry.stored}</td>
									<td className="px-4 py-3 text-gray-600">{entry.retention}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</LegalSection>

			<LegalSection title="Who sees what">
				<p>
					Other members see your name, username, picture, bio and role, and what you write in the community rooms.
					Private messages are seen by you and the member you write to; a moderator reads one only when one of you
					reports it. Administrators see your email address, your subscription status and when you joined and were last
					active, to run the community and answer you.
				</p>
			</LegalSection>

			<LegalSection title="Payments">
				<p>
					Card payments are handled by Stripe. Your card number never reaches our servers: we keep Stripe&apos;s
					reference to you and to your subscription, the status of your plan and when its period ends. The card form on
					the subscription page is Stripe&apos;s own, and sets Stripe&apos;s fraud-prevention cookies (
					<code className="font-mono">__stripe_mid</code>, <code className="font-mono">__stripe_sid</code>).
				</p>
			</LegalSection>

			<LegalSection title="Email">
				<p>
					We email you what your account needs (password reset links, email address changes, payment problems) and the
					notifications you choose under Profile, Notifications. Every notification email has a link that stops that
					kind of email at once, without logging in.
				</p>
			</LegalSection>

			<LegalSection id="cookies" title="Cookies">
				<p>
					These are the cookies we set; none is used for advertising or analytics. Stripe&apos;s card form sets its own
					(see Payments).
				</p>
				<ul className="space-y-2">
					{COOKIES.map(([name, what, howLong]) => (
						<li key={name} className="rounded-lg border border-gray-200 bg-white p-3 text-sm">
							<code className="font-mono font-semibold text-gray-900">{name}</code>: {what}{' '}
							<span className="text-gray-600">{howLong}</span>
						</li>
					))}
				</ul>
			</LegalSection>

			<LegalSection title="Your choices">
				<ul className="list-disc space-y-2 pl-5">
					<li>Correct your name, email address, bio and picture under Profile.</li>
					<li>Download everything we hold about you under Profile, Account, Download my data.</li>
					<li>
						Delete your account under Profile, Account. Your data goes at once, except what the table above says stays
						(room messages, shown as from a deleted member, and the records of reports and moderation).
					</li>
					<li>Choose which emails you get under Profile, Notifications.</li>
				</ul>
				<p>
					Questions about your data:{' '}
					<Link to="/contact" className="font-medium text-brand-700 underline underline-offset-2">
						contact us
					</Link>
					. The rules of membership are in the{' '}
					<Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2">
						Terms of Service
					</Link>
					.
				</p>
			</LegalSection>
		</LegalPage>
	)
}
