import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { type z } from 'zod'
import { type AdminUserJSON } from '#models/index'
import { countUsersForAdmin, listUsersForAdmin } from '~/services/account/admin-users.server'
import { userNamesById } from '~/services/account/users.server'
import { requireUserWithRole } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { PAGE_SIZES, pageFrom, pageWindow } from '~/lib/paging'
import { ServiceError } from '~/lib/service-error'
import { CATALOGUE_SERVICES } from '~/services/catalogue/kinds.server'
import { CONTENT_ADMIN_ROLES, type Actor } from '~/services/permissions.server'
import { redirectWithToast } from '~/web/toast.server'
import { adminTabHref, dialogCloseHref, searchOf, type AdminTab } from '~/lib/admin-panel'
import {
	CATALOGUE,
	catalogueFields,
	catalogueKindNamed,
	catalogueKindOfTab,
	catalogueLabel,
	type CatalogueKind,
	type CatalogueRow,
} from '~/lib/catalogue-kinds'
import { ADMIN_LIMITS } from '~/lib/admin-fields'
import { makeToast, type ToastInput } from '~/lib/toast'
import { requireFound } from '~/web/errors.server'
import { handleFormSubmission, newFormOnceToken } from '~/web/form.server'
import { requireNumericId } from '~/web/http.server'
import { readFormWithVideoFile } from '~/web/video-file-form.server'

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

/** The list of the open tab. A list that fails to load gives its message instead (product §8). */
export interface AdminPanelData {
	error: string | null
	users: AdminUserJSON[]
	/** The open catalogue tab's rows (app/lib/catalogue-kinds.ts). */
	rows: CatalogueRow[]
	/** Names for the "Added By" and "Created By" columns. */
	authors: Record<number, string>
	/** The tab's page (docs/decisions/081) and whether another follows. */
	page: number
	hasMore: boolean
	/** How many rows the tab's search finds, for the tabs that say so (users, events). */
	total: number | null
}

/** The search a tab's list is searched by: the first ADMIN_LIMITS.search characters of its `q`. */
export function listSearchOf(url: { search: string }): string {
	return searchOf(url).slice(0, ADMIN_LIMITS.search)
}

/** A tab with no list (the Audit log and Insights). */
export const NO_LIST: AdminPanelData = {
	error: null,
	users: [],
	rows: [],
	authors: {},
	page: 1,
	hasMore: false,
	total: null,
}

/**
 * One page of the open tab's list (PAGE_SIZES.admin rows), searched on the
 * server by `q` (every tab has a search box): no tab reads a whole collection.
 */
export async function loadAdminPanel(actor: Actor, tab: AdminTab, q: string, page = 1): Promise<AdminPanelData> {
	const panel: AdminPanelData = { ...NO_LIST, page }
	const window = pageWindow(page, PAGE_SIZES.admin)
	const search = q || undefined
	const paged = <Row>(rows: Row[]) => {
		const { items, hasMore } = pageFrom(rows, page, PAGE_SIZES.admin)
		panel.hasMore = hasMore
		return items
	}
	const kind = catalogueKindOfTab(tab)
	try {
		if (tab === 'users')
			[panel.users, panel.total] = await Promise.all([
				listUsersForAdmin(actor, { search }, window).then(paged),
				countUsersForAdmin(actor, { search }),
			])
		if (kind) {
			const service = CATALOGUE_SERVICES[kind]
			;[panel.rows, panel.total] = await Promise.all([
				service.list({ search }, window).then(paged),
				service.count?.({ search }) ?? null,
			])
			if (CATALOGUE[kind].columns.some((column) => column.show === 'author'))
				panel.authors = await userNamesById(panel.rows.map((row) => row.createdBy))
		}
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
	formData,
	refusal,
	schema,
	failedTitle,
	creates = false,
	save,
}: {
	request: Request
	/** The form, when it was read already (one that carries a file), and what was refused while reading it. */
	formData?: FormData
	refusal?: ServiceError | null
	schema: Schema
	failedTitle: string
	/** An add dialog: the same rendered form posted twice saves once (decision 204). */
	creates?: boolean
	/** The notice, and where the panel opens when that is not where the dialog was opened from. */
	save: (value: z.output<Schema>) => Promise<ToastInput & { closeHref?: string }>
}) {
	const close = dialogCloseHref(new URL(request.url))
	return handleFormSubmission({
		request,
		formData,
		refusal,
		schema,
		failureTitle: failedTitle,
		announceInvalid: true,
		once: creates
			? { onRepeat: () => redirectWithToast(close, { title: 'Already saved', description: ALREADY_SAVED }) }
			: undefined,
		onValid: async (value) => {
			const { closeHref = close, ...toast } = await save(value)
			return redirectWithToast(closeHref, toast)
		},
	})
}

