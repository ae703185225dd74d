import { Icon, type IconName } from '~/components/ui/icon'

/** The date, time and place lines of an event; a missing place is 'Online'. */
export function EventWhenWhere({
	date,
	time,
	location,
	className = '',
}: {
	date: string
	time: string
	location: string | null
	className?: string
}) {
	const lines: Array<[IconName, string]> = [
		['events', date],
		['clock', time],
		['location', location ?? 'Online'],
	]
	return (
		<ul className={`flex text-sm text-gray-600 ${className}`}>
			{lines.map(([icon, text]) => (
				<li key={icon} className="inline-flex items-center gap-1.5">
					<Icon name={icon} className="h-4 w-4 text-gray-400" />
					{text}
				</li>
			))}
		</ul>
	)
}
