import { MODERATION_INTENTS, hoursOfDuration } from '~/lib/moderation'
import { LiftMuteFormSchema, ResolveReportFormSchema } from '~/lib/moderation-schemas'
import { liftMute } from '~/services/moderation/mutes.server'
import { type Actor } from '~/services/permissions.server'
import { resolveReport } from '~/services/moderation/reports.server'
import { handleFormSubmission } from '~/web/form.server'
import { jsonError } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'

/** The forms of /moderation: resolve a report (dismiss, delete the message, mute its author) and lift a mute. */

const RESOLVED_NOTICE = {
	dismiss: 'Report dismissed',
	delete: { message: 'Message deleted', post: 'Post deleted', comment: 'Comment deleted', checkin: 'Check-in deleted' },
	mute: 'Author muted',
} as const

export async function handleModerationAction(request: Request, actor: Actor, formData: FormData, returnTo: string) {
	const intent = formData.get('intent')
	if (intent === MODERATION_INTENTS.resolve) {
		return handleFormSubmission({
			request,
			formData,
			intent,
			schema: ResolveReportFormSchema,
			failureTitle: 'Could not resolve the report',
			// The queue's buttons have no fields to mark: the notice lists what was wrong.
			announceInvalid: true,
			onValid: async ({ reportId, outcome, duration }) => {
				const hours = outcome === 'mute' ? hoursOfDuration(duration ?? 'lifted') : undefined
				const { target } = await resolveReport(actor, reportId, { action: outcome, hours })
				const title = outcome === 'delete' ? RESOLVED_NOTICE.delete[target] : RESOLVED_NOTICE[outcome]
				return redirectWithToast(returnTo, { title }, { status: 303 })
			},
		})
	}
	if (intent === MODERATION_INTENTS.lift) {
		return handleFormSubmission({
			request,
			formData,
			intent,
			schema: LiftMuteFormSchema,
			failureTitle: 'Could not lift the mute',
			announceInvalid: true,
			onValid: async ({ userId }) => {
				await liftMute(actor, userId)
				return redirectWithToast(returnTo, { title: 'Mute lifted' }, { status: 303 })
			},
		})
	}
	throw jsonError(400, 'Unknown action')
}
