import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { pageMeta } from '~/components/page-meta'
import { ButtonLink } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { Pager } from '~/components/ui/pager'
import { readPageNumber } from '~/lib/paging'
import { formatLessonTime, lessonTimeHref } from '~/lib/transcripts'
import { listNotesByLesson } from '~/services/learning/notes.server'
import { requireUser } from '~/web/auth.server'

export const meta: MetaFunction = () => pageMeta('My Notes', 'Your private notes on the lessons, by lesson.')

/** /notes (product §2 "Notes", docs/decisions/172): every note of the member, gathered by lesson, 20 lessons a page. */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const page = readPageNumber(new URL(request.url).searchParams.get('page'))
	return json({ page, ...(await listNotesByLesson(user, page)) })
}

export default function NotesPage() {
	const { lessons, page, hasMore } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">My Notes</h1>
				<p className="mt-1 text-gray-600">
					Your notes on the lessons, at the times you wrote them. Only you can read them.
				</p>
			</div>
			{lessons.length === 0 ? (
				<EmptyState title="No notes yet" icon={<Icon name="pencil" className="h-8 w-8" />}>
					<p>Write a note beside any lesson you watch: it keeps the time, so you can jump back to it.</p>
					<ButtonLink to="/content-library" className="mt-4">
						Browse lessons
					</ButtonLink>
				</EmptyState>
			) : (
				<ul className="space-y-6">
					{lessons.map(({ video, notes }) => (
						<li key={video.id}>
							<section
								aria-labelledby={`lesson-${video.id}`}
								className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
							>
								<h2 id={`lesson-${video.id}`} className="text-lg font-semibold text-gray-900">
									<Link to={`/content-library/${video.id}#notes`} className="hover:underline">
										{video.title}
									</Link>
								</h2>
								{video.locked ? (
									<p className="mt-1 text-sm text-gray-600">
										This lesson is part of Premium: your notes stay yours to read.
									</p>
								) : null}
								<ol className="mt-3 space-y-3">
									{notes.map((note) => (
										<li key={note.id} className="flex gap-3 text-sm">
											{video.locked ? (
												<span className="w-16 shrink-0 font-mono tabular-nums text-gray-500">
													{formatLessonTime(note.atSeconds)}
												</span>
											) : (
												<Link
													to={lessonTimeHref(video.id, note.atSeconds)}
													className="w-16 shrink-0 font-mono font-medium tabular-nums text-brand-700 hover:underline"
												>
													<span className="sr-only">Play {video.title} from </span>
													{formatLessonTime(note.atSeconds)}
												</Link>
											)}
											<p className="min-w-0 whitespace-pre-wrap break-words text-gray-800">{note.text}</p>
										</li>
									))}
								</ol>
							</section>
						</li>
					))}
				</ul>
			)}
			<Pager label="Pages of notes" page={page} hasMore={hasMore} />
		</div>
	)
}
