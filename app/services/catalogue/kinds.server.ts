import { type AnyZodObject } from 'zod'
import { type CommunityJSON, type EventJSON, type ProgramJSON, type ResourceJSON } from '#models/index'
import {
	CommunitySchema,
	EventApiSchema,
	ProgramApiSchema,
	ResourceSchema,
	VideoSchema,
	type CommunityInput,
	type EventInput,
	type ProgramInput,
	type ResourceInput,
	type VideoInput,
} from '~/lib/admin-schemas'
import { type CatalogueKind, type CatalogueOption, type CatalogueRow } from '~/lib/catalogue-kinds'
import { type AdminVideoJSON, type UploadSettings } from '~/lib/media'
import { type PageWindow } from '~/lib/paging'
import {
	createCommunity,
	deleteCommunity,
	getCommunity,
	listCommunities,
	placeOfCommunity,
	updateCommunity,
} from '~/services/catalogue/communities.server'
import {
	createResource,
	deleteResource,
	getResource,
	listResources,
	placeOfResource,
	updateResource,
} from '~/services/catalogue/resources.server'
import {
	createVideo,
	deleteVideo,
	getVideoForAdmin,
	listVideos,
	listVideosForAdmin,
	placeOfVideo,
	updateVideo,
} from '~/services/catalogue/videos.server'
import { uploadSettings } from '~/services/media/assets.server'
import {
	countEvents,
	createEvent,
	deleteEvent,
	getEvent,
	listEvents,
	placeOfEvent,
	updateEvent,
} from '~/services/events/events.server'
import {
	createProgram,
	deleteProgram,
	getProgram,
	listPrograms,
	placeOfProgram,
	updateProgram,
} from '~/services/learning/programs.server'
import { type Actor } from '~/services/permissions.server'

/**
 * The server half of the catalogue kinds (app/lib/catalogue-kinds.ts): the
 * service functions the admin panel's tab, its dialogs and the JSON admin
 * API call for each kind. The functions themselves enforce the roles and
 * write the audit log; this only says which they are.
 */
export interface CatalogueService<Row extends CatalogueRow, Input> {
	/** A page of the tab's list, searched on the server. */
	list(filters: { search?: string }, window?: PageWindow): Promise<Row[]>
	/** How many the search finds, for a tab whose footer says so ('{n} events total'). */
	count?(filters: { search?: string }): Promise<number>
	/**
	 * How many rows the list (searched or not) shows before this one, or null
	 * when the search leaves it out: an add opens the page the new row is on
	 * (docs/decisions/249).
	 */
	placeOf(row: Row, filters: { search?: string }): Promise<number | null>
	get(id: number): Promise<Row | null>
	create(actor: Actor, input: Input): Promise<Row>
	/** Changes the given fields only. */
	update(actor: Actor, id: number, changes: Partial<Input>): Promise<Row>
	/** Deletes the entity and what depends on it; returns what was deleted. */
	remove(actor: Actor, id: number): Promise<Row>
	/** The body of POST /api/admin/{kind}; PATCH takes `.partial()` of it (product §7). */
	jsonSchema: AnyZodObject
	/** GET /api/admin/{kind} lists the kind too (product §7 has it for events only). */
	jsonList?: boolean
	/** The options of the dialog's `lookup` fields, by field name. */
	lookups?(): Promise<Record<string, CatalogueOption[]>>
	/** For a kind whose dialog takes a file (an `upload` field): the limit, or why uploads are off. */
	uploads?(): UploadSettings
}

/** Each entry is checked against its kind's own row and input; the registry holds them side by side. */
type AnyCatalogueService = CatalogueService<CatalogueRow, unknown>

export const CATALOGUE_SERVICES: Record<CatalogueKind, AnyCatalogueService> = {
	videos: {
		// The admin table shows each lesson's upload and where it is (docs/decisions/176).
		list: listVideosForAdmin,
		placeOf: placeOfVideo,
		get: getVideoForAdmin,
		create: createVideo,
		update: updateVideo,
		remove: deleteVideo,
		jsonSchema: VideoSchema,
		uploads: uploadSettings,
	} satisfies CatalogueService<AdminVideoJSON, VideoInput>,
	communities: {
		list: listCommunities,
		placeOf: placeOfCommunity,
		get: getCommunity,
		create: createCommunity,
		update: updateCommunity,
		remove: deleteCommunity,
		jsonSchema: CommunitySchema,
	} satisfies CatalogueService<CommunityJSON, CommunityInput>,
	events: {
		list: listEvents,
		count: countEvents,
		placeOf: placeOfEvent,
		get: getEvent,
		create: createEvent,
		update: updateEvent,
		remove: deleteEvent,
		// JSON times are ISO 8601 dates with a zone; the dialog's are local date-times (docs/decisions/030).
		jsonSchema: EventApiSchema,
		jsonList: true,
		// The replay is chosen from the library (product §2 "Events"): its id and title are all the select needs.
		lookups: async () => ({
			replayVideoId: (await listVideos()).map(({ id, title }) => ({ value: String(id), label: title })),
		}),
	} satisfies CatalogueService<EventJSON, EventInput>,
	resources: {
		list: listResources,
		placeOf: placeOfResource,
		get: getResource,
		create: createResource,
		update: updateResource,
		remove: deleteResource,
		jsonSchema: ResourceSchema,
	} satisfies CatalogueService<ResourceJSON, ResourceInput>,
	programs: {
		list: listPrograms,
		placeOf: placeOfProgram,
		get: getProgram,
		create: createProgram,
		update: updateProgram,
		remove: deleteProgram,
		jsonSchema: ProgramApiSchema,
	} satisfies CatalogueService<ProgramJSON, ProgramInput>,
}
