import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageMeta } from '~/components/page-meta'
import { Badge } from '~/components/ui/badge'
import { listMyPods } from '~/services/pods/pods.server'
import { requireUser } from '~/web/auth.server'

export const meta: MetaFunction = () => pageMeta('Your pods', 'The peer pods you go through programs with.')

/** The member's pods (product §2 "Peer pods"); a pod is joined from a program's page. */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	return json({ pods: await listMyPods(user) })
}

export default function PodsPage() {
	const { pods } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<h1 className="text-2xl font-bold text-gray-900">Your pods</h1>
			{pods.length === 0 ? (
				<p className="text-gray-700">
					You are not in a pod yet. Open a program you have started and choose “Join a pod” to go through it with
					others.{' '}
					<Link to="/programs" className="font-medium text-brand-700 hover:underline">
						See the programs
					</Link>
				</p>
			) : (
				<ul className="space-y-3">
					{pods.map((pod) => (
						<li key={pod.id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
							<Link to={`/pods/${pod.id}`} className="text-lg font-semibold text-gray-900 hover:text-brand-700">
								{pod.name}
							</Link>
							<p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-700">
								{pod.programTitle}
								{pod.state === 'finished' ? (
									<Badge tone="green">Finished</Badge>
								) : (
									<Badge tone="blue">{`Week ${pod.week}`}</Badge>
								)}
								{`${pod.memberCount} members`}
							</p>
						</li>
					))}
				</ul>
			)}
		</div>
	)
}
