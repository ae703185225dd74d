import { splitMentions } from '~/lib/mentions'

/**
 * A chat message's text, with its @mentions highlighted (product §2 "Chat
 * panel"); a mention of the reader stands out more. The one place message
 * text is drawn, so every chat surface shows it the same way.
 */
export function MessageText({
	content,
	viewerUsername,
	onDark = false,
}: {
	content: string
	viewerUsername?: string
	onDark?: boolean
}) {
	const viewer = viewerUsername?.toLowerCase()
	return (
		<>
			{splitMentions(content).map((part, index) => {
				if (!part.mention) return part.text
				const mentionsViewer = part.mention.toLowerCase() === viewer
				const look = onDark
					? 'font-semibold underline decoration-2 underline-offset-2'
					: mentionsViewer
						? 'rounded bg-amber-200 px-0.5 font-semibold text-amber-950'
						: 'rounded bg-brand-100 px-0.5 font-semibold text-brand-800'
				return (
					<mark
						key={index}
						data-mention={part.mention}
						className={`${look} ${onDark ? 'bg-transparent text-inherit' : ''}`}
					>
						{part.text}
					</mark>
				)
			})}
		</>
	)
}
