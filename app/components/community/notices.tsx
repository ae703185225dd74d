import { ButtonLink } from '~/components/ui/button'
import { formatDateTime } from '~/lib/dates'
import { mutedMessage } from '~/lib/moderation'

/** A member's mute, while it lasts. */
export interface MuteNotice {
	until: string | null
	reason: string
}

/**
 * product §6: what a free account sees instead of a composer, in a room and in
 * its discussions alike ('Premium Feature').
 */
export function PremiumFeatureNotice({ id = 'premium-feature-title' }: { id?: string }) {
	return (
		<section
			aria-labelledby={id}
			className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4"
		>
			<div>
				<p id={id} className="font-semibold text-amber-900">
					Premium Feature
				</p>
				<p className="text-sm text-amber-800">
					Free accounts can read community discussions. Premium members can post.
				</p>
			</div>
			<ButtonLink to="/subscribe">Upgrade to Premium</ButtonLink>
		</section>
	)
}

/** product §6: what a muted member sees instead of a composer. */
export function MutedNotice({
	mute,
	timeZone,
	id = 'muted-title',
}: {
	mute: MuteNotice
	timeZone: string
	id?: string
}) {
	return (
		<section aria-labelledby={id} className="rounded-lg border border-red-200 bg-red-50 p-4">
			<p id={id} className="font-semibold text-red-900">
				{mutedMessage(mute.until, (until) => `${formatDateTime(until, timeZone)}${timeZone === 'UTC' ? ' UTC' : ''}`)}
			</p>
			<p className="text-sm text-red-800">{`A moderator muted you in every room. Reason: ${mute.reason}`}</p>
		</section>
	)
}
