import { type UserJSON } from '#models/index'
import { MEMBERSHIP_INTENTS } from '~/lib/communities'
import { MembershipFormSchema } from '~/lib/community-schemas'
import { getCommunity } from '~/services/catalogue/communities.server'
import { joinCommunity, leaveCommunity } from '~/services/community/memberships.server'
import { handleFormSubmission } from '~/web/form.server'
import { redirectWithToast } from '~/web/toast.server'

/** Whether a posted form is a Join or Leave form. */
export function isMembershipIntent(intent: FormDataEntryValue | null): intent is string {
	return intent === MEMBERSHIP_INTENTS.join || intent === MEMBERSHIP_INTENTS.leave
}

/**
 * The Join and Leave forms (product §2 "Communities"), wherever a community
 * page draws them: through the same service as the JSON calls, then back to
 * `returnTo` with a notice.
 */
export function handleMembershipForm(request: Request, user: UserJSON, formData: FormData, returnTo: string) {
	const joining = formData.get('intent') === MEMBERSHIP_INTENTS.join
	return handleFormSubmission({
		request,
		formData,
		schema: MembershipFormSchema,
		intent: String(formData.get('intent')),
		failureTitle: joining ? 'Could not join the community' : 'Could not leave the community',
		announceInvalid: true,
		onValid: async ({ communityId }) => {
			if (joining) await joinCommunity(user, communityId)
			else await leaveCommunity(user, communityId)
			const name = (await getCommunity(communityId))?.name ?? 'the community'
			return redirectWithToast(
				returnTo,
				joining
					? { title: 'Joined', description: `${name} is one of your communities now.` }
					: { title: 'Left', description: `${name} is no longer one of your communities.` },
				{ status: 303 },
			)
		},
	})
}
