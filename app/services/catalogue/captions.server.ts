import {
	CaptionTrackModel,
	LessonChaptersModel,
	type CaptionTrack,
	type LessonChapters,
	type UserJSON,
} from '#models/index'
import {
	captionFileHref,
	captionLanguageName,
	captionLanguageOrder,
	isCaptionLanguage,
	type CaptionLanguage,
	type CaptionTrackSource,
} from '~/lib/captions'
import { ServiceError, notFound } from '~/lib/service-error'
import { chapterLines } from '~/lib/chapter-lines'
import { type Chapter, type TranscriptCue } from '~/lib/transcripts'
import { isVideoLocked } from '~/lib/videos'
import { idsOrTheirRange, writeIndexed, type SearchDocument } from '~/platform/search-index.server'
import { recordAudit } from '~/services/admin/audit.server'
import { PREMIUM_MEDIA } from '~/services/catalogue/member-files.server'
import { getVideo, getVideoForMember, type MemberVideoJSON } from '~/services/catalogue/videos.server'
import { parseWebVTT } from '~/services/catalogue/webvtt.server'
import { CONTENT_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

/**
 * A lesson's captions, transcript and chapters (product §2 "Video page",
 * docs/decisions/170, 171): content managers and admins add captions per
 * language and the chapters in the admin captions dialog; members get them
 * with the lesson, through the lesson's own gate (logged in, and Premium for
 * a Premium lesson).
 */

export const CAPTIONS_NOT_FOUND = 'Captions not found'

/** A caption track as the admin dialog lists it. */
export interface CaptionTrackSummary {
	language: CaptionLanguage
	label: string
	cueCount: number
	updatedAt: string
	/** The file, for the dialog's "View" link. */
	src: string
}

/** The lesson page's timed text: the tracks for the player, the transcript in one language, the chapters. */
export interface LessonText {
	tracks: CaptionTrackSource[]
	transcript: { language: CaptionLanguage; label: string; cues: TranscriptCue[] } | null
	chapters: Chapter[]
}

const NO_TEXT: LessonText = { tracks: [], transcript: null, chapters: [] }

type StoredTrack = Pick<CaptionTrack, 'language' | 'updatedAt'> & Partial<Pick<CaptionTrack, 'cues'>>

/** The stored tracks of a video in the captions menu's order (CAPTION_LANGUAGES), unknown languages left out. */
function inMenuOrder<Track extends StoredTrack>(tracks: Track[]): Array<Track & { language: CaptionLanguage }> {
	return tracks
		.filter((track): track is Track & { language: CaptionLanguage } => isCaptionLanguage(track.language))
		.sort((a, b) => captionLanguageOrder(a.language) - captionLanguageOrder(b.language))
}

const sourceOf = (videoId: number, track: StoredTrack & { language: CaptionLanguage }): CaptionTrackSource => ({
	language: track.language,
	label: captionLanguageName(track.language),
	src: captionFileHref(videoId, track.language, track.updatedAt.getTime()),
})

/**
 * What the lesson page shows of a lesson's timed text, for a member who
 * may play it (nothing for a locked lesson: its text is Premium too). The
 * transcript is in `language` when there are captions in it, else in the
 * first language of the menu.
 */
export async function lessonTextFor(video: MemberVideoJSON, language: CaptionLanguage | null): Promise<LessonText> {
	if (video.locked) return NO_TEXT
	const [tracks, chapters] = await Promise.all([
		CaptionTrackModel.find({ videoId: video.id })
			.select('language updatedAt')
			.lean<Array<Pick<CaptionTrack, 'language' | 'updatedAt'>>>()
			.then(inMenuOrder),
		getChapters(video.id),
	])
	const shown = tracks.find((track) => track.language === language) ?? tracks[0]
	const cues = shown
		? ((
				await CaptionTrackModel.findOne({ videoId: video.id, language: shown.language })
					.select('cues')
					.lean<Pick<CaptionTrack, 'cues'>>()
			)?.cues ?? [])
		: []
	return {
		tracks: tracks.map((track) => sourceOf(video.id, track)),
		transcript: shown
			? { language: shown.language, label: captionLanguageName(shown.language), cues: cues.map(plainCue) }
			: null,
		chapters,
	}
}

const plainCue = ({ start, end, text, voice }: TranscriptCue): TranscriptCue => ({
	start,
	end,
	text,
	voice: voice ?? null,
})

/**
 * A caption file for the player's `<track>`: the same gate as the lesson
 * (401 without a session, 404 for an unknown lesson or language, 403 for a
 * Premium lesson a free member cannot play).
 */
export async function getCaptionFile(
	user: UserJSON | null,
	videoId: number,
	language: string,
): Promise<{ vtt: string; updatedAt: Date }> {
	if (!user) throw new ServiceError('Log in to open this file.', 401)
	const video = await getVideoForMember(user, videoId)
	if (video.locked) throw new ServiceError(PREMIUM_MEDIA, 403)
	const track = isCaptionLanguage(language)
		? await CaptionTrackModel.findOne({ videoId, language })
				.select('vtt updatedAt')
				.lean<Pick<CaptionTrack, 'vtt' | 'updatedAt'>>()
		: null
	if (!track) throw notFound(CAPTIONS_NOT_FOUND)
	return track
}

type TrackWithCues = Pick<CaptionTrack, 'videoId' | 'language' | 'updatedAt' | 'cues'>

/** The tracks of some lessons (in `language` only, when given), with their cues, each lesson's in the menu's order. */
async function tracksWithCues(videoIds: number[], language?: CaptionLanguage): Promise<Map<number, TrackWithCues[]>> {
	const tracks = await CaptionTrackModel.find({
		videoId: videoIds.length === 1 ? videoIds[0] : idsOrTheirRange(videoIds),
		...(language ? { language } : {}),
	})
		.select('videoId language updatedAt cues')
		.lean<TrackWithCues[]>()
	const byVideo = new Map<number, TrackWithCues[]>()
	for (const track of tracks) byVideo.set(track.videoId, [...(byVideo.get(track.videoId) ?? []), track])
	return new Map([...byVideo].map(([videoId, own]) => [videoId, inMenuOrder(own)]))
}

const textOfTracks = (tracks: readonly TrackWithCues[]) =>
	tracks.map((track) => track.cues.map((cue) => cue.text).join(' ')).join('\n\n')

/**
 * The words of a lesson's captions as one text (for the global search): in
 * `language`, or in every language the lesson has, one after the other.
 * Empty when the lesson has no captions. With `transcriptsForSearch` and
 * `transcriptLines`, the one place a lesson's transcript is read as text.
 */
export async function getTranscriptText(videoId: number, language?: CaptionLanguage): Promise<string> {
	return textOfTracks((await tracksWithCues([videoId], language)).get(videoId) ?? [])
}

/**
 * The lines of a lesson's captions with their times, every language in the
 * menu's order: where the global search finds the words a result quotes,
 * and the time its link starts the video at (docs/decisions/167).
 */
export async function transcriptLines(videoId: number): Promise<Array<Pick<TranscriptCue, 'start' | 'text'>>> {
	return ((await tracksWithCues([videoId])).get(videoId) ?? []).flatMap((track) =>
		track.cues.map(({ start, text }) => ({ start, text })),
	)
}

/**
 * Lessons' spoken words as the global search holds them: the transcript
 * part of each lesson's entry (its title and description are the main
 * part, videos.server.ts). Only Premium members find the words of a lesson
 * a free account cannot play, as only they may read its transcript
 * (docs/decisions/167).
 */
export async function transcriptsForSearch(videoIds: number[]): Promise<Map<number, SearchDocument>> {
	const tracks = await tracksWithCues(videoIds)
	return new Map(
		[...tracks].map(([videoId, own]) => [
			videoId,
			{
				fields: [{ text: textOfTracks(own), weight: 1 }],
				audience: isVideoLocked({ subscriptionStatus: null }, videoId) ? 'premium' : 'everyone',
				authorIds: [],
			},
		]),
	)
}

/** The captions of a lesson are the `transcript` part of its search entry. */
const TRANSCRIPT = { kind: 'lesson', part: 'transcript' } as const

/** A lesson's chapters in time order (none when it has none). */
export async function getChapters(videoId: number): Promise<Chapter[]> {
	const stored = await LessonChaptersModel.findOne({ videoId })
		.select('chapters')
		.lean<Pick<LessonChapters, 'chapters'>>()
	return (stored?.chapters ?? []).map(({ start, title }) => ({ start, title }))
}

// ---------------------------------------------------------------------------
// Administration: the captions dialog (/admin/videos/{id}/captions)
// ---------------------------------------------------------------------------

/** What the captions dialog shows: the video's tracks and its chapters. */
export async function getCaptionsForAdmin(
	actor: Actor,
	videoId: number,
): Promise<{ title: string; tracks: CaptionTrackSummary[]; chapters: Chapter[] }> {
	assertActorRole(actor, CONTENT_ADMIN_ROLES)
	const video = await requireVideo(videoId)
	const [tracks, chapters] = await Promise.all([
		CaptionTrackModel.find({ videoId })
			.select('language updatedAt cues')
			.lean<Array<Pick<CaptionTrack, 'language' | 'updatedAt' | 'cues'>>>()
			.then(inMenuOrder),
		getChapters(videoId),
	])
	return {
		title: video.title,
		tracks: tracks.map((track) => ({
			...sourceOf(videoId, track),
			cueCount: track.cues.length,
			updatedAt: track.updatedAt.toISOString(),
		})),
		chapters,
	}
}

async function requireVideo(videoId: number) {
	const video = await getVideo(videoId)
	if (!video) throw notFound('Video not found')
	return video
}

/**
 * Adds a lesson's captions in a language, or replaces them: the file is
 * checked by the WebVTT parser first (400 naming the bad line), so a
 * refused file changes nothing. Returns how many cues it has.
 */
export async function saveCaptionTrack(
	actor: Actor,
	videoId: number,
	{ language, vtt: text }: { language: CaptionLanguage; vtt: string },
): Promise<{ cueCount: number }> {
	assertActorRole(actor, CONTENT_ADMIN_ROLES)
	const video = await requireVideo(videoId)
	const { vtt, cues } = await parseWebVTT(text)
	const { upsertedCount } = await writeIndexed(
		TRANSCRIPT,
		[videoId],
		() =>
			CaptionTrackModel.updateOne(
				{ videoId, language },
				{ $set: { vtt, cues, updatedAt: new Date() } },
				{ upsert: true },
			),
		transcriptsForSearch,
	)
	const name = captionLanguageName(language)
	await recordAudit(actor, {
		kind: 'video.updated',
		target: { type: 'video', id: videoId, label: video.title },
		summary: `${upsertedCount ? 'Added' : 'Replaced'} the ${name} captions of video "${video.title}" (${cues.length} cues)`,
		after: { captions: `${name}: ${cues.length} cues` },
	})
	return { cueCount: cues.length }
}

/** Removes a lesson's captions in a language (404 when it has none in it). */
export async function removeCaptionTrack(actor: Actor, videoId: number, language: CaptionLanguage): Promise<void> {
	assertActorRole(actor, CONTENT_ADMIN_ROLES)
	const video = await requireVideo(videoId)
	const { deletedCount } = await writeIndexed(
		TRANSCRIPT,
		[videoId],
		() => CaptionTrackModel.deleteOne({ videoId, language }),
		transcriptsForSearch,
	)
	if (!deletedCount) throw notFound(CAPTIONS_NOT_FOUND)
	const name = captionLanguageName(language)
	await recordAudit(actor, {
		kind: 'video.updated',
		target: { type: 'video', id: videoId, label: video.title },
		summary: `Removed the ${name} captions of video "${video.title}"`,
		before: { captions: name },
	})
}

/** Sets a lesson's chapters (already checked by ChaptersFormSchema: in time order, titled); none removes them. */
export async function saveChapters(actor: Actor, videoId: number, chapters: readonly Chapter[]): Promise<void> {
	assertActorRole(actor, CONTENT_ADMIN_ROLES)
	if (chapters.some((chapter, index) => index > 0 && chapter.start <= chapters[index - 1]!.start))
		throw new ServiceError('Chapters must be in time order', 400, 'chapters')
	const video = await requireVideo(videoId)
	const before = await getChapters(videoId)
	if (chapterLines(before) === chapterLines(chapters)) return
	if (chapters.length === 0) await LessonChaptersModel.deleteOne({ videoId })
	else
		await LessonChaptersModel.updateOne(
			{ videoId },
			{ $set: { chapters: chapters.map(({ start, title }) => ({ start, title })), updatedAt: new Date() } },
			{ upsert: true },
		)
	await recordAudit(actor, {
		kind: 'video.updated',
		target: { type: 'video', id: videoId, label: video.title },
		summary: `Edited video "${video.title}": chapters`,
		before: { chapters: chapterLines(before) || null },
		after: { chapters: chapterLines(chapters) || null },
	})
}
