import { type UserJSON } from '#models/index'
import { isPremium } from '~/lib/subscription'
import { ServiceError } from '~/lib/service-error'
import { assertNotMuted } from '~/services/moderation/mutes.server'

/**
 * Who may write in a community (product §6): Premium members who are not
 * muted. Free accounts read every room and every discussion but cannot post
 * (403 with `readOnly`, the words of the place refused: the chat's or the
 * discussions'); a muted member's posts are refused with 'You are muted
 * until {time}' (403). The chat and the discussions both ask here, so the
 * rule is written once (docs/decisions/160).
 */
export async function assertMayTakePart(
	actor: Pick<UserJSON, 'id' | 'subscriptionStatus'>,
	readOnly: string,
): Promise<void> {
	assertPremium(actor, readOnly)
	await assertNotMuted(actor.id)
}

/** The first half alone, for what a muted member may still do (react, delete their own words). */
export function assertPremium(actor: Pick<UserJSON, 'subscriptionStatus'>, readOnly: string): void {
	if (!isPremium(actor)) throw new ServiceError(readOnly, 403)
}
