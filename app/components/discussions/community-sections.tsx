import { Link } from '@remix-run/react'

/**
 * The way between a community's chat and its discussions (product §2
 * "Discussions": the room page links to them and back), and back to every
 * community.
 */
export function CommunitySections({
	community,
	active,
}: {
	community: { id: number; name: string }
	active: 'chat' | 'discussions'
}) {
	const tab = (is: boolean) =>
		`rounded-md px-3 py-1.5 text-sm font-medium ${is ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900'}`
	return (
		<div className="flex flex-wrap items-center justify-between gap-3">
			<Link to="/community" className="text-sm font-medium text-brand-600 hover:text-brand-700">
				← All communities
			</Link>
			<nav aria-label={`${community.name}: chat and discussions`} className="flex gap-1 rounded-lg bg-gray-100 p-1">
				<Link
					to={`/community/${community.id}`}
					aria-current={active === 'chat' ? 'page' : undefined}
					className={tab(active === 'chat')}
				>
					Chat
				</Link>
				<Link
					to={`/community/${community.id}/discussions`}
					aria-current={active === 'discussions' ? 'page' : undefined}
					className={tab(active === 'discussions')}
				>
					Discussions
				</Link>
			</nav>
		</div>
	)
}
