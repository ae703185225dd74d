import {
	json,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AccountPage } from '~/components/account-page'
import { BRAND_NAME } from '~/components/brand'
import { pageMeta } from '~/components/page-meta'
import { Button } from '~/components/ui/button'
import { ServiceError } from '~/lib/service-error'
import { readUnsubscribeLink, unsubscribe } from '~/services/notifications/preferences.server'
import { readFormBody } from '~/web/http.server'

export const meta: MetaFunction = () =>
	pageMeta('Unsubscribe', 'Stop a kind of LeaderForge notification email with one click.')

/**
 * The address holds a secret: never cached. (Other sites never see it as a
 * referrer either: the app's Referrer-Policy, strict-origin-when-cross-origin,
 * sends them the origin only. `no-referrer` would make the browser send
 * `Origin: null` with the page's own form, which Remix refuses.)
 */
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

/**
 * The unsubscribe link of every notification email (docs/decisions/123):
 * /unsubscribe?token=… names the member and the kind of email, signed, so
 * no login is needed.
 *
 * - GET shows which emails stop, and a button: opening a link (a mail
 *   scanner does) changes nothing.
 * - POST turns them off: the page's button, or the mail client's one-click
 *   unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`, posted by the mail
 *   provider's servers). That post comes without our cookies, so there is no
 *   CSRF token to check: the signed token is the authority, and all it can
 *   do is turn one kind of email off.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	try {
		const { label } = await readUnsubscribeLink(token)
		return json({ token, label, problem: null })
	} catch (error) {
		if (!(error instanceof ServiceError)) throw error
		return json({ token: null, label: null, problem: error.message }, { status: error.status })
	}
}

export async function action({ request }: ActionFunctionArgs) {
	// A form body is read for its checks (type, size, field names); the token travels in the address.
	await readFormBody(request)
	const token = new URL(request.url).searchParams.get('token') ?? ''
	try {
		const { label } = await unsubscribe(token)
		return json({ done: `You will no longer get ${label.toLowerCase()} emails.`, problem: null })
	} catch (error) {
		if (!(error instanceof ServiceError)) throw error
		return json({ done: null, problem: error.message }, { status: error.status })
	}
}

export default function UnsubscribePage() {
	const { token, label, problem } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const settings = (
		<p className="mt-6 text-sm text-gray-600">
			Choose every kind of email in{' '}
			<Link to="/profile?tab=notifications" className="font-medium text-brand-700 hover:underline">
				your profile, under Notifications
			</Link>
			.
		</p>
	)
	if (actionData?.done) {
		return (
			<AccountPage title="You are unsubscribed" description={<p role="status">{actionData.done}</p>}>
				{settings}
			</AccountPage>
		)
	}
	if (!token || problem || actionData?.problem) {
		return (
			<AccountPage title="This link cannot be used" description={actionData?.problem ?? problem}>
				{settings}
			</AccountPage>
		)
	}
	return (
		<AccountPage
			title="Unsubscribe"
			description={`Stop ${label?.toLowerCase()} emails from ${BRAND_NAME}? You still see these notifications on the site.`}
		>
			<Form method="post" action={`/unsubscribe?token=${encodeURIComponent(token)}`}>
				<input type="hidden" name="List-Unsubscribe" value="One-Click" />
				<Button type="submit" size="wide">
					Unsubscribe
				</Button>
			</Form>
			{settings}
		</AccountPage>
	)
}
