import { Link } from '@remix-run/react'
import { Badge, type BadgeTone } from '~/components/ui/badge'
import { SEARCH_KINDS, highlightParts, type SearchKind, type SearchQuery } from '~/lib/search'

/** A result's words with the ones the query asked for marked (product §2 "Search"). */
export function Highlighted({ text, query }: { text: string; query: Pick<SearchQuery, 'terms' | 'prefix'> }) {
	return (
		<>
			{highlightParts(text, query).map((part, index) =>
				part.match ? (
					<mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
						{part.text}
					</mark>
				) : (
					part.text
				),
			)}
		</>
	)
}

const KIND_TONES: Record<SearchKind, BadgeTone> = {
	lesson: 'blue',
	program: 'brand',
	reading: 'brand',
	post: 'green',
	comment: 'green',
	event: 'amber',
	resource: 'gray',
	member: 'gray',
}

const linkClass = 'min-w-0 break-words font-semibold text-brand-700 hover:underline'

export interface SearchResultView {
	type: SearchKind
	id: number
	title: string
	snippet: string
	url: string
}

/**
 * One result: what it is, its title as a link straight to it (a post, a
 * comment at its anchor, a lesson at the time the words are spoken, an
 * event, a member), and the words around the match.
 */
export function SearchResult({ result, query }: { result: SearchResultView; query: SearchQuery }) {
	const kind = SEARCH_KINDS[result.type]
	// A comment is named by the post it is on.
	const title = result.type === 'comment' ? `Comment on “${result.title}”` : result.title
	return (
		<article className="min-w-0 py-4">
			<p className="flex flex-wrap items-center gap-2">
				<Badge tone={KIND_TONES[result.type]}>{kind.label}</Badge>
				{result.type === 'resource' ? (
					// A resource is its file or page, not a screen of the app: a plain link, as the library's.
					<a href={result.url} className={linkClass}>
						<Highlighted text={title} query={query} />
					</a>
				) : (
					<Link to={result.url} className={linkClass}>
						<Highlighted text={title} query={query} />
					</Link>
				)}
			</p>
			{result.snippet ? (
				<p className="mt-1 break-words text-sm text-gray-700">
					<Highlighted text={result.snippet} query={query} />
				</p>
			) : null}
		</article>
	)
}
