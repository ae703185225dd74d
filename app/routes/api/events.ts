import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/lib/http.server'
import { requireApiUser } from '~/services/auth.server'
import { listEvents } from '~/services/events.server'

/** SPEC §7 GET /api/events: every event, soonest first. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireApiUser(request)
	return json(await listEvents())
}

export const action = methodNotAllowed
