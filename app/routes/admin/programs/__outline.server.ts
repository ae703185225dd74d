import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { EmptyFormSchema } from '~/lib/schemas'
import {
	ITEM_FORM_SCHEMAS,
	ModuleFormSchema,
	MoveSchema,
	RevokeSchema,
	checkFormValues,
	type CheckQuestion,
} from '~/lib/program-schemas'
import { ITEM_KIND_LABELS, isProgramItemKind, type ProgramItemKind } from '~/lib/programs'
import { readTimeZone } from '~/web/time-zone.server'
import { listVideos } from '~/services/catalogue/videos.server'
import { getCertificateForAdmin, revokeCertificate } from '~/services/learning/certificates.server'
import {
	ITEM_NOT_FOUND,
	MODULE_NOT_FOUND,
	addItem,
	addModule,
	getStaffOutline,
	listProgramCertificates,
	moveItem,
	moveModule,
	removeItem,
	removeModule,
	updateItem,
	updateModule,
	updateProgram,
} from '~/services/learning/programs.server'
import { handleDialogForm, requireCatalogueEditor } from '~/routes/admin/__dialogs.server'
import { readProtectedForm } from '~/web/csrf.server'
import { rethrowAsResponse, requireFound } from '~/web/errors.server'
import { handleFormSubmission, newFormOnceToken } from '~/web/form.server'
import { jsonError, requireNumericId } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'

/**
 * The server half of a program's outline page (/admin/programs/{id}) and of
 * its dialogs (modules, items, revoking a certificate): each route's loader
 * and action is a line calling these, and these call the programs and
 * certificates services, which check the role and write the audit log
 * (docs/decisions/153).
 */

type Params = LoaderFunctionArgs['params']

const programIdOf = (params: Params) => requireNumericId(params.id, 'Program')
const outlineHref = (programId: number) => `/admin/programs/${programId}`

type Outline = Awaited<ReturnType<typeof getStaffOutline>>

/** The module the address names ({moduleId}), or its 404. */
function moduleNamed(outline: Outline, params: Params) {
	const moduleId = requireNumericId(params.moduleId, 'Module')
	return requireFound(
		outline.modules.find((entry) => entry.id === moduleId),
		MODULE_NOT_FOUND,
	)
}

/** The item the address names ({itemId}) and its module, or its 404. */
function itemNamed(outline: Outline, params: Params) {
	const itemId = requireNumericId(params.itemId, 'Item')
	const module = requireFound(
		outline.modules.find((entry) => entry.items.some((item) => item.id === itemId)),
		ITEM_NOT_FOUND,
	)
	return { module, item: module.items.find((entry) => entry.id === itemId)! }
}

/** The outline page: the program, its modules and items, and the certificates issued for it. */
export async function loadOutlinePage(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const programId = programIdOf(params)
	const [outline, certificates] = await Promise.all([
		getStaffOutline(actor, programId),
		listProgramCertificates(actor, programId),
	]).catch(rethrowAsResponse)
	return json({
		outline,
		certificates: certificates.map(({ id, recipientName, issuedAt, revokedAt, code }) => ({
			id,
			code,
			recipientName,
			issuedAt: issuedAt.toISOString(),
			revokedAt: revokedAt?.toISOString() ?? null,
		})),
		canRevoke: actor.role === 'admin',
		timeZone: readTimeZone(request.headers.get('Cookie')).timeZone,
	})
}

