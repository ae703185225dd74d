import { Link } from '@remix-run/react'
import { BlockForm } from '~/components/member-block-form'
import { Avatar } from '~/components/ui/avatar'
import { TabCard } from '~/routes/profile/__tab-card'

/** product §2 "Profile": the members you blocked (product §6 "Blocking"), each with 'Unblock'. */
export function BlockedTab({
	blocked,
}: {
	blocked: Array<{ id: number; name: string; username: string; avatar: string | null; blockedAt: string }>
}) {
	return (
		<TabCard
			title="Blocked members"
			description="Blocked members cannot send you private messages and are left out of your contacts. Their room messages stay visible."
		>
			{blocked.length === 0 ? (
				<p className="py-6 text-center text-sm text-gray-600">You have not blocked anyone.</p>
			) : (
				<ul aria-label="Blocked members" className="divide-y rounded-lg border">
					{blocked.map((member) => (
						<li key={member.id} className="flex items-center gap-3 p-3">
							<Avatar name={member.name} src={member.avatar} size="sm" />
							<span className="min-w-0 flex-1">
								<Link
									to={`/members/${member.id}`}
									className="block truncate text-sm font-medium text-gray-900 hover:underline"
								>
									{member.name}
								</Link>
								<span className="block truncate text-xs text-gray-600">{`@${member.username}`}</span>
							</span>
							<BlockForm member={member} blocked redirectTo="/profile?tab=blocked" />
						</li>
					))}
				</ul>
			)}
		</TabCard>
	)
}
