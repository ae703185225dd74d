import { json } from '@remix-run/node'
import { MuteSchema } from '~/lib/moderation-schemas'
import { listActiveMutes, muteMember } from '~/services/moderation/mutes.server'
import { MODERATION_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody } from '~/web/http.server'

export const { loader, action } = apiRoute({
	/** GET /api/moderation/mutes (moderators and admins): the mutes in force. */
	GET: async ({ request }) => {
		const actor = await requireApiUserWithRole(request, MODERATION_ROLES)
		return json(await listActiveMutes(actor))
	},
	/** POST /api/moderation/mutes {userId, hours: 1|24|168|null, reason}: 201 {userId, until}. */
	POST: async ({ request }) => {
		const actor = await requireApiUserWithRole(request, MODERATION_ROLES)
		const input = await readJsonBody(request, MuteSchema)
		return json(await muteMember(actor, input), { status: 201 })
	},
})
