import { Link } from '@remix-run/react'
import { Badge } from '~/components/ui/badge'
import { type IconName } from '~/components/ui/icon'
import { ProgressBar } from '~/components/ui/progress-bar'
import { VideoThumbnail } from '~/components/video-thumbnail'
import { formatEstimate, programProgressText, type ProgramCard, type ProgramItemKind } from '~/lib/programs'

/** The icon of each kind of item (product §2 "Programs"). */
export const ITEM_KIND_ICONS: Record<ProgramItemKind, IconName> = {
	lesson: 'play',
	reading: 'article',
	reflection: 'pencil',
	check: 'clipboard',
}

/** '4 modules · 6 lessons · about 1 h 20 min'. */
export function programSize(card: Pick<ProgramCard, 'moduleCount' | 'lessonCount' | 'estimatedMinutes'>): string {
	const parts = [
		`${card.moduleCount} ${card.moduleCount === 1 ? 'module' : 'modules'}`,
		`${card.lessonCount} ${card.lessonCount === 1 ? 'lesson' : 'lessons'}`,
	]
	if (card.estimatedMinutes > 0) parts.push(`about ${formatEstimate(card.estimatedMinutes)}`)
	return parts.join(' · ')
}

/** A program in /programs: its cover, title, summary, size and the member's progress, all one link. */
export function ProgramCardView({ card, eager = false }: { card: ProgramCard; eager?: boolean }) {
	return (
		<article className="flex flex-1 flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
			<VideoThumbnail src={card.cover} eager={eager} />
			<div className="flex flex-1 flex-col gap-2 p-5">
				<h2 className="text-lg font-semibold text-gray-900">
					<Link to={`/programs/${card.id}`} className="hover:text-brand-700 hover:underline">
						{card.title}
					</Link>
				</h2>
				{card.published ? null : <Badge tone="amber">Draft: only staff see it</Badge>}
				{card.summary ? <p className="text-sm text-gray-600">{card.summary}</p> : null}
				<p className="text-xs text-gray-500">{programSize(card)}</p>
				<div className="mt-auto space-y-1 pt-2">
					<ProgressBar value={card.progress.percent} label={`Progress in ${card.title}`} />
					<p className="text-xs text-gray-600">{programProgressText(card.progress)}</p>
				</div>
			</div>
		</article>
	)
}
