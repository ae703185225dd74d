import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { AccountPage } from '~/components/account-page'
import { BRAND_NAME } from '~/components/brand'
import { Field, FormErrors, FormOnceInput, SelectField, TextareaField, useIsSubmitting } from '~/components/forms'
import { StatusButton } from '~/components/ui/button'
import { ActionToast } from '~/components/ui/toaster'
import { useConformForm } from '~/components/use-conform-form'
import { CONTACT_MESSAGE_MAX, CONTACT_TOPICS, readContactTopic } from '~/lib/contact'
import { ContactSchema } from '~/lib/form-schemas.server'
import {
	CONTACT_UNAVAILABLE,
	contactFormLimiter,
	isContactFormAvailable,
	sendContactMessage,
} from '~/services/contact.server'
import { getOptionalUser } from '~/web/auth.server'
import { pageHeadersWithRetryAfter } from '~/web/errors.server'
import { type FormActionData, handleFormSubmission, newFormOnceToken } from '~/web/form.server'
import { enforceClientRateLimit } from '~/web/rate-limit.server'
import { type RouteHandle } from '~/types'
import { pageMeta } from '~/components/page-meta'

/** The form gains client validation and a pending label. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () =>
	pageMeta(
		'Contact us',
		'Questions about LeaderForge, team pricing or your account: write to the people who run the community.',
	)

/** A refused message's Retry-After reaches the page's answer. */
export const headers = pageHeadersWithRetryAfter

/**
 * product §2 "Contact": anyone may write to the team; the message is mailed
 * to the admins (docs/decisions/065). A signed-in member finds their name
 * and address filled in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await getOptionalUser(request)
	return json({
		available: isContactFormAvailable(),
		topic: readContactTopic(new URL(request.url).searchParams.get('topic')),
		name: user?.name ?? '',
		email: user?.email ?? '',
		formOnce: newFormOnceToken(),
	})
}

export function action({ request, context }: ActionFunctionArgs) {
	return handleFormSubmission({
		request,
		schema: ContactSchema,
		intent: 'contact',
		failureTitle: 'Could not send your message',
		// The same form sent twice (a double click, a resent page) mails the team once.
		once: { onRepeat: (contact) => json({ sent: { name: contact.name, email: contact.email } }) },
		onValid: async (contact) => {
			// Counted only for a message that could be sent: a form refused for its content costs nothing.
			await enforceClientRateLimit(context, contactFormLimiter())
			await sendContactMessage(contact)
			return json({ sent: { name: contact.name, email: contact.email } })
		},
	})
}

export default function ContactPage() {
	const { available } = useLoaderData<typeof loader>()
	const actionData = useActionData<FormActionData | { sent: { name: string; email: string } }>()
	const sent = actionData && 'sent' in actionData ? actionData.sent : null
	return (
		<AccountPage
			title="Contact us"
			description={
				<>
					<p>Questions about membership, or Premium for your whole team? Write to us.</p>
					<p className="mt-2">
						Your message goes by email to the {BRAND_NAME} team, and we answer by email to the address you give. We use
						it for nothing else.
					</p>
				</>
			}
		>
			{sent ? (
				<div className="space-y-4">
					<p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
						Thank you, {sent.name}. Your message is on its way to our team; we will answer at {sent.email}.
					</p>
					<Link to="/contact" className="text-sm font-medium text-brand-700 hover:underline">
						Send another message
					</Link>
				</div>
			) : available ? (
				<ContactForm />
			) : (
				<p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
					{CONTACT_UNAVAILABLE}
				</p>
			)}
			<p className="mt-6 text-sm">
				<Link to="/" className="font-medium text-brand-700 hover:underline">
					Back to the home page
				</Link>
			</p>
			<ActionToast toast={actionData && 'toast' in actionData ? actionData.toast : null} />
		</AccountPage>
	)
}

function ContactForm() {
	const { topic, name, email, formOnce } = useLoaderData<typeof loader>()
	const pending = useIsSubmitting('contact')
	const [form, fields] = useConformForm({
		id: 'contact-form',
		schema: () => import('~/lib/contact-schemas').then((m) => m.ContactSchema),
		intent: 'contact',
		defaultValue: { topic, name, email },
	})
	return (
		<Form method="post" action="/contact" className="space-y-4" {...getFormProps(form)}>
			<AuthenticityTokenInput />
			<FormOnceInput token={formOnce} />
			<input type="hidden" name="intent" value="contact" />
			<FormErrors errors={form.errors} />
			<Field
				label="Name"
				inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
				errors={fields.name.errors}
			/>
			<Field
				label="Email"
				inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
				errors={fields.email.errors}
			/>
			<SelectField
				label="Topic"
				selectProps={getSelectProps(fields.topic)}
				options={[...CONTACT_TOPICS]}
				errors={fields.topic.errors}
			/>
			<TextareaField
				label="Message"
				textareaProps={{ ...getTextareaProps(fields.message), rows: 6, maxLength: CONTACT_MESSAGE_MAX }}
				errors={fields.message.errors}
			/>
			<StatusButton pending={pending} pendingLabel="Sending..." size="wide">
				Send message
			</StatusButton>
		</Form>
	)
}
