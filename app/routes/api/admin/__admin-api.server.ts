import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { type z } from 'zod'
import { ADMIN_LIMITS } from '~/lib/admin-fields'
import { CATALOGUE_KINDS, catalogueKindNamed, type CatalogueKind } from '~/lib/catalogue-kinds'
import { type PageWindow } from '~/lib/paging'
import { CONTENT_ADMIN_ROLES, type Actor } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { jsonError, readJsonBody, requireNumericId } from '~/web/http.server'
import { jsonListPage } from '~/web/paging.server'

/**
 * The JSON admin calls of product §7 for the catalogue kinds
 * (app/lib/catalogue-kinds.ts, served by app/services/catalogue/kinds.server.ts). Every answer
 * starts with the session (401) and the role (403), before the body is read;
 * then the body is validated (400), then the service does the work (404 for
 * an unknown id) and checks the role once more.
 */

/** `?search=` of a list call, trimmed to a sane length. */
export function searchParam(request: Request): string | undefined {
	return new URL(request.url).searchParams.get('search')?.slice(0, ADMIN_LIMITS.search) || undefined
}

/** POST /api/admin/{entity} (and GET, for entities with an admin list: a page at a time, `?page=` and `?limit=`). */
export function adminCollectionRoute<Schema extends z.ZodTypeAny, Entity>({
	schema,
	create,
	list,
}: {
	schema: Schema
	create: (actor: Actor, input: z.output<Schema>) => Promise<Entity>
	list?: (options: { search?: string }, window: PageWindow) => Promise<unknown[]>
}) {
	return apiRoute({
		...(list && {
			GET: async ({ request }) => {
				await requireApiUserWithRole(request, CONTENT_ADMIN_ROLES)
				return jsonListPage(request, (window) => list({ search: searchParam(request) }, window))
			},
		}),
		POST: async ({ request }) => {
			const actor = await requireApiUserWithRole(request, CONTENT_ADMIN_ROLES)
			const input = await readJsonBody(request, schema)
			return json(await create(actor, input), { status: 201 })
		},
	})
}

/** PATCH and DELETE /api/admin/{entity}/{id}. PATCH changes only the fields it carries, and must carry one. */
export function adminItemRoute<Shape extends z.ZodRawShape, Entity>({
	what,
	schema,
	update,
	remove,
}: {
	/** "Video", for "Video not found" */
	what: string
	schema: z.ZodObject<Shape>
	update: (actor: Actor, id: number, changes: Partial<z.output<z.ZodObject<Shape>>>) => Promise<Entity>
	remove: (actor: Actor, id: number) => Promise<unknown>
}) {
	// A PATCH that carries none of the fields (`{}`, or only `$set`) would change nothing: say so instead of answering 200.
	const patchSchema = schema
		.partial()
		.refine(
			(changes) => Object.values(changes).some((value) => value !== undefined),
			`Send at least one of ${Object.keys(schema.shape).join(', ')}`,
		)
	return apiRoute({
		PATCH: async ({ request, params }) => {
			const actor = await requireApiUserWithRole(request, CONTENT_ADMIN_ROLES)
			const id = requireNumericId(params.id, what)
			const changes = (await readJsonBody(request, patchSchema)) as Partial<z.output<z.ZodObject<Shape>>>
			return json(await update(actor, id, changes))
		},
		DELETE: async ({ request, params }) => {
			const actor = await requireApiUserWithRole(request, CONTENT_ADMIN_ROLES)
			await remove(actor, requireNumericId(params.id, what))
			return json({ success: true })
		},
	})
}

type RouteModule = ReturnType<typeof apiRoute>

/**
 * One route module for every catalogue kind (`/api/admin/{kind}`,
 * `/api/admin/{kind}/{id}`): `build` makes each kind's handlers once, and
 * the address's kind picks them. An unknown kind answers 404 'Not found' to
 * any method, before anything is read, as an unknown call does (routes/api/$.ts).
 */
export function catalogueKindRoute(build: (kind: CatalogueKind) => RouteModule): RouteModule {
	const routes = Object.fromEntries(CATALOGUE_KINDS.map((kind) => [kind, build(kind)])) as Record<
		CatalogueKind,
		RouteModule
	>
	const forKind =
		(handler: keyof RouteModule) =>
		async (args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> => {
			const kind = catalogueKindNamed(args.params.kind)
			return kind ? routes[kind][handler](args) : jsonError(404, 'Not found')
		}
	return { loader: forKind('loader'), action: forKind('action') }
}