const ALREADY_SAVED = 'This form was sent twice; it was saved once.'

/** The kind a dialog's address names (/admin/{kind}/...), or its 404. */
function requireCatalogueKind(params: Params): CatalogueKind {
	return requireFound(catalogueKindNamed(params.kind), 'Not found')
}

/** The add dialog (/admin/{kind}/new) or the edit dialog (/admin/{kind}/{id}/edit): the entity it edits, and the options of its lookups. */
export async function loadCatalogueForm(request: Request, params: Params) {
	await requireCatalogueEditor(request)
	const kind = requireCatalogueKind(params)
	const service = CATALOGUE_SERVICES[kind]
	const [entity, lookups] = await Promise.all([
		params.id === undefined ? null : requireDialogEntity(service.get, params.id, CATALOGUE[kind].what),
		service.lookups?.() ?? {},
	])
	return {
		kind,
		entity,
		lookups,
		uploads: service.uploads?.() ?? null,
		// The add dialog's form carries a token of its own: posted twice, it adds once (decision 204).
		formOnce: params.id === undefined ? newFormOnceToken() : null,
	}
}

/** The add and edit dialogs' form: add without an id, edit with one. */
export async function handleCatalogueForm(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const kind = requireCatalogueKind(params)
	const { what, loadSchema, notices } = CATALOGUE[kind]
	const service = CATALOGUE_SERVICES[kind]
	const id = params.id === undefined ? null : requireNumericId(params.id, what)
	// A kind whose dialog takes a file reads it (without JavaScript it comes in the form) before the form is checked.
	const upload = catalogueFields(kind).find((field) => field.input === 'upload')
	const read = upload?.input === 'upload' ? await readFormWithVideoFile(request, actor, upload.fills) : null
	return handleDialogForm({
		request,
		formData: read?.formData,
		refusal: read?.refusal,
		schema: await loadSchema(),
		failedTitle: id === null ? notices.addFailed : notices.updateFailed,
		creates: id === null,
		save: async (value) => {
			const entity = id === null ? await service.create(actor, value) : await service.update(actor, id, value)
			return {
				title: id === null ? notices.added : notices.updated,
				description: `"${catalogueLabel(kind, entity)}" has been saved.`,
				// An add opens the tab's page that shows the new row (decision 249); an edit goes back where it was.
				closeHref: id === null ? await tabShowingNewRow(kind, entity, new URL(request.url)) : undefined,
			}
		},
	})
}

/**
 * The tab on the page that shows a new row (docs/decisions/249): in the
 * search the dialog was opened from when the row matches it, else in the
 * whole list. A table sorted oldest first would otherwise hide it past page 1.
 */
async function tabShowingNewRow(kind: CatalogueKind, row: CatalogueRow, dialogUrl: URL): Promise<string> {
	const service = CATALOGUE_SERVICES[kind]
	const q = listSearchOf(dialogUrl)
	const inSearch = q ? await service.placeOf(row, { search: q }) : null
	const [search, before] = inSearch === null ? ['', await service.placeOf(row, {})] : [q, inSearch]
	return adminTabHref(CATALOGUE[kind].tab, { q: search, page: Math.floor((before ?? 0) / PAGE_SIZES.admin) + 1 })
}

/** The entity a delete dialog is for, from its address: /admin/{kind}/{id}/delete. */
function deletionTarget(params: Params) {
	const kind = requireCatalogueKind(params)
	return { kind, service: CATALOGUE_SERVICES[kind], id: requireNumericId(params.id, CATALOGUE[kind].what) }
}

export async function loadDeleteDialog(request: Request, params: Params) {
	await requireCatalogueEditor(request)
	const { kind, service, id } = deletionTarget(params)
	const entity = requireFound(await service.get(id), `${CATALOGUE[kind].what} not found`)
	return { kind, id, label: catalogueLabel(kind, entity) }
}

/** Deletes, then back to the tab. An entity that is already gone also goes back, with the failure notice. */
export async function handleDeleteDialog(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const { kind, service, id } = deletionTarget(params)
	await readProtectedForm(request)
	const { notices } = CATALOGUE[kind]
	try {
		const label = catalogueLabel(kind, await service.remove(actor, id))
		return redirectWithToast(dialogCloseHref(new URL(request.url)), {
			title: notices.deleted,
			description: `"${label}" has been deleted.`,
		})
	} catch (error) {
		if (!(error instanceof ServiceError)) throw error
		const toast = { type: 'destructive' as const, title: notices.deleteFailed, description: error.message }
		if (error.status === 404) return redirectWithToast(dialogCloseHref(new URL(request.url)), toast)
		return json({ toast: makeToast(toast) }, { status: error.status })
	}
}
