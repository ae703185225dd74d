import { z } from 'zod'

/** The Join and Leave forms' schema (product §2 "Communities"); the intents are in `communities.ts`. */

export const MembershipFormSchema = z.object({
	communityId: z
		.number({ required_error: 'communityId is required', invalid_type_error: 'communityId must be a number' })
		.int('communityId must be a whole number')
		.positive('communityId must be a positive number')
		.max(999_999_999, 'communityId is too large'),
})
