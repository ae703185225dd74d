import { type z } from 'zod'
import { type CommunityJSON, type EventJSON, type ProgramJSON, type ResourceJSON } from '#models/index'
import { type AdminVideoJSON } from '~/lib/media'
import { RESOURCE_TYPE_OPTIONS, resourceTypeLabel } from '~/lib/admin-fields'

/**
 * The catalogue kinds of the administration panel (product §2: Content,
 * Communities, Events, Resources), one description each: what the panel's
 * tab, its add and edit dialog and its delete confirmation say and show. One
 * panel component and one set of dialog routes draw every kind from these;
 * the server half (which service lists, reads, creates, updates and deletes
 * each kind) is app/services/catalogue/kinds.server.ts. Shared by the pages,
 * their actions and the browser (docs/decisions/098).
 *
 * Texts that follow the product's pattern ('Add Video', 'Search videos...',
 * 'Video not found', 'Failed to update video') are derived from the kind's
 * name and noun; a description says only what is its own.
 */

/** A stored entity of any kind, as a list or a dialog gets it. */
export type CatalogueRow = AdminVideoJSON | CommunityJSON | EventJSON | ResourceJSON | ProgramJSON

/** One option of a select. */
export interface CatalogueOption {
	value: string
	label: string
}

/** A field of the add and edit dialog: its name in the form's zod schema, its label, and how it is entered. */
export type CatalogueField = {
	name: string
	label: string
	/** The line under the field. A zoned date-time without one says the zone its value is in. */
	help?: string
} & (
	| { input: 'text' | 'url'; placeholder?: string; inputMode?: 'url' }
	| { input: 'number'; min: number; step: number }
	| { input: 'textarea'; rows: number }
	/** On or off (the form sends 'on' when ticked, nothing when not); `help` says what it means. */
	| { input: 'checkbox' }
	/** A fixed list; a stored value it does not list is offered too, so an edit keeps it. `initial`: a new entity's. */
	| { input: 'select'; options: readonly string[]; optionLabel: (value: string) => string; initial?: string }
	/** Other entities to choose from, which the server loads (kinds.server.ts `lookups`), after `none` (''). */
	| { input: 'lookup'; none: string }
	/**
	 * A local date and time in the zone the form names in a hidden `timeZone`
	 * field: the browser's with JavaScript, else the `tz` cookie's, else UTC
	 * (docs/decisions/030-admin-event-times.md).
	 */
	| { input: 'zoned-date-time' }
	/**
	 * A video file, sent with tus and a progress bar (JavaScript) or in the
	 * form itself (without, the form is then multipart): once it has arrived,
	 * its address is the value of the field `fills` (docs/decisions/175).
	 */
	| { input: 'upload'; fills: string }
)

/** A dialog's fields in order; two in brackets share a row from the `sm` breakpoint. */
export type CatalogueFieldEntry = CatalogueField | readonly [CatalogueField, CatalogueField]

type FieldOf<Row> = Extract<keyof Row, string>

/** A column of the tab's table (the Actions column, edit and delete, follows the last). */
export type CatalogueColumn<Row = Record<string, unknown>> = { header: string } & (
	| { show: 'id' }
	/** The entity's name (its `labelField`), emphasised; `wide` keeps it to a line or two. */
	| { show: 'label'; wide?: boolean }
	/** The name of the member who added it, or 'User #{id}' when the account is gone. */
	| { show: 'author' }
	| {
			show: 'text'
			field: FieldOf<Row>
			/** What an empty value shows. */
			empty: string
			/** The first `truncate` characters and '...'. */
			truncate?: number
			format?: (value: string) => string
			wide?: boolean
			nowrap?: boolean
	  }
	/** A date and time in the viewer's zone, drawn as the date over the hour (docs/decisions/067). */
	| { show: 'time'; field: FieldOf<Row>; empty?: string }
	| { show: 'badge'; field: FieldOf<Row>; format: (value: string) => string }
	/** An address, opened in a new tab, shown as its first `truncate` characters. */
	| { show: 'link'; field: FieldOf<Row>; truncate: number }
	/** Where the entity's uploaded file is (`media`): processing with its percent, ready, or failed with why and 'Retry'. */
	| { show: 'media'; empty: string }
)