/** The outline page's plain forms: move a module or an item up or down, publish, unpublish. */
export async function handleOutlineForm(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const programId = programIdOf(params)
	const formData = await readProtectedForm(request)
	const intent = formData.get('intent')
	const back = (title: string, description?: string) =>
		redirectWithToast(outlineHref(programId), { title, description })
	switch (intent) {
		case 'move-module':
		case 'move-item':
			return handleFormSubmission({
				request,
				formData,
				schema: MoveSchema,
				intent,
				failureTitle: intent === 'move-module' ? 'Could not move the module' : 'Could not move the item',
				announceInvalid: true,
				onValid: async ({ id, direction }) => {
					if (intent === 'move-module') await moveModule(actor, programId, id, direction)
					else await moveItem(actor, programId, id, direction)
					return back(intent === 'move-module' ? 'Module moved' : 'Item moved')
				},
			})
		case 'publish':
		case 'unpublish':
			return handleFormSubmission({
				request,
				formData,
				schema: EmptyFormSchema,
				intent,
				failureTitle: 'Could not change the program',
				announceInvalid: true,
				onValid: async () => {
					const program = await updateProgram(actor, programId, { published: intent === 'publish' })
					return back(
						intent === 'publish' ? 'Program published' : 'Program unpublished',
						intent === 'publish' ? `Members now see "${program.title}".` : `"${program.title}" is a draft again.`,
					)
				},
			})
		default:
			throw jsonError(400, 'Unknown action')
	}
}

// ---------------------------------------------------------------------------
// Modules
// ---------------------------------------------------------------------------

/** The add-module dialog (no module id) or the edit-module dialog. */
export async function loadModuleDialog(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const outline = await getStaffOutline(actor, programIdOf(params)).catch(rethrowAsResponse)
	const module = params.moduleId === undefined ? null : moduleNamed(outline, params)
	const number = module ? outline.modules.indexOf(module) + 1 : outline.modules.length + 1
	return json({
		program: outline.program.title,
		module,
		number,
		serverTimeZone: readTimeZone(request.headers.get('Cookie')).timeZone,
		// The add dialog's form carries a token of its own: posted twice, it adds once (decision 204).
		formOnce: module ? null : newFormOnceToken(),
	})
}

export async function handleModuleDialog(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const programId = programIdOf(params)
	const moduleId = params.moduleId === undefined ? null : requireNumericId(params.moduleId, 'Module')
	return handleDialogForm({
		request,
		schema: ModuleFormSchema,
		failedTitle: moduleId === null ? 'Failed to add module' : 'Failed to update module',
		creates: moduleId === null,
		save: async (input) => {
			if (moduleId === null) await addModule(actor, programId, input)
			else await updateModule(actor, programId, moduleId, input)
			return {
				title: moduleId === null ? 'Module added' : 'Module updated',
				description: `"${input.title}" has been saved.`,
			}
		},
	})
}

export async function loadModuleDeleteDialog(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const outline = await getStaffOutline(actor, programIdOf(params)).catch(rethrowAsResponse)
	const module = moduleNamed(outline, params)
	return json({ title: module.title, items: module.items.length })
}

export async function handleModuleDelete(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const programId = programIdOf(params)
	const moduleId = requireNumericId(params.moduleId, 'Module')
	await readProtectedForm(request)
	const removed = await removeModule(actor, programId, moduleId).catch(rethrowAsResponse)
	return redirectWithToast(outlineHref(programId), {
		title: 'Module deleted',
		description: `"${removed.title}" has been deleted.`,
	})
}

// ---------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------

/** The library's lessons, for a lesson item's select. */
async function lessonOptions() {
	return (await listVideos()).map(({ id, title }) => ({ value: String(id), label: `#${id} ${title}` }))
}

/** The kind an add-item dialog adds (`?kind=`); anything else is a 404. */
function kindOf(request: Request): ProgramItemKind {
	const kind = new URL(request.url).searchParams.get('kind')
	return requireFound(isProgramItemKind(kind) ? kind : null, 'Not found')
}

/** What an item dialog's form starts with: the stored item's values as the form names them. */
function formValues(item: {
	kind: ProgramItemKind
	ownTitle: string | null
	videoId: number | null
	body: string | null
	prompt: string | null
	passMark: number | null
	questions: CheckQuestion[]
}): Record<string, string> {
	switch (item.kind) {
		case 'lesson':
			return { videoId: String(item.videoId ?? ''), title: item.ownTitle ?? '' }
		case 'reading':
			return { title: item.ownTitle ?? '', body: item.body ?? '' }
		case 'reflection':
			return { title: item.ownTitle ?? '', prompt: item.prompt ?? '' }
		case 'check':
			return { title: item.ownTitle ?? '', passMark: String(item.passMark ?? ''), ...checkFormValues(item.questions) }
	}
}

