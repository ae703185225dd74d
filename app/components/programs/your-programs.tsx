import { Link } from '@remix-run/react'
import { Card, CardContent, CardTitle } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { ProgressBar } from '~/components/ui/progress-bar'
import { programItemPath, programProgressText, type ProgramCard } from '~/lib/programs'

/**
 * The dashboard's "Your programs" (product §2 "Dashboard"): each program the
 * member started, with their progress and the next item to open.
 */
export function YourPrograms({ programs }: { programs: ProgramCard[] }) {
	return (
		<Card>
			<div className="flex items-center justify-between gap-4 p-5 pb-3">
				<CardTitle>Your programs</CardTitle>
				<Link to="/programs" className="text-sm font-medium text-brand-700 hover:underline">
					All programs
				</Link>
			</div>
			<CardContent>
				{programs.length ? (
					<ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
						{programs.map((program) => {
							const { progress } = program
							return (
								<li key={program.id} className="space-y-2 rounded-lg border border-gray-200 p-4">
									<Link to={`/programs/${program.id}`} className="font-medium text-gray-900 hover:underline">
										{program.title}
									</Link>
									<ProgressBar value={progress.percent} label={`Progress in ${program.title}`} />
									<p className="text-xs text-gray-600">{programProgressText(progress)}</p>
									{progress.nextItem ? (
										<Link
											to={programItemPath(program.id, progress.nextItem.id)}
											// The name starts with what the link shows (WCAG 2.5.3), so "Next: …" spoken to voice control finds it.
											aria-label={`Next: ${progress.nextItem.title}, in ${program.title}`}
											className="flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
										>
											<Icon name="play" className="h-4 w-4" />
											{`Next: ${progress.nextItem.title}`}
										</Link>
									) : (
										<Link to={`/programs/${program.id}`} className="text-sm font-medium text-brand-700 hover:underline">
											{progress.completedAt ? 'Review the program' : 'See what opens next'}
										</Link>
									)}
								</li>
							)
						})}
					</ul>
				) : (
					<EmptyState title="No programs started" icon={<Icon name="book" className="h-8 w-8" />}>
						<Link to="/programs" className="font-medium text-brand-700 hover:underline">
							Start a leadership program
						</Link>
					</EmptyState>
				)}
			</CardContent>
		</Card>
	)
}
