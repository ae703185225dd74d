import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { type z } from 'zod'
import {
	type AdminUserJSON,
	type CommunityJSON,
	type EventJSON,
	type ResourceJSON,
	type VideoJSON,
} from '#models/index'
import { countUsersForAdmin, listUsersForAdmin } from '~/services/account/admin-users.server'
import { userNamesById } from '~/services/account/users.server'
import { requireUserWithRole } from '~/web/auth.server'
import { deleteCommunity, getCommunity, listCommunities } from '~/services/catalogue/communities.server'
import { readProtectedForm } from '~/web/csrf.server'
import { PAGE_SIZES, pageFrom, pageWindow } from '~/lib/paging'
import { ServiceError } from '~/lib/service-error'
import { countEvents, deleteEvent, getEvent, listEvents } from '~/services/events/events.server'
import { CONTENT_ADMIN_ROLES, type Actor } from '~/services/permissions.server'
import { deleteResource, getResource, listResources } from '~/services/catalogue/resources.server'
import { redirectWithToast } from '~/web/toast.server'
import { deleteVideo, getVideo, listVideos } from '~/services/catalogue/videos.server'
import { CATALOGUE_TEXTS, dialogCloseHref, type AdminTab, type CatalogueKind } from '~/lib/admin-panel'
import { makeToast, type ToastInput } from '~/lib/toast'
import { requireFound } from '~/web/errors.server'
import { handleFormSubmission } from '~/web/form.server'
import { requireNumericId } from '~/web/http.server'

type Params = LoaderFunctionArgs['params']

/**
 * The server half of the panel's dialogs (docs/architecture.md: dialogs are
 * routes). Each dialog's loader and action is a line or two calling these,
 * and these call the same services as the JSON admin API.
 */

/** Who may open the catalogue dialogs: admins and content managers; others go to /dashboard, visitors to /auth. */
export function requireCatalogueEditor(request: Request) {
	return requireUserWithRole(request, CONTENT_ADMIN_ROLES)
}

/** The list of the open tab; the others stay empty. A list that fails to load gives its message instead (product §8). */
export interface AdminPanelData {
	error: string | null
	users: AdminUserJSON[]
	videos: VideoJSON[]
	communities: CommunityJSON[]
	events: EventJSON[]
	resources: ResourceJSON[]
	/** Names for the "Added By" and "Created By" columns. */
	authors: Record<number, string>
	/** The tab's page (docs/decisions/081) and whether another follows. */
	page: number
	hasMore: boolean
	/** How many rows the tab's search finds, for the tabs that say so (users, events). */
	total: number | null
}

/**
 * One page of the open tab's list (PAGE_SIZES.admin rows), searched on the
 * server by `q` (every tab has a search box): no tab reads a whole collection.
 */
export async function loadAdminPanel(actor: Actor, tab: AdminTab, q: string, page = 1): Promise<AdminPanelData> {
	const panel: AdminPanelData = {
		error: null,
		users: [],
		videos: [],
		communities: [],
		events: [],
		resources: [],
		authors: {},
		page,
		hasMore: false,
		total: null,
	}
	const window = pageWindow(page, PAGE_SIZES.admin)
	const search = q || undefined
	const paged = <Row>(rows: Row[]) => {
		const { items, hasMore } = pageFrom(rows, page, PAGE_SIZES.admin)
		panel.hasMore = hasMore
		return items
	}
	try {
		if (tab === 'users')
			[panel.users, panel.total] = await Promise.all([
				listUsersForAdmin(actor, { search }, window).then(paged),
				countUsersForAdmin(actor, { search }),
			])
		if (tab === 'content') panel.videos = paged(await listVideos({ search }, window))
		if (tab === 'communities') panel.communities = paged(await listCommunities({ search }, window))
		if (tab === 'events')
			[panel.events, panel.total] = await Promise.all([
				listEvents({ search }, window).then(paged),
				countEvents({ search }),
			])
		if (tab === 'resources') panel.resources = paged(await listResources({ search }, window))
		panel.authors = await userNamesById([...panel.videos, ...panel.communities].map((entity) => entity.createdBy))
	} catch (error) {
		if (!(error instanceof ServiceError)) console.error(`Admin panel: loading the ${tab} tab failed`, error)
		panel.error =
			error instanceof ServiceError ? error.message : 'The server could not load the list. Please try again.'
	}
	return panel
}

/** An entity a dialog edits, or its 404. */
export async function requireDialogEntity<Entity>(
	load: (id: number) => Promise<Entity | null>,
	id: string | undefined,
	what: string,
) {
	return requireFound(await load(requireNumericId(id, what)), `${what} not found`)
}

