import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageMeta } from '~/components/page-meta'
import { ProgramCardView } from '~/components/programs/program-card'
import { Badge } from '~/components/ui/badge'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { formatDate } from '~/lib/dates'
import { readTimeZone } from '~/web/time-zone.server'
import { listMyCertificates } from '~/services/learning/certificates.server'
import { listProgramsForMember } from '~/services/learning/program-learning.server'
import { requireUser } from '~/web/auth.server'
import { publicOriginOf } from '~/web/client.server'

export const meta: MetaFunction = () =>
	pageMeta(
		'Programs',
		'Leadership journeys of lessons, readings, reflections and knowledge checks, with a certificate.',
	)

/** product §2 "Programs": every published program with the member's progress, and their certificates. */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const [programs, certificates] = await Promise.all([
		listProgramsForMember(user),
		listMyCertificates(user.id, publicOriginOf(request)),
	])
	return json({ programs, certificates, timeZone: readTimeZone(request.headers.get('Cookie')).timeZone })
}

export default function ProgramsPage() {
	const { programs, certificates, timeZone } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-6xl space-y-8">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Programs</h1>
				<p className="mt-1 text-gray-600">
					Leadership journeys, module by module: lessons, readings, reflections and knowledge checks, with a certificate
					you can share at the end.{' '}
					<Link to="/pods" className="font-medium text-brand-700 hover:underline">
						Your peer pods
					</Link>
				</p>
			</div>
			{programs.length ? (
				<ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
					{programs.map((card, index) => (
						<li key={card.id} className="flex">
							<ProgramCardView card={card} eager={index < 3} />
						</li>
					))}
				</ul>
			) : (
				<EmptyState title="No programs yet" icon={<Icon name="book" className="h-8 w-8" />}>
					New programs are announced here first.
				</EmptyState>
			)}
			{certificates.length ? (
				<section aria-labelledby="certificates-heading" className="space-y-3">
					<h2 id="certificates-heading" className="text-lg font-semibold text-gray-900">
						Your certificates
					</h2>
					<ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
						{certificates.map((certificate) => (
							<li key={certificate.code} className="flex flex-wrap items-center justify-between gap-3 p-4">
								<div>
									<p className="font-medium text-gray-900">{certificate.programTitle}</p>
									<p className="text-sm text-gray-600">{`Issued on ${formatDate(certificate.issuedAt, timeZone)}`}</p>
								</div>
								<div className="flex items-center gap-3">
									{certificate.revokedAt ? <Badge tone="red">Revoked</Badge> : null}
									<Link
										to={`/certificates/${certificate.code}`}
										aria-label={`View certificate: ${certificate.programTitle}`}
										className="text-sm font-medium text-brand-700 hover:underline"
									>
										View certificate
									</Link>
								</div>
							</li>
						))}
					</ul>
				</section>
			) : null}
		</div>
	)
}
