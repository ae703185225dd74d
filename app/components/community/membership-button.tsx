import { Form, useNavigation } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { StatusButton } from '~/components/ui/button'
import { MEMBERSHIP_INTENTS } from '~/lib/communities'

/** Join or Leave: a plain form posting to the page it is on (product §2 "Communities"). */
export function MembershipButton({
	community,
	member,
	size = 'sm',
}: {
	community: { id: number; name: string }
	member: boolean
	size?: 'sm' | 'md' | 'wide'
}) {
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle' && navigation.formData?.get('communityId') === String(community.id)
	return (
		<Form method="post" preventScrollReset>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={member ? MEMBERSHIP_INTENTS.leave : MEMBERSHIP_INTENTS.join} />
			<input type="hidden" name="communityId" value={community.id} />
			<StatusButton
				variant={member ? 'secondary' : 'primary'}
				size={size}
				pending={pending}
				pendingLabel={member ? 'Leaving...' : 'Joining...'}
				aria-label={`${member ? 'Leave' : 'Join'} ${community.name}`}
			>
				{member ? 'Leave' : 'Join'}
			</StatusButton>
		</Form>
	)
}