/**
 * Every dialog form: the one form-action pattern, returning to the tab with
 * the notice `save` returns (product §8), or the form again with its errors
 * and a notice titled `failedTitle` that lists them.
 */
export function handleDialogForm<Schema extends z.ZodTypeAny>({
	request,
	schema,
	failedTitle,
	save,
}: {
	request: Request
	schema: Schema
	failedTitle: string
	save: (value: z.output<Schema>) => Promise<ToastInput>
}) {
	return handleFormSubmission({
		request,
		schema,
		failureTitle: failedTitle,
		announceInvalid: true,
		onValid: async (value) => redirectWithToast(dialogCloseHref(new URL(request.url)), await save(value)),
	})
}

/** The add and edit dialogs of a catalogue entity: add without an id, edit with one. */
export async function handleCatalogueForm<Schema extends z.ZodTypeAny, Entity>({
	request,
	params,
	kind,
	what,
	schema,
	create,
	update,
	describe,
}: {
	request: Request
	params: Params
	kind: CatalogueKind
	/** "Video", for "Video not found" */
	what: string
	schema: Schema
	create: (actor: Actor, input: z.output<Schema>) => Promise<Entity>
	update: (actor: Actor, id: number, input: z.output<Schema>) => Promise<Entity>
	/** The name a notice gives the entity: its title or name. */
	describe: (entity: Entity) => string
}) {
	const actor = await requireCatalogueEditor(request)
	const id = params.id === undefined ? null : requireNumericId(params.id, what)
	const texts = CATALOGUE_TEXTS[kind]
	return handleDialogForm({
		request,
		schema,
		failedTitle: id === null ? texts.addFailed : texts.updateFailed,
		save: async (value) => {
			const entity = id === null ? await create(actor, value) : await update(actor, id, value)
			return { title: id === null ? texts.added : texts.updated, description: `"${describe(entity)}" has been saved.` }
		},
	})
}

/** What the delete dialogs need of each entity: its name, and the service that deletes it (returning the name). */
const DELETABLE: Record<
	CatalogueKind,
	{ what: string; find: (id: number) => Promise<string | null>; remove: (actor: Actor, id: number) => Promise<string> }
> = {
	videos: {
		what: 'Video',
		find: async (id) => (await getVideo(id))?.title ?? null,
		remove: async (actor, id) => (await deleteVideo(actor, id)).title,
	},
	communities: {
		what: 'Community',
		find: async (id) => (await getCommunity(id))?.name ?? null,
		remove: async (actor, id) => (await deleteCommunity(actor, id)).name,
	},
	events: {
		what: 'Event',
		find: async (id) => (await getEvent(id))?.title ?? null,
		remove: async (actor, id) => (await deleteEvent(actor, id)).title,
	},
	resources: {
		what: 'Resource',
		find: async (id) => (await getResource(id))?.title ?? null,
		remove: async (actor, id) => (await deleteResource(actor, id)).title,
	},
}

/** The entity a delete dialog is for, from its URL: /admin/{kind}/{id}/delete. */
function deletionTarget(request: Request, params: Params) {
	const kind = new URL(request.url).pathname.split('/')[2] as CatalogueKind
	const entry = DELETABLE[kind]
	requireFound(entry, 'Not found')
	return { kind, ...entry, id: requireNumericId(params.id, entry.what) }
}

export async function loadDeleteDialog(request: Request, params: Params) {
	await requireCatalogueEditor(request)
	const { kind, what, find, id } = deletionTarget(request, params)
	const label = requireFound(await find(id), `${what} not found`)
	return { kind, id, label }
}

/** Deletes, then back to the tab. An entity that is already gone also goes back, with the failure notice. */
export async function handleDeleteDialog(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const { kind, remove, id } = deletionTarget(request, params)
	await readProtectedForm(request)
	const texts = CATALOGUE_TEXTS[kind]
	try {
		const label = await remove(actor, id)
		return redirectWithToast(dialogCloseHref(new URL(request.url)), {
			title: texts.deleted,
			description: `"${label}" has been deleted.`,
		})
	} catch (error) {
		if (!(error instanceof ServiceError)) throw error
		const toast = { type: 'destructive' as const, title: texts.deleteFailed, description: error.message }
		if (error.status === 404) return redirectWithToast(dialogCloseHref(new URL(request.url)), toast)
		return json({ toast: makeToast(toast) }, { status: error.status })
	}
}
