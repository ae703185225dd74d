import { z } from 'zod'

/** The Join and Leave forms of /community and /community/{id} (product §2 "Communities"). */
export const MEMBERSHIP_INTENTS = { join: 'join-community', leave: 'leave-community' } as const

export const MembershipFormSchema = z.object({
	communityId: z
		.number({ required_error: 'communityId is required', invalid_type_error: 'communityId must be a number' })
		.int('communityId must be a whole number')
		.positive('communityId must be a positive number')
		.max(999_999_999, 'communityId is too large'),
})
