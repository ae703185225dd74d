import { json } from '@remix-run/node'
import { listMyPods } from '~/services/pods/pods.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** GET /api/pods: the caller's pods, running and finished. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => json(await listMyPods(await requireApiUser(request))),
})
