import { Form } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useIsSubmitting } from '~/components/forms'
import { StatusButton } from '~/components/ui/button'

/** The intents of the block forms, all posting to the member's card (/members/{id}). */
export const BLOCK_INTENTS = { block: 'block-member', unblock: 'unblock-member' } as const

/**
 * Block or unblock a member (product §6 "Blocking"): a plain form posting to
 * the member's card, which returns to `redirectTo` with a notice. Used on the
 * card itself, in a conversation and in the profile's blocked members list.
 */
export function BlockForm({
	member,
	blocked,
	redirectTo,
}: {
	member: { id: number; name: string }
	blocked: boolean
	redirectTo: string
}) {
	const intent = blocked ? BLOCK_INTENTS.unblock : BLOCK_INTENTS.block
	const pending = useIsSubmitting(intent)
	return (
		<Form method="post" action={`/members/${member.id}`} preventScrollReset>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="redirectTo" value={redirectTo} />
			<StatusButton
				variant={blocked ? 'secondary' : 'danger'}
				size="sm"
				pending={pending}
				pendingLabel={blocked ? 'Unblocking...' : 'Blocking...'}
				aria-label={`${blocked ? 'Unblock' : 'Block'} ${member.name}`}
			>
				{blocked ? 'Unblock' : 'Block'}
			</StatusButton>
		</Form>
	)
}
