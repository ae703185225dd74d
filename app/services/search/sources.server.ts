import { type Role } from '#models/index'
import { type SearchKind, type SearchQuery, snippetOf, textMatches } from '~/lib/search'
import { isSafeUrl } from '~/lib/safe-url'
import { isVideoLocked } from '~/lib/videos'
import { MAIN_PART, type SearchReader } from '~/platform/search-index.server'
import { listedMembers } from '~/services/account/directory.server'
import { memberIdsAfter, membersForSearch } from '~/services/account/users.server'
import { transcriptLines, transcriptsForSearch } from '~/services/catalogue/captions.server'
import { getResources, resourceSearch } from '~/services/catalogue/resources.server'
import { getPublishedVideos, lessonSearch } from '~/services/catalogue/videos.server'
import {
	discussionsForSearch,
	searchEntriesOfComments,
	searchEntriesOfPosts,
} from '~/services/discussions/records.server'
import { eventSearch, getEvents } from '~/services/events/events.server'
import { openReadings, publishedPrograms } from '~/services/learning/program-learning.server'
import {
	programIdsAfter,
	programsForSearch,
	readingIdsAfter,
	readingsForSearch,
} from '~/services/learning/programs.server'

/**
 * What the global search searches (product §2 "Search", docs/decisions/166,
 * 167): one entry per kind of result, in one list. Each says
 *
 * - `parts`: its searchable text, as its own service reads it (`read`, the
 *   reader every write of it hands the index too) and its ids for a rebuild
 *   (`idsAfter`); a lesson has two parts, its fields and its captions;
 * - `load` and `mayFind`: the access rule for one viewer, checked on what the
 *   service says now, at the time of the search (so what was deleted,
 *   removed, hidden or blocked a moment ago is never shown, whatever the
 *   index still holds);
 * - `show`: what a result of it shows: its title, the words around the
 *   match, and the address it links to.
 *
 * A new kind is one entry here, its line in `SEARCH_KINDS` (app/lib/search.ts)
 * and its writes through `writeIndexed` (or its catalogue writer's `search`).
 */

/** Who is searching: what the access rules need to know of them. */
export interface SearchViewer {
	id: number
	role: Role
	subscriptionStatus: string
	/** Premium (active or trialing): may play every lesson and read every transcript. */
	premium: boolean
	/** The members they blocked: their words are not found (posts, comments, and the members themselves). */
	blocked: ReadonlySet<number>
}

/** What one result shows (its kind and id added by the search). */
export interface ShownResult {
	title: string
	snippet: string
	url: string
}

export interface SearchSourcePart {
	part: string
	read: SearchReader
	idsAfter(after: number, limit: number): Promise<number[]>
}

export interface SearchSource<Item extends { id: number }> {
	kind: SearchKind
	parts: readonly SearchSourcePart[]
	/** These documents as their service has them now, for this viewer (missing: gone, or not theirs to find). */
	load(ids: number[], viewer: SearchViewer): Promise<Item[]>
	/**
	 * Set when whether a viewer may find a document depends on the viewer in
	 * a way the index cannot hold (a program's drip rules): every match of
	 * the kind is then read through `load` before the results are counted and
	 * paged, not only the page's. For kinds with few documents.
	 */
	checkEveryMatch?: true
	/** Whether this viewer may find it now. */
	mayFind(viewer: SearchViewer, item: Item): boolean
	show(item: Item, query: SearchQuery, viewer: SearchViewer): ShownResult | Promise<ShownResult>
}

/** An entry, with its item type checked where it is written and forgotten in the list. */
const source = <Item extends { id: number }>(entry: SearchSource<Item>) =>
	entry as unknown as SearchSource<{ id: number }>

/** A kind's documents as one part: what its service reads of them, and its ids. */
const main = (side: Omit<SearchSourcePart, 'part'>): SearchSourcePart => ({ part: MAIN_PART, ...side })

/** A snippet from the first of these texts that has a word of the query, else from the first that has words. */
function snippetFrom(texts: Array<string | null | undefined>, query: SearchQuery): string {
	const present = texts.filter((text): text is string => Boolean(text?.trim()))
	return snippetOf(present.find((text) => textMatches(text, query)) ?? present[0] ?? '', query)
}

/** Where in the transcript a result quotes: the first line with a word of the query, and the lines after it. */
async function spokenAt(videoId: number, query: SearchQuery): Promise<{ start: number; text: string } | null> {
	const lines = await transcriptLines(videoId)
	const at = lines.findIndex((line) => textMatches(line.text, query))
	if (at === -1) return null
	return {
		start: Math.floor(lines[at]!.start),
		text: lines
			.slice(at, at + 6)
			.map((line) => line.text)
			.join(' '),
	}
}

