/** Says which zone the times are in; without the client hint (no JavaScript) they are in UTC, and we say so. */
export function TimeZoneNote({
	timeZone,
	fromHint,
	className = '',
}: {
	timeZone: string
	fromHint: boolean
	className?: string
}) {
	return (
		<p className={`text-xs text-gray-500 ${className}`}>
			{fromHint
				? `Times are shown in your time zone (${timeZone}).`
				: 'Times are shown in UTC. Turn on JavaScript to see them in your own time zone.'}
		</p>
	)
}