/** The add-item dialog (/admin/programs/{id}/modules/{moduleId}/items/new?kind=…) or the edit-item dialog. */
export async function loadItemDialog(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const outline = await getStaffOutline(actor, programIdOf(params)).catch(rethrowAsResponse)
	if (params.itemId === undefined) {
		const kind = kindOf(request)
		const module = moduleNamed(outline, params)
		return json({
			kind,
			itemId: null,
			module: module.title,
			values: null,
			lessons: kind === 'lesson' ? await lessonOptions() : [],
			formOnce: newFormOnceToken(),
		})
	}
	const { module, item } = itemNamed(outline, params)
	return json({
		kind: item.kind,
		itemId: item.id,
		module: module.title,
		values: formValues(item),
		lessons: item.kind === 'lesson' ? await lessonOptions() : [],
		formOnce: null,
	})
}

export async function handleItemDialog(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const programId = programIdOf(params)
	let kind: ProgramItemKind
	let itemId: number | null = null
	if (params.itemId === undefined) kind = kindOf(request)
	else {
		const { item } = itemNamed(await getStaffOutline(actor, programId).catch(rethrowAsResponse), params)
		itemId = item.id
		kind = item.kind
	}
	const moduleId = itemId === null ? requireNumericId(params.moduleId, 'Module') : null
	const noun = ITEM_KIND_LABELS[kind].toLowerCase()
	return handleDialogForm({
		request,
		schema: ITEM_FORM_SCHEMAS[kind],
		failedTitle: itemId === null ? `Failed to add ${noun}` : `Failed to update ${noun}`,
		creates: itemId === null,
		save: async (input) => {
			if (itemId === null) await addItem(actor, programId, moduleId!, input)
			else await updateItem(actor, programId, itemId, input)
			return {
				title: `${ITEM_KIND_LABELS[kind]} ${itemId === null ? 'added' : 'updated'}`,
				description: `"${input.title ?? ITEM_KIND_LABELS[kind]}" has been saved.`,
			}
		},
	})
}

export async function loadItemDeleteDialog(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const { item } = itemNamed(await getStaffOutline(actor, programIdOf(params)).catch(rethrowAsResponse), params)
	return json({ title: item.title, kind: ITEM_KIND_LABELS[item.kind] })
}

export async function handleItemDelete(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const programId = programIdOf(params)
	const itemId = requireNumericId(params.itemId, 'Item')
	await readProtectedForm(request)
	const removed = await removeItem(actor, programId, itemId).catch(rethrowAsResponse)
	return redirectWithToast(outlineHref(programId), {
		title: `${ITEM_KIND_LABELS[removed.kind]} deleted`,
		description: `"${removed.title ?? ITEM_KIND_LABELS[removed.kind]}" has been deleted.`,
	})
}

// ---------------------------------------------------------------------------
// Certificates: admins revoke
// ---------------------------------------------------------------------------

async function revocationTarget(request: Request, params: Params) {
	const actor = await requireCatalogueEditor(request)
	const programId = programIdOf(params)
	const certificate = await getCertificateForAdmin(actor, requireNumericId(params.certificateId, 'Certificate')).catch(
		rethrowAsResponse,
	)
	if (certificate.programId !== programId) throw jsonError(404, 'Certificate not found')
	return { actor, programId, certificate }
}

export async function loadRevokeDialog(request: Request, params: Params) {
	const { certificate } = await revocationTarget(request, params)
	return json({
		recipientName: certificate.recipientName,
		programTitle: certificate.programTitle,
		revoked: certificate.revokedAt !== null,
	})
}

export async function handleRevokeDialog(request: Request, params: Params) {
	const { actor, certificate } = await revocationTarget(request, params)
	return handleDialogForm({
		request,
		schema: RevokeSchema,
		failedTitle: 'Failed to revoke the certificate',
		save: async ({ reason }) => {
			await revokeCertificate(actor, certificate.id, reason)
			return {
				title: 'Certificate revoked',
				description: `The certificate of ${certificate.recipientName} now says it is revoked.`,
			}
		},
	})
}
