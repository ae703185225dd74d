import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { type UserJSON } from '#models/index'
import { Field, FormErrors, TextareaField, useIsSubmitting } from '~/components/forms'
import { StatusButton } from '~/components/ui/button'
import { useConformForm } from '~/components/use-conform-form'
import { ProfileSchema } from '~/lib/member-schemas'
import { TabCard } from '~/routes/profile/__tab-card'

/** The Profile tab: name, email, bio and avatar (product §2 "Profile"). */
export function ProfileTab({
	user,
	pendingEmail,
}: {
	user: Pick<UserJSON, 'name' | 'email' | 'bio' | 'avatar'>
	pendingEmail: string | null
}) {
	const pending = useIsSubmitting('profile')
	const [form, fields] = useConformForm({
		id: 'profile-form',
		schema: ProfileSchema,
		intent: 'profile',
		defaultValue: { name: user.name, email: user.email, bio: user.bio ?? '', avatar: user.avatar ?? '' },
	})
	return (
		<TabCard title="Profile" description="This is how other members see you.">
			<Form method="post" action="/profile?tab=profile" className="space-y-4" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="profile" />
				<FormErrors errors={form.errors} />
				<Field
					label="Name"
					inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
					errors={fields.name.errors}
				/>
				<Field
					label="Email"
					inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
					help={
						pendingEmail
							? `Waiting for confirmation: ${pendingEmail}. Open the link we sent there; until then we keep using ${user.email}.`
							: 'A new address is used once you confirm it from the link we send to it.'
					}
					errors={fields.email.errors}
				/>
				<Field
					label="Current password"
					inputProps={{
						...getInputProps(fields.currentPassword, { type: 'password' }),
						autoComplete: 'current-password',
					}}
					help="Needed only to change your email address."
					errors={fields.currentPassword.errors}
				/>
				<TextareaField
					label="Bio"
					textareaProps={{ ...getTextareaProps(fields.bio), rows: 4, placeholder: 'Tell others about yourself...' }}
					help="Brief description for your profile."
					errors={fields.bio.errors}
				/>
				<Field
					label="Avatar URL"
					inputProps={{
						...getInputProps(fields.avatar, { type: 'url' }),
						placeholder: 'https://example.com/avatar.jpg',
					}}
					help="URL to your profile picture."
					errors={fields.avatar.errors}
				/>
				<StatusButton pending={pending} pendingLabel="Updating...">
					Save Changes
				</StatusButton>
			</Form>
		</TabCard>
	)
}
