import { type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { LegalPage, LegalSection } from '~/components/legal/legal-page'
import { pageMeta } from '~/components/page-meta'
import { MUTE_DURATION_OPTIONS } from '~/lib/moderation'
import { PRODUCT_NAME } from '~/lib/product'
import { FREE_VIDEO_LIMIT, PREMIUM_PRICE_LABEL, TRIAL_DAYS } from '~/lib/subscription'

export const meta: MetaFunction = () =>
	pageMeta(
		'Terms of Service',
		`The rules of a ${PRODUCT_NAME} membership: the free trial, monthly billing, cancelling, acceptable use and moderation.`,
	)

/** The mute lengths a moderator chooses from, in words ('1 hour, 24 hours, 7 days or until lifted'). */
const MUTE_LENGTHS = MUTE_DURATION_OPTIONS.map((option) => option.label.toLowerCase())
	.join(', ')
	.replace(/, ([^,]+)$/, ' or $1')

const link = 'font-medium text-brand-700 underline underline-offset-2'

/**
 * product §2 "Terms": the terms of a paid membership with a free trial and
 * monthly billing, written from how the product works (docs/decisions/208).
 * Its figures come from the same constants the billing code uses.
 */
export default function TermsPage() {
	return (
		<LegalPage
			title="Terms of Service"
			intro={
				<p>
					These terms are the agreement between you and {PRODUCT_NAME} about your membership of the community. By
					creating an account you accept them. What we store about you, and for how long, is in the{' '}
					<Link to="/privacy" className={link}>
						Privacy Policy
					</Link>
					.
				</p>
			}
		>
			<LegalSection title="Your account">
				<p>
					An account is for one person. Give a real name and an email address you read, keep your password to yourself,
					and tell us if you think someone else has used your account. You are responsible for what is done with it.
				</p>
			</LegalSection>

			<LegalSection title="Free accounts and Premium">
				<p>
					A free account plays the first {FREE_VIDEO_LIMIT} lessons, reads the community rooms and sends private
					messages. Premium ({PREMIUM_PRICE_LABEL} a month) adds every lesson and posting in the rooms.
				</p>
			</LegalSection>

			<LegalSection title="Free trial and billing">
				<p>
					Premium starts with a {TRIAL_DAYS}-day free trial, once per account. Your card is not charged during the
					trial. When it ends, {PREMIUM_PRICE_LABEL} is charged, and again every month after that, until you cancel. If
					a payment fails, Premium pauses until it is paid; we tell you by email and on every page, and you can pay with
					another card.
				</p>
			</LegalSection>

			<LegalSection title="Cancelling">
				<p>
					You can cancel at any time under Profile, Billing. Nothing more is charged, and Premium stays until the end of
					the month you have paid for (or of your trial). Until that day you can take the cancellation back.
				</p>
			</LegalSection>

			<LegalSection title="Refunds">
				<p>
					We do not refund part of a month, whether you cancel or delete your account during it, unless the law where
					you live says we must. If you were charged by mistake, contact us and we will put it right.
				</p>
			</LegalSection>

			<LegalSection title="Acceptable use">
				<p>The community is for leaders learning from each other. Do not:</p>
				<ul className="list-disc space-y-1 pl-5">
					<li>harass, threaten or demean anyone, or post hateful content;</li>
					<li>post spam, advertising or the same message again and again;</li>
					<li>pretend to be someone else, or share someone&apos;s private messages or personal details;</li>
					<li>post what you have no right to share, or anything unlawful;</li>
					<li>share your account, resell access, or copy the lessons and resources to share them outside;</li>
					<li>break, probe or overload the service, or collect other members&apos; data from it.</li>
				</ul>
			</LegalSection>

			<LegalSection title="Moderation">
				<p>
					Members report messages that break these rules; moderators read the reports. A moderator may remove a message
					from a room and mute its author in every room for {MUTE_LENGTHS}. We may delete an account that breaks these
					terms seriously or again and again; a paid plan then ends at once, without a refund.
				</p>
			</LegalSection>

			<LegalSection title="Your content">
				<p>
					What you write stays yours. You let us show it to the members who may read it, as part of the community. Your
					room messages stay in the rooms, under &ldquo;Deleted member&rdquo;, if you delete your account.
				</p>
			</LegalSection>

			<LegalSection title="Deleting your account">
				<p>
					You can delete your account at any time under Profile, Account, with your password. Your subscription ends at
					once and your data is deleted as the{' '}
					<Link to="/privacy" className={link}>
						Privacy Policy
					</Link>{' '}
					describes. Download your data first if you want a copy.
				</p>
			</LegalSection>

			<LegalSection title="Changes to these terms">
				<p>
					If we change these terms we publish the new version here. A change to what you pay or to what Premium includes
					is announced by email before it applies, and you can cancel before it does.
				</p>
			</LegalSection>

			<LegalSection title="Contact">
				<p>
					Questions about these terms or your membership:{' '}
					<Link to="/contact" className={link}>
						contact us
					</Link>
					.
				</p>
			</LegalSection>
		</LegalPage>
	)
}
