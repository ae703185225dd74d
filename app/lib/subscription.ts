/**
 * The one rule that decides premium access (SPEC §6): a subscription status
 * of active or trialing. Every premium check on the server and every status
 * text in the pages goes through here.
 */
export const PREMIUM_STATUSES = ['active', 'trialing'] as const

export function isPremiumStatus(status: string | null | undefined): boolean {
	return (PREMIUM_STATUSES as readonly string[]).includes(status ?? '')
}

export function isPremium(user: { subscriptionStatus?: string | null } | null | undefined): boolean {
	return isPremiumStatus(user?.subscriptionStatus)
}

/** SPEC §9: free accounts may play the first 10 videos. */
export const FREE_VIDEO_LIMIT = 10
