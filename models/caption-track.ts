import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * A lesson's captions in one language (docs/decisions/170): the WebVTT file
 * as the content manager gave it (checked by the parser, served to members
 * as the player's `<track kind="captions">`), and its cues as the transcript
 * needs them (times in seconds, text without markup), parsed once when it is
 * saved. One per video and language, written with one upsert.
 */
export interface CaptionCue {
	start: number
	end: number
	text: string
	voice?: string | null
}

export interface CaptionTrack {
	videoId: number
	/** A code of CAPTION_LANGUAGES (app/lib/captions.ts): 'en', 'es', ... */
	language: string
	vtt: string
	cues: CaptionCue[]
	updatedAt: Date
}

const cueSchema = new Schema<CaptionCue>(
	{
		start: { type: Number, required: true },
		end: { type: Number, required: true },
		text: { type: String, required: true },
		voice: { type: String, default: null },
	},
	{ _id: false },
)

const captionTrackSchema = new Schema<CaptionTrack>(
	{
		videoId: { type: Number, required: true },
		language: { type: String, required: true },
		vtt: { type: String, required: true },
		cues: { type: [cueSchema], default: [] },
		updatedAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false },
)
// A lesson's tracks (the page, the player) and one track (its file).
captionTrackSchema.index({ videoId: 1, language: 1 }, { unique: true })

export const CaptionTrackModel = defineModel<CaptionTrack>('CaptionTrack', captionTrackSchema)
