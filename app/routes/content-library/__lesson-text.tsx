import { Link } from '@remix-run/react'
import { memo, useEffect, useRef, type MouseEvent } from 'react'
import { SearchForm } from '~/components/search-form'
import { type CaptionTrackSource } from '~/lib/captions'
import {
	formatLessonTime,
	lessonTimeHref,
	transcriptParagraphs,
	type Chapter,
	type TranscriptCue,
	type TranscriptMatch,
} from '~/lib/transcripts'

/**
 * Below the player (product §2 "Video page", docs/decisions/171): the
 * chapters and the transcript. Every line and chapter is a link to the
 * lesson at its time (`?t=`, which starts the video there without
 * JavaScript); with JavaScript a click seeks the player instead, and the
 * line being spoken is marked while the video plays.
 */

/** Seeks the player (with JavaScript); without it, or before the player is ready, the link's own address is followed. */
export type Seek = ((seconds: number) => void) | null

function seekingClick(seek: Seek, seconds: number) {
	return (event: MouseEvent<HTMLAnchorElement>) => {
		if (!seek || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
		event.preventDefault()
		seek(seconds)
	}
}

/** A link to the lesson at a time: the address without JavaScript, a seek with it. */
export function TimeLink({
	videoId,
	seconds,
	seek,
	className,
	current = false,
	children,
}: {
	videoId: number
	seconds: number
	seek: Seek
	className?: string
	/** The line or chapter playing now. */
	current?: boolean
	children: React.ReactNode
}) {
	return (
		<Link
			to={lessonTimeHref(videoId, seconds)}
			onClick={seekingClick(seek, seconds)}
			preventScrollReset
			aria-current={current ? 'time' : undefined}
			className={className}
		>
			{children}
		</Link>
	)
}

export function ChapterList({
	videoId,
	chapters,
	current,
	seek,
}: {
	videoId: number
	chapters: readonly Chapter[]
	/** The index of the chapter playing, or -1. */
	current: number
	seek: Seek
}) {
	if (chapters.length === 0) return null
	return (
		<section aria-labelledby="chapters-heading" className="space-y-2">
			<h2 id="chapters-heading" className="text-lg font-semibold text-gray-900">
				Chapters
			</h2>
			<ol className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
				{chapters.map((chapter, index) => (
					<li key={chapter.start}>
						<TimeLink
							videoId={videoId}
							seconds={chapter.start}
							seek={seek}
							current={index === current}
							className="flex items-baseline gap-3 px-3 py-2 text-sm text-gray-800 hover:bg-gray-50 aria-[current]:bg-brand-50 aria-[current]:font-medium"
						>
							<span className="w-14 shrink-0 font-mono tabular-nums text-brand-700">
								{formatLessonTime(chapter.start)}
							</span>
							<span>{chapter.title}</span>
						</TimeLink>
					</li>
				))}
			</ol>
		</section>
	)
}

export interface TranscriptProps {
	videoId: number
	transcript: { language: string; label: string; cues: TranscriptCue[] }
	tracks: readonly CaptionTrackSource[]
	chapters: readonly Chapter[]
	/** The transcript search: its phrase and the lines it found. */
	search: { q: string; matches: TranscriptMatch[] }
	/** The index of the cue being spoken, or -1. */
	active: number
	seek: Seek
}

/**
 * The transcript: its search box (a GET form, so it works without
 * JavaScript) and what it found, then the captions' text as paragraphs, each
 * line a link to its time. Memoised: while the video plays only the line
 * being spoken changes.
 */
export const Transcript = memo(function Transcript({
	videoId,
	transcript,
	tracks,
	chapters,
	search,
	active,
	seek,
}: TranscriptProps) {
	const paragraphs = transcriptParagraphs(transcript.cues, chapters)
	const scroller = useRef<HTMLDivElement>(null)
	const languageParam = tracks.length > 1 ? { name: 'lang', value: transcript.language } : null
	const here = (params: Record<string, string>) =>
		`/content-library/${videoId}?${new URLSearchParams(params)}#transcript`

	// The line being spoken stays in view, unless the member is reading elsewhere in the transcript.
	useEffect(() => {
		const box = scroller.current
		const line = box?.querySelector<HTMLElement>('[aria-current="time"]')
		if (!box || !line || box.matches(':hover, :focus-within')) return
		const top = line.offsetTop - box.clientHeight / 3
		if (line.offsetTop < box.scrollTop || line.offsetTop + line.offsetHeight > box.scrollTop + box.clientHeight)
			box.scrollTo({ top, behavior: 'smooth' })
	}, [active])

	return (
		<section id="transcript" aria-labelledby="transcript-heading" className="scroll-mt-20 space-y-3">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="transcript-heading" className="text-lg font-semibold text-gray-900">
					Transcript
					{tracks.length > 1 ? (
						<span className="ml-2 text-sm font-normal text-gray-500">{transcript.label}</span>
					) : null}
				</h2>
				{tracks.length > 1 ? (
					<nav aria-label="Transcript language" className="flex flex-wrap gap-2 text-sm">
						{tracks.map((track) => (
							<Link
								key={track.language}
								to={here({ lang: track.language })}
								preventScrollReset
								aria-current={track.language === transcript.language ? 'true' : undefined}
								lang={track.language}
								className="rounded-full border border-gray-300 px-3 py-1 text-gray-700 hover:bg-gray-50 aria-[current]:border-brand-600 aria-[current]:bg-brand-50 aria-[current]:text-brand-700"
							>
								{track.label}
							</Link>
						))}
					</nav>
				) : null}
			</div>
			<SearchForm
				id="transcript-search"
				label="Search the transcript"
				placeholder="Find a phrase in the transcript..."
				search={search.q}
				keep={languageParam}
				action={`/content-library/${videoId}#transcript`}
				wideScreenWidth="lg:w-full"
			/>
			{search.q ? (
				<div className="space-y-2 rounded-lg border border-gray-200 bg-gray-50 p-3" data-testid="transcript-matches">
					<p className="text-sm text-gray-700" role="status">
						{search.matches.length === 0
							? `No line of the transcript has “${search.q}”.`
							: `${search.matches.length} ${search.matches.length === 1 ? 'line has' : 'lines have'} “${search.q}”: the video starts at the first.`}{' '}
						<Link
							to={here(languageParam ? { lang: transcript.language } : {})}
							preventScrollReset
							className="font-medium text-brand-700 hover:underline"
						>
							Clear search
						</Link>
					</p>
					{search.matches.length ? (
						<ul className="space-y-1 text-sm">
							{search.matches.map((match) => (
								<li key={match.index}>
									<TimeLink
										videoId={videoId}
										seconds={match.start}
										seek={seek}
										className="flex gap-3 rounded px-1 py-0.5 text-gray-800 hover:bg-white"
									>
										<span className="w-14 shrink-0 font-mono tabular-nums text-brand-700">
											{formatLessonTime(match.start)}
										</span>
										<span>{match.text}</span>
									</TimeLink>
								</li>
							))}
						</ul>
					) : null}
				</div>
			) : null}
			<div
				ref={scroller}
				lang={transcript.language}
				className="relative max-h-[28rem] space-y-3 overflow-y-auto rounded-lg border border-gray-200 bg-white p-4 text-gray-800"
			>
				{paragraphs.map((paragraph) => (
					<p key={paragraph.start} className="flex gap-3 leading-relaxed">
						<span className="w-14 shrink-0 pt-0.5 font-mono text-sm tabular-nums text-gray-500">
							{formatLessonTime(paragraph.start)}
						</span>
						<span>
							{paragraph.voice ? <span className="font-semibold">{paragraph.voice}: </span> : null}
							{paragraph.cues.map((cue) => (
								<span key={cue.index}>
									<TimeLink
										videoId={videoId}
										seconds={cue.start}
										seek={seek}
										current={cue.index === active}
										className="rounded px-0.5 hover:bg-brand-50 hover:text-brand-900 aria-[current]:bg-yellow-200 aria-[current]:text-gray-900"
									>
										{cue.text}
									</TimeLink>{' '}
								</span>
							))}
						</span>
					</p>
				))}
			</div>
		</section>
	)
})
