import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { BrandLink } from '~/components/brand'
import { pageMeta } from '~/components/page-meta'
import { Badge } from '~/components/ui/badge'
import { Icon } from '~/components/ui/icon'
import { formatLongDate } from '~/lib/dates'
import { getCertificate } from '~/services/learning/certificates.server'
import { getOptionalUser } from '~/web/auth.server'
import { publicOriginOf } from '~/web/client.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	data?.certificate
		? pageMeta(
				`${data.certificate.recipientName}: ${data.certificate.programTitle}`,
				`${data.certificate.recipientName} completed ${data.certificate.programTitle} at ${data.certificate.issuer}.`,
			)
		: pageMeta('Certificate not found', 'This certificate does not exist.')

/**
 * /certificates/{code} (product §2 "Certificates"): anyone with the address
 * (an employer, a sponsor) checks a certificate here, without logging in:
 * whose it is, the program and its modules, the date, the issuer, and
 * whether it still stands. Its holder also gets "Add to LinkedIn". An
 * unknown code (or one whose holder deleted their account) says it does not
 * exist, with a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const [found, viewer] = await Promise.all([
		getCertificate(params.code ?? '', publicOriginOf(request)),
		getOptionalUser(request),
	])
	if (!found) return json({ certificate: null, isHolder: false }, { status: 404 })
	const { ownerId, ...certificate } = found
	return json({ certificate, isHolder: viewer?.id === ownerId })
}

export default function CertificatePage() {
	const { certificate, isHolder } = useLoaderData<typeof loader>()
	return (
		<main className="flex min-h-screen flex-col bg-gray-50 px-4 py-8 sm:px-8">
			<BrandLink to="/" />
			<div className="mx-auto my-auto w-full max-w-2xl py-10">
				{certificate ? (
					<article className="rounded-xl border-4 border-double border-brand-600 bg-white p-6 text-center shadow-sm sm:p-10">
						<p className="text-sm font-semibold uppercase tracking-widest text-brand-700">{certificate.issuer}</p>
						<h1 className="mt-2 text-2xl font-bold text-gray-900 sm:text-3xl">Certificate of Completion</h1>
						<p className="mt-6 text-gray-600">This certifies that</p>
						<p className="mt-1 text-2xl font-semibold text-gray-900" data-testid="certificate-name">
							{certificate.recipientName}
						</p>
						<p className="mt-3 text-gray-600">completed the program</p>
						<p className="mt-1 text-xl font-semibold text-gray-900">{certificate.programTitle}</p>
						<p className="mt-4 text-gray-700">{`Issued on ${formatLongDate(certificate.issuedAt, 'UTC')} by ${certificate.issuer}`}</p>
						<div className="mt-4">
							{certificate.status === 'valid' ? (
								<Badge tone="green">Valid</Badge>
							) : (
								<Badge tone="red">{`Revoked on ${formatLongDate(certificate.revokedAt!, 'UTC')}`}</Badge>
							)}
						</div>
						<section aria-labelledby="modules-heading" className="mt-6 text-left">
							<h2 id="modules-heading" className="text-sm font-semibold text-gray-900">
								Modules completed
							</h2>
							<ol className="mt-2 list-decimal space-y-1 pl-6 text-sm text-gray-700">
								{certificate.modules.map((module, index) => (
									<li key={index}>{module}</li>
								))}
							</ol>
						</section>
						<p className="mt-6 break-all text-xs text-gray-500">{`Certificate ${certificate.code} · ${certificate.url}`}</p>
						<div className="mt-6 flex flex-wrap justify-center gap-3">
							<a
								href={`/certificates/${certificate.code}.pdf`}
								className="inline-flex items-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-700 shadow-sm hover:bg-gray-50"
							>
								<Icon name="download" className="h-4 w-4" />
								Download PDF
							</a>
							<a
								href={`/certificates/${certificate.code}.json`}
								className="inline-flex items-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-700 shadow-sm hover:bg-gray-50"
							>
								<Icon name="document" className="h-4 w-4" />
								Verifiable credential
							</a>
							{isHolder && certificate.status === 'valid' ? (
								<a
									href={certificate.linkedInUrl}
									target="_blank"
									rel="noopener noreferrer"
									className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
								>
									<Icon name="external" className="h-4 w-4" />
									Add to LinkedIn
								</a>
							) : null}
						</div>
						<p className="mt-6 text-xs text-gray-500">
							The credential is an Open Badges 3.0 Verifiable Credential, signed with the key published at{' '}
							<a href="/.well-known/jwks.json" className="underline">
								/.well-known/jwks.json
							</a>
							.
						</p>
					</article>
				) : (
					<div className="rounded-lg border bg-white p-6 shadow-sm">
						<h1 className="text-2xl font-bold text-gray-900">Certificate not found</h1>
						<p className="mt-2 text-sm text-gray-600">
							This certificate does not exist. Check the address, or ask its holder for a new link.
						</p>
						<Link to="/" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
							Go to the home page
						</Link>
					</div>
				)}
			</div>
		</main>
	)
}
