import { EmptyState } from '~/components/ui/empty-state'
import { VideoCard } from '~/components/video-card'
import { type VideoCardData } from '~/lib/videos'

/** Related lessons in the first row of the grid on a wide screen (three columns). */
const RELATED_FIRST_ROW = 3

/** The lesson page's related lessons, a part with its own code (decision 254). */
export function RelatedLessons({ related }: { related: readonly VideoCardData[] }) {
	return related.length ? (
		<ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
			{related.map((item, index) => (
				<li key={item.id} className="flex [&>article]:flex-1">
					{/* On a wide screen the first row shares the first screenful with the player: its pictures are often the page's largest. */}
					<VideoCard video={item} eager={index < RELATED_FIRST_ROW} />
				</li>
			))}
		</ul>
	) : (
		<EmptyState title="No related content found" />
	)
}
