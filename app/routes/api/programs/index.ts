import { json } from '@remix-run/node'
import { listProgramsForMember } from '~/services/learning/program-learning.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** GET /api/programs: every published program, in order, with the caller's progress (product §7). */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => json(await listProgramsForMember(await requireApiUser(request))),
})
