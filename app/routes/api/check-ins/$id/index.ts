import { json } from '@remix-run/node'
import { CheckInPatchSchema } from '~/lib/pod-schemas'
import { updateCheckIn } from '~/services/pods/pods.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/** PATCH /api/check-ins/{id}: the author edits their check-in until its week ends. */
export const { loader, action } = apiRoute({
	PATCH: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const id = requireNumericId(params.id, 'Check-in')
		return json(await updateCheckIn(user, id, await readJsonBody(request, CheckInPatchSchema, { requireBody: true })))
	},
})