export const SEARCH_SOURCES: ReadonlyArray<SearchSource<{ id: number }>> = [
	source({
		kind: 'lesson',
		parts: [main(lessonSearch), { part: 'transcript', read: transcriptsForSearch, idsAfter: lessonSearch.idsAfter }],
		// A lesson waiting for its uploaded video is not published yet: not found.
		load: getPublishedVideos,
		// Every member sees every lesson in the library, a locked one too; its transcript is the Premium part (show).
		mayFind: () => true,
		async show(video, query, viewer) {
			const url = `/content-library/${video.id}`
			const own = [video.title, video.description, video.category]
			const mayPlay = viewer.premium || !isVideoLocked(null, video.id)
			// Matched by the words spoken (only a viewer who may play it finds those): the result starts the video there.
			if (mayPlay && !own.some((text) => text && textMatches(text, query))) {
				const spoken = await spokenAt(video.id, query)
				if (spoken)
					return { title: video.title, snippet: snippetOf(spoken.text, query), url: `${url}?t=${spoken.start}` }
			}
			return { title: video.title, snippet: snippetFrom([video.description, video.category], query), url }
		},
	}),
	source({
		kind: 'program',
		parts: [main({ read: programsForSearch, idsAfter: programIdsAfter })],
		// Drafts are not found (by staff either): a program is found once it is published.
		load: publishedPrograms,
		mayFind: () => true,
		show: (program, query) => ({
			title: program.title,
			snippet: snippetFrom([program.summary, program.description], query),
			url: `/programs/${program.id}`,
		}),
	}),
	source({
		kind: 'reading',
		parts: [main({ read: readingsForSearch, idsAfter: readingIdsAfter })],
		// Open to this member now, or not found at all: a free account's Premium readings, and a module that has not
		// opened for them yet, keep their words (the index already leaves the Premium ones out for free accounts).
		load: (ids, viewer) => openReadings(viewer, ids),
		checkEveryMatch: true,
		mayFind: () => true,
		show: (reading, query) => ({
			title: `${reading.title} · ${reading.programTitle}`,
			snippet: snippetFrom([reading.text], query),
			url: reading.url,
		}),
	}),
	source({
		kind: 'post',
		parts: [main(discussionsForSearch.posts)],
		load: searchEntriesOfPosts,
		mayFind: (viewer, post) => post.visible && !viewer.blocked.has(post.authorId),
		show: (post, query) => ({ title: post.title, snippet: snippetFrom([post.text], query), url: post.url }),
	}),
	source({
		kind: 'comment',
		parts: [main(discussionsForSearch.comments)],
		load: searchEntriesOfComments,
		// A blocked member's post is not found, and neither are the comments under it (its page is a 404 to the blocker).
		mayFind: (viewer, comment) =>
			comment.visible && !viewer.blocked.has(comment.authorId) && !viewer.blocked.has(comment.postAuthorId),
		show: (comment, query) => ({ title: comment.title, snippet: snippetFrom([comment.text], query), url: comment.url }),
	}),
	source({
		kind: 'event',
		parts: [main(eventSearch)],
		load: getEvents,
		mayFind: () => true,
		show: (event, query) => ({
			title: event.title,
			snippet: snippetFrom([event.description, event.location], query),
			url: `/events/${event.id}`,
		}),
	}),
	source({
		kind: 'resource',
		parts: [main(resourceSearch)],
		load: getResources,
		mayFind: () => true,
		show: (resource, query) => ({
			title: resource.title,
			snippet: snippetFrom([resource.description], query),
			// The resource itself, as the library links it; the library's search for it when its address is not one to link.
			url: isSafeUrl(resource.url) ? resource.url : `/resources?q=${encodeURIComponent(resource.title)}`,
		}),
	}),
	source({
		kind: 'member',
		parts: [main({ read: membersForSearch, idsAfter: memberIdsAfter })],
		// Hidden members are not listed: the directory's rule (decision 162).
		load: listedMembers,
		mayFind: (viewer, member) => !viewer.blocked.has(member.id),
		show: (member, query) => ({
			title: member.name,
			snippet: snippetFrom(
				[
					[`@${member.username}`, member.headline, member.location, member.interests.join(', ')]
						.filter(Boolean)
						.join(' · '),
				],
				query,
			),
			url: `/members/${member.id}`,
		}),
	}),
]

export function searchSource(kind: SearchKind): SearchSource<{ id: number }> | undefined {
	return SEARCH_SOURCES.find((entry) => entry.kind === kind)
}
