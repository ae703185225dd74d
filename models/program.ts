import { Schema } from 'mongoose'
import { defineModel, toIso } from '#models/model'
import { renewStampOnEveryWrite } from '#models/version-stamp'

/**
 * A program (product §2 "Programs", docs/decisions/150): a leadership journey
 * of modules, each with its unlock rule and its ordered items. Modules and
 * items live inside the program's document, in order: a change to the
 * outline (add, edit, move, remove) is one write of the whole document,
 * guarded by `revision`, so two editors never leave it half-changed. Module
 * and item ids come from counters, unique across programs, so an item has
 * an address of its own (`/programs/{id}/items/{itemId}`).
 */

export const PROGRAM_ITEM_KIND_VALUES = ['lesson', 'reading', 'reflection', 'check'] as const
export const UNLOCK_KIND_VALUES = ['immediately', 'after_days', 'on_date', 'after_previous'] as const

export interface StoredQuestion {
	prompt: string
	choices: string[]
	/** The right choice's index: staff-only, never in a member's answer before they submit. */
	answer: number
	explanation: string
}

export interface ProgramItem {
	id: number
	kind: (typeof PROGRAM_ITEM_KIND_VALUES)[number]
	/** A lesson without a title of its own shows its video's. */
	title: string | null
	/** lesson */
	videoId?: number | null
	/** reading: Markdown, rendered on the server (decision 099). */
	body?: string | null
	/** reflection */
	prompt?: string | null
	/** check */
	passMark?: number | null
	questions?: StoredQuestion[]
}

export interface ProgramModule {
	id: number
	title: string
	description: string | null
	unlock: {
		kind: (typeof UNLOCK_KIND_VALUES)[number]
		days?: number | null
		date?: Date | null
	}
	items: ProgramItem[]
}

export interface Program {
	id: number
	title: string
	summary: string | null
	description: string | null
	cover: string | null
	published: boolean
	modules: ProgramModule[]
	/** Counts outline changes: a change is written only over the revision it was made from. */
	revision: number
	createdBy: number
	createdAt: Date
}

/** A program as the admin list and the JSON admin API show it (the outline is its own page). */
export interface ProgramJSON {
	id: number
	title: string
	summary: string | null
	description: string | null
	cover: string | null
	published: boolean
	moduleCount: number
	itemCount: number
	createdAt: string
	createdBy: number
}

export function toProgramJSON(program: Program): ProgramJSON {
	const modules = program.modules ?? []
	return {
		id: program.id,
		title: program.title,
		summary: program.summary ?? null,
		description: program.description ?? null,
		cover: program.cover ?? null,
		published: Boolean(program.published),
		moduleCount: modules.length,
		itemCount: modules.reduce((sum, module) => sum + (module.items?.length ?? 0), 0),
		createdAt: toIso(program.createdAt)!,
		createdBy: program.createdBy,
	}
}

const questionSchema = new Schema<StoredQuestion>(
	{
		prompt: { type: String, required: true },
		choices: { type: [String], required: true },
		answer: { type: Number, required: true },
		explanation: { type: String, required: true },
	},
	{ _id: false },
)

const itemSchema = new Schema<ProgramItem>(
	{
		id: { type: Number, required: true },
		kind: { type: String, enum: PROGRAM_ITEM_KIND_VALUES, required: true },
		title: { type: String, default: null },
		videoId: { type: Number, default: null },
		body: { type: String, default: null },
		prompt: { type: String, default: null },
		passMark: { type: Number, default: null },
		questions: { type: [questionSchema], default: undefined },
	},
	{ _id: false },
)

const moduleSchema = new Schema<ProgramModule>(
	{
		id: { type: Number, required: true },
		title: { type: String, required: true },
		description: { type: String, default: null },
		unlock: {
			kind: { type: String, enum: UNLOCK_KIND_VALUES, required: true },
			days: { type: Number, default: null },
			date: { type: Date, default: null },
		},
		items: { type: [itemSchema], default: [] },
	},
	{ _id: false },
)

const programSchema = new Schema<Program>(
	{
		id: { type: Number, required: true, unique: true },
		title: { type: String, required: true, trim: true },
		summary: { type: String, default: null },
		description: { type: String, default: null },
		cover: { type: String, default: null },
		published: { type: Boolean, required: true, default: false },
		modules: { type: [moduleSchema], default: [] },
		revision: { type: Number, required: true, default: 0 },
		createdBy: { type: Number, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ id: false, versionKey: false, toJSON: { transform: (_doc, ret) => toProgramJSON(ret as unknown as Program) } },
)
// The member's list (published, in order); an item's program by the item's id; the programs a lesson is in.
programSchema.index({ published: 1, id: 1 })
programSchema.index({ 'modules.items.id': 1 })
programSchema.index({ 'modules.items.videoId': 1 })
// The dashboard holds every program under the catalogue stamp (decision 231): any write to one renews it.
renewStampOnEveryWrite(programSchema, 'catalogue')

export const ProgramModel = defineModel<Program>('Program', programSchema)
