import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pageMeta } from '~/components/page-meta'
import { isMailCatcherInUse, listCaughtMail } from '~/platform/mail/index.server'
import { CAUGHT_MAIL_REFUSED, mayReadCaughtMail } from '~/web/caught-mail-access.server'

export const meta: MetaFunction = () =>
	pageMeta('Caught mail', 'The mail the development server caught instead of sending.')

const PAGE_SIZE = 20

/**
 * Development, the demo and tests only: the mail this server would have
 * sent, as a member would read it; on this computer or for an admin
 * (web/caught-mail-access.server.ts). 404 elsewhere.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	if (!isMailCatcherInUse()) throw json(null, { status: 404 })
	if (!(await mayReadCaughtMail(request, context))) throw json({ message: CAUGHT_MAIL_REFUSED }, { status: 403 })
	const page = Math.max(
		0,
		Math.min(1000, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '0', 10) || 0),
	)
	const mail = await listCaughtMail({ skip: page * PAGE_SIZE, limit: PAGE_SIZE + 1 })
	return json({ page, mail: mail.slice(0, PAGE_SIZE), hasOlder: mail.length > PAGE_SIZE })
}

export default function CaughtMailPage() {
	const { page, mail, hasOlder } = useLoaderData<typeof loader>()
	return (
		<main className="mx-auto max-w-4xl space-y-6 p-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Caught mail</h1>
				<p className="mt-1 text-gray-600">
					Outside production without SMTP_URL, mail goes to an SMTP server inside the app instead of to members. Newest
					first; the last 500 are kept. Also as JSON at{' '}
					<a className="text-brand-600 underline" href="/api/dev/mail">
						/api/dev/mail
					</a>
					.
				</p>
			</div>
			{mail.length === 0 ? <p className="rounded-lg border bg-white p-6 text-gray-600">No mail yet.</p> : null}
			<ol className="space-y-6">
				{mail.map((message) => (
					<li key={message.id}>
						<article aria-labelledby={`mail-${message.id}`} className="rounded-lg border bg-white p-5 shadow-sm">
							<h2 id={`mail-${message.id}`} className="text-lg font-semibold text-gray-900">
								{message.subject || '(no subject)'}
							</h2>
							<dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm text-gray-700">
								<dt className="font-medium">To</dt>
								<dd>{message.to}</dd>
								<dt className="font-medium">From</dt>
								<dd>{message.from}</dd>
								<dt className="font-medium">Received</dt>
								<dd>
									<time dateTime={message.createdAt}>{message.createdAt.replace('T', ' ').slice(0, 19)} UTC</time>
								</dd>
							</dl>
							<details className="mt-4" open>
								<summary className="cursor-pointer font-medium text-gray-900">Plain text</summary>
								<pre className="mt-2 whitespace-pre-wrap break-words rounded bg-gray-50 p-3 text-sm">
									{message.text}
								</pre>
							</details>
							{message.html ? (
								<details className="mt-4">
									<summary className="cursor-pointer font-medium text-gray-900">HTML</summary>
									{/* An empty sandbox: the mail's HTML cannot run scripts, submit forms or reach this page. */}
									<iframe
										title={`HTML part of “${message.subject}”`}
										sandbox=""
										srcDoc={message.html}
										className="mt-2 h-96 w-full rounded border"
									/>
								</details>
							) : null}
						</article>
					</li>
				))}
			</ol>
			<nav aria-label="Older and newer mail" className="flex justify-between">
				{page > 0 ? (
					<a className="text-brand-600 underline" href={page === 1 ? '/dev/mail' : `/dev/mail?page=${page - 1}`}>
						Newer mail
					</a>
				) : (
					<span />
				)}
				{hasOlder ? (
					<a className="text-brand-600 underline" href={`/dev/mail?page=${page + 1}`}>
						Older mail
					</a>
				) : null}
			</nav>
		</main>
	)
}
