import { noteActivity } from '~/services/account/activity.server'
import { withLapsedTrialSettled } from '~/services/billing/index.server'
import { getOptionalUserFromCookie, replaceSessionUserInRequest } from '~/web/auth.server'

/**
 * The request's arrival step (docs/decisions/095): what a member's request
 * changes just by coming, done once, before any loader, action or member
 * file runs (the server's pipeline calls it, server/app.ts):
 *
 * - the member counts as active (insights, docs/decisions/116);
 * - a simulated trial whose end has passed is settled (docs/decisions/043,
 *   124), so the first guard of the request already sees the account as it
 *   is now and a lapsed trial is never served as premium.
 *
 * A visitor without a session costs nothing here. The account read here is
 * the one the request's guards share (`sharedInRequest`, GET and HEAD), so a
 * page still reads it once. Answers the member's id (the read limits count
 * by it), or null for a visitor.
 */
export async function settleSessionUser(cookieHeader: string | undefined): Promise<number | null> {
	const user = await getOptionalUserFromCookie(cookieHeader)
	if (!user) return null
	noteActivity(user.id)
	const settled = await withLapsedTrialSettled(user)
	if (settled !== user) replaceSessionUserInRequest(settled)
	return user.id
}
