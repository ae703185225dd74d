import { Badge } from '~/components/ui/badge'

/** A member's interests as badges (the directory and the card): nothing when there are none. */
export function InterestList({
	interests,
	label,
	className = '',
}: {
	interests: string[]
	label: string
	className?: string
}) {
	if (interests.length === 0) return null
	return (
		<ul className={`flex flex-wrap gap-1 ${className}`} aria-label={label}>
			{interests.map((interest) => (
				<li key={interest}>
					<Badge tone="brand">{interest}</Badge>
				</li>
			))}
		</ul>
	)
}