/** A dialog of its own that a row links to besides edit and delete: `/admin/{kind}/{id}/{path}` (a video's captions, decision 173). */
export interface CatalogueRowLink {
	path: string
	/** The link's name, followed by the entity's ('Captions and chapters of {title}'). */
	label: string
	icon: 'captions'
}

export interface DeleteConfirmation {
	title: string
	text: string
	button: string
}

/** What a description says of its kind; describeKind derives the rest. */
interface CatalogueKindInput<Row, Tab extends string> {
	/** 'video': the dialog's form and intent ('save-video') and the messages ('Video not found') */
	noun: string
	/** The panel's tab (`?tab=`) the kind's list is on. */
	tab: Tab
	/** The tab's name, when it is not the kind's ('Content' for videos). */
	tabLabel?: string
	/** 'create' for 'Create Event', 'Event created' and 'Failed to create event'; else 'Add Video', 'Video added'. */
	adding: 'add' | 'create'
	/** The field that names an entity in notices, confirmations and row actions. */
	labelField: FieldOf<Row>
	/**
	 * The add and edit dialog's schema, in the browser and in the action (the JSON API's is kinds.server.ts's),
	 * loaded when needed: the panel's page carries no zod until a dialog is used (decisions 220, 254).
	 */
	loadSchema: () => Promise<z.ZodTypeAny>
	fields: readonly CatalogueFieldEntry[]
	subtitle: string
	/** What the add dialog says under its title. */
	addDescription: string
	/** The table when the list is empty. */
	empty: string
	columns: ReadonlyArray<CatalogueColumn<Row>>
	/** The delete confirmation, when it is not "Are you sure you want to delete video "{title}"? …". */
	confirmDelete?: (label: string) => DeleteConfirmation
	/**
	 * Each entity also has a page of its own at /admin/{kind}/{id} (a
	 * program's modules and items), which its name in the table links to:
	 * the page's name, for the link's accessible name ('Outline of …').
	 */
	page?: string
	rowLinks?: readonly CatalogueRowLink[]
}

