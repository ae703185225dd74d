import { json } from '@remix-run/node'
import { liftMute } from '~/services/moderation/mutes.server'
import { MODERATION_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/** DELETE /api/moderation/mutes/{userId} (moderators and admins): lifts the mute; `{ success: true }`, 404 when not muted. */
export const { loader, action } = apiRoute({
	DELETE: async ({ request, params }) => {
		const actor = await requireApiUserWithRole(request, MODERATION_ROLES)
		await liftMute(actor, requireNumericId(params.userId, 'User'))
		return json({ success: true })
	},
})
