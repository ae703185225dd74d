import { z } from 'zod'

/** The block and unblock forms (the member card, a conversation, the profile's blocked list). */
export const BlockFormSchema = z.object({
	intent: z.enum(['block-member', 'unblock-member'], { errorMap: () => ({ message: 'Unknown action' }) }),
	redirectTo: z.string().max(2048).optional(),
})