export interface CatalogueKindDescription<Tab extends string = string> {
	noun: string
	tab: Tab
	tabLabel: string
	labelField: string
	loadSchema: () => Promise<z.ZodTypeAny>
	fields: readonly CatalogueFieldEntry[]
	columns: readonly CatalogueColumn[]
	/** Dialogs of their own a row links to, before Edit and Delete. */
	rowLinks: readonly CatalogueRowLink[]
	/** The tab: its heading (also the table's caption and the section's name) and its words. */
	panel: {
		heading: string
		subtitle: string
		addLabel: string
		searchPlaceholder: string
		loading: string
		loadError: string
		empty: string
		/** The footer after the count, when the service counts the list ('events total'). */
		total: string
	}
	dialog: {
		addTitle: string
		editTitle: string
		addDescription: string
		editDescription: string
		/** The form's intent, and the stem of its id ('video-new', 'video-3'). */
		intent: string
		formId: string
	}
	/** product §8: the notices of a save or a delete, and of a refused one. */
	notices: {
		added: string
		updated: string
		deleted: string
		addFailed: string
		updateFailed: string
		deleteFailed: string
	}
	/** '{Video} not found': an unknown id in a dialog's address or a JSON call (product §2, §7). */
	what: string
	confirmDelete: (label: string) => DeleteConfirmation
	/** The name of each entity's own page (/admin/{kind}/{id}), or null when it has none. */
	page: string | null
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

const ADDING = { add: ['add', 'added'], create: ['create', 'created'] } as const

/** A kind's description, with the texts that follow the product's pattern filled in from its name and noun. */
function describeKind<Row>() {
	return <Tab extends string>(kind: string, given: CatalogueKindInput<Row, Tab>): CatalogueKindDescription<Tab> => {
		const { noun, tab, adding } = given
		const Noun = capitalized(noun)
		const heading = capitalized(kind)
		const [verb, done] = ADDING[adding]
		return {
			noun,
			tab,
			tabLabel: given.tabLabel ?? heading,
			labelField: given.labelField,
			loadSchema: given.loadSchema,
			fields: given.fields,
			columns: given.columns as ReadonlyArray<CatalogueColumn>,
			rowLinks: given.rowLinks ?? [],
			panel: {
				heading,
				subtitle: given.subtitle,
				addLabel: `Add ${Noun}`,
				searchPlaceholder: `Search ${kind}...`,
				loading: `Loading ${kind}...`,
				loadError: `Error loading ${kind}: `,
				empty: given.empty,
				total: `${kind} total`,
			},
			dialog: {
				addTitle: `${capitalized(verb)} ${Noun}`,
				editTitle: `Edit ${Noun}`,
				addDescription: given.addDescription,
				editDescription: `Change the details of this ${noun}.`,
				intent: `save-${noun}`,
				formId: noun,
			},
			notices: {
				added: `${Noun} ${done}`,
				updated: `${Noun} updated`,
				deleted: `${Noun} deleted`,
				addFailed: `Failed to ${verb} ${noun}`,
				updateFailed: `Failed to update ${noun}`,
				deleteFailed: `Failed to delete ${noun}`,
			},
			what: Noun,
			page: given.page ?? null,
			confirmDelete:
				given.confirmDelete ??
				((label) => ({
					title: `Delete ${Noun}`,
					text: `Are you sure you want to delete ${noun} "${label}"? This action cannot be undone.`,
					button: 'Delete',
				})),
		}
	}
}

const TITLE: CatalogueField = { name: 'title', label: 'Title', input: 'text' }
const DESCRIPTION: CatalogueField = { name: 'description', label: 'Description', input: 'textarea', rows: 3 }

/** Every catalogue kind, by its name in URLs (/admin/videos/new, /api/admin/videos), in the panel's tab order. */
export const CATALOGUE = {
	/** product §2 "Content". */
	videos: describeKind<AdminVideoJSON>()('videos', {
		noun: 'video',
		tab: 'content',
		tabLabel: 'Content',
		adding: 'add',
		labelField: 'title',
		loadSchema: () => import('~/lib/admin-schemas').then((schemas) => schemas.VideoSchema),
		fields: [
			TITLE,
			DESCRIPTION,
			{ name: 'url', label: 'URL', input: 'text', placeholder: '/media/lesson.mp4 or https://...', inputMode: 'url' },
			{ name: 'file', label: 'Or upload a video file', input: 'upload', fills: 'url' },
			{ name: 'thumbnail', label: 'Thumbnail', input: 'text', placeholder: 'https://... (optional)', inputMode: 'url' },
			[
				// Whole minutes (docs/decisions/005-video-duration-unit.md).
				{ name: 'duration', label: 'Duration (minutes)', input: 'number', min: 1, step: 1 },
				{ name: 'category', label: 'Category', input: 'text' },
			],
		],
		subtitle: 'Add, edit and remove the lessons of the content library.',
		addDescription: 'Add a video lesson to the content library.',
		empty: 'No videos found',
		columns: [
			{ header: 'ID', show: 'id' },
			{ header: 'Title', show: 'label' },
			{ header: 'Category', show: 'text', field: 'category', empty: '-' },
			{
				header: 'Duration',
				show: 'text',
				field: 'duration',
				empty: '-',
				format: (minutes) => `${minutes} min`,
				nowrap: true,
			},
			{ header: 'Upload', show: 'media', empty: '-' },
			{ header: 'Added By', show: 'author' },
		],
		rowLinks: [{ path: 'captions', label: 'Captions and chapters', icon: 'captions' }],
	}),

	/** product §2 "Communities": the chat rooms. */
	communities: describeKind<CommunityJSON>()('communities', {
		noun: 'community',
		tab: 'communities',
		adding: 'add',
		labelField: 'name',
		loadSchema: () => import('~/lib/admin-schemas').then((schemas) => schemas.CommunitySchema),
		fields: [
			{ name: 'name', label: 'Name', input: 'text' },
			DESCRIPTION,
			{ name: 'icon', label: 'Icon URL', input: 'text', placeholder: 'https://... or a short code like EL' },
		],
		subtitle: 'Add, edit and remove the community chat rooms.',
		addDescription: 'Open a new community chat room.',
		empty: 'No communities available',
		columns: [
			{ header: 'ID', show: 'id' },
			{ header: 'Name', show: 'label' },
			{ header: 'Description', show: 'text', field: 'description', empty: '-', truncate: 50 },
			{ header: 'Created By', show: 'author' },
		],
	}),

	/** product §2 "Events": times in the admin's zone, a meeting link and a replay from the library. */
	events: describeKind<EventJSON>()('events', {
		noun: 'event',
		tab: 'events',
		adding: 'create',
		labelField: 'title',
		loadSchema: () => import('~/lib/admin-schemas').then((schemas) => schemas.EventFormSchema),
		fields: [
			TITLE,
			DESCRIPTION,
			{ name: 'location', label: 'Location', input: 'text', placeholder: 'Leave empty for an online event' },
			[
				{ name: 'startTime', label: 'Start Time', input: 'zoned-date-time' },
				{ name: 'endTime', label: 'End Time', input: 'zoned-date-time', help: 'Optional.' },
			],
			{
				name: 'meetingUrl',
				label: 'Meeting Link',
				input: 'url',
				placeholder: 'https://',
				help: "Optional. Members who are going see 'Join Now' from 15 minutes before the start until the end.",
			},
			{
				name: 'replayVideoId',
				label: 'Replay Video',
				input: 'lookup',
				none: 'No replay',
				help: "Optional. After the event, 'Replay' leads to this video.",
			},
		],
		// The server says what is missing: a title too short is refused with its own message (product §5).
		subtitle: 'Create, view, edit, and delete leadership events.',
		addDescription: 'Schedule a new leadership event.',
		empty: 'No events found.',
		columns: [
			// Titles get the room to stay on one or two lines; the times break between date and hour instead.
			{ header: 'Title', show: 'label', wide: true },
			{ header: 'Description', show: 'text', field: 'description', empty: 'No description', truncate: 50, wide: true },
			{ header: 'Location', show: 'text', field: 'location', empty: 'Online' },
			{ header: 'Start Time', show: 'time', field: 'startTime' },
			{ header: 'End Time', show: 'time', field: 'endTime', empty: 'Not specified' },
		],
		confirmDelete: (title) => ({
			title: 'Are you sure?',
			text: `This will permanently delete the event "${title}". This action cannot be undone.`,
			button: 'Delete Event',
		}),
	}),

	/** product §2 "Resources": a new resource is a PDF unless told otherwise. */
	resources: describeKind<ResourceJSON>()('resources', {
		noun: 'resource',
		tab: 'resources',
		adding: 'add',
		labelField: 'title',
		loadSchema: () => import('~/lib/admin-schemas').then((schemas) => schemas.ResourceSchema),
		fields: [
			TITLE,
			DESCRIPTION,
			{
				name: 'type',
				label: 'Type',
				input: 'select',
				options: RESOURCE_TYPE_OPTIONS,
				optionLabel: resourceTypeLabel,
				initial: 'pdf',
			},
			{
				name: 'url',
				label: 'URL',
				input: 'text',
				placeholder: '/resources/guide.pdf or https://...',
				inputMode: 'url',
			},
		],
		subtitle: 'Add, edit and remove downloadable resources.',
		addDescription: 'Add a downloadable resource to the library.',
		empty: 'No resources found',
		columns: [
			{ header: 'ID', show: 'id' },
			{ header: 'Title', show: 'label' },
			{ header: 'Type', show: 'badge', field: 'type', format: resourceTypeLabel },
			{ header: 'URL', show: 'link', field: 'url', truncate: 30 },
		],
	}),

	/**
	 * product §2 "Programs": the journeys of modules and items. The tab adds,
	 * edits, publishes and deletes programs; each program's outline is its own
	 * page (/admin/programs/{id}), with dialogs of its own (docs/decisions/153).
	 */
	programs: describeKind<ProgramJSON>()('programs', {
		noun: 'program',
		tab: 'programs',
		adding: 'add',
		labelField: 'title',
		loadSchema: () => import('~/lib/admin-schemas').then((schemas) => schemas.ProgramFormSchema),
		fields: [
			TITLE,
			{ name: 'summary', label: 'Summary', input: 'text', help: 'One line, shown on the program’s card.' },
			DESCRIPTION,
			{
				name: 'cover',
				label: 'Cover',
				input: 'text',
				placeholder: '/images/programs/cover.svg or https://... (optional)',
				inputMode: 'url',
			},
			{
				name: 'published',
				label: 'Published',
				input: 'checkbox',
				help: 'Members see published programs only. Add its modules and items first.',
			},
		],
		subtitle: 'Leadership journeys of modules and lessons. Open a program to edit its modules and items.',
		addDescription: 'Start a new program; its modules and items come next, on its own page.',
		empty: 'No programs found',
		columns: [
			{ header: 'ID', show: 'id' },
			{ header: 'Title', show: 'label', wide: true },
			{
				header: 'Status',
				show: 'badge',
				field: 'published',
				format: (value) => (value === 'true' ? 'Published' : 'Draft'),
			},
			{ header: 'Modules', show: 'text', field: 'moduleCount', empty: '0' },
			{ header: 'Items', show: 'text', field: 'itemCount', empty: '0' },
			{ header: 'Added By', show: 'author' },
		],
		page: 'Outline',
	}),
}

export type CatalogueKind = keyof typeof CATALOGUE

/** The catalogue kinds, in the panel's tab order. */
export const CATALOGUE_KINDS = Object.keys(CATALOGUE) as CatalogueKind[]

/** The tabs the catalogue kinds are on ('content', 'communities', ...). */
export type CatalogueTab = (typeof CATALOGUE)[CatalogueKind]['tab']

/** The kind a URL segment names (`/admin/{kind}/new`, `/api/admin/{kind}`), or null: only the kinds' own names, never a name every object has. */
export function catalogueKindNamed(name: string | undefined): CatalogueKind | null {
	return name !== undefined && Object.hasOwn(CATALOGUE, name) ? (name as CatalogueKind) : null
}

/** The kind whose list a tab shows, or null for the other tabs. */
export function catalogueKindOfTab(tab: string): CatalogueKind | null {
	return CATALOGUE_KINDS.find((kind) => CATALOGUE[kind].tab === tab) ?? null
}

/** The name an entity goes by (its title or name). */
export function catalogueLabel(kind: CatalogueKind, entity: CatalogueRow): string {
	return String((entity as unknown as Record<string, unknown>)[CATALOGUE[kind].labelField])
}

/** The fields of a dialog in order, pairs undone. */
export function catalogueFields(kind: CatalogueKind): CatalogueField[] {
	return CATALOGUE[kind].fields.flat()
}

/** Whether a kind's dialog takes a file (its form is then multipart, so it can carry the file without JavaScript). */
export function takesUpload(kind: CatalogueKind): boolean {
	return catalogueFields(kind).some((field) => field.input === 'upload')
}

/** Whether a kind's dialog enters times in a zone (and carries the zone in a hidden field). */
export function hasZonedTimes(kind: CatalogueKind): boolean {
	return catalogueFields(kind).some((field) => field.input === 'zoned-date-time')
}
