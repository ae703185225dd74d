import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { type UserJSON } from '#models/index'
import { ErrorList, Field, FormErrors, TextareaField, useIsSubmitting } from '~/components/forms'
import { StatusButton } from '~/components/ui/button'
import { useConformForm } from '~/components/use-conform-form'
import { LINKEDIN_PREFIX, PROFILE_LIMITS } from '~/lib/profile-fields'
import { TabCard } from '~/routes/profile/__tab-card'

/** The Profile tab: name, email, bio, avatar and the member directory's fields (product §2 "Profile", "Member directory"). */
export function ProfileTab({
	user,
	pendingEmail,
}: {
	user: Pick<
		UserJSON,
		'name' | 'email' | 'bio' | 'avatar' | 'headline' | 'location' | 'linkedinUrl' | 'interests' | 'hiddenFromDirectory'
	>
	pendingEmail: string | null
}) {
	const pending = useIsSubmitting('profile')
	const [form, fields] = useConformForm({
		id: 'profile-form',
		schema: () => import('~/lib/member-schemas').then((m) => m.ProfileSchema),
		intent: 'profile',
		defaultValue: {
			name: user.name,
			email: user.email,
			bio: user.bio ?? '',
			avatar: user.avatar ?? '',
			headline: user.headline ?? '',
			location: user.location ?? '',
			linkedinUrl: user.linkedinUrl ?? '',
			interests: user.interests.join(', '),
			hiddenFromDirectory: user.hiddenFromDirectory ? 'on' : '',
		},
	})
	const { key: _hiddenKey, ...hiddenCheckbox } = getInputProps(fields.hiddenFromDirectory, { type: 'checkbox' })
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
				<fieldset className="space-y-4 border-t border-gray-100 pt-4">
					<legend className="text-sm font-semibold text-gray-900">In the member directory</legend>
					<Field
						label="Headline"
						inputProps={{
							...getInputProps(fields.headline, { type: 'text' }),
							maxLength: PROFILE_LIMITS.headline,
							placeholder: 'VP of Operations at Acme',
						}}
						help="One line under your name, up to 100 characters."
						errors={fields.headline.errors}
					/>
					<Field
						label="Location"
						inputProps={{
							...getInputProps(fields.location, { type: 'text' }),
							maxLength: PROFILE_LIMITS.location,
							autoComplete: 'address-level2',
						}}
						errors={fields.location.errors}
					/>
					<Field
						label="LinkedIn URL"
						inputProps={{
							...getInputProps(fields.linkedinUrl, { type: 'url' }),
							placeholder: `${LINKEDIN_PREFIX}in/your-name`,
						}}
						help={`An address starting with ${LINKEDIN_PREFIX}`}
						errors={fields.linkedinUrl.errors}
					/>
					<Field
						label="Interests"
						inputProps={{ ...getInputProps(fields.interests, { type: 'text' }), placeholder: 'Delegation, Healthcare' }}
						help="Up to 10, separated by commas. Members find you by them."
						errors={fields.interests.errors}
					/>
					<div className="flex items-start gap-3">
						<input
							{...hiddenCheckbox}
							aria-describedby={`${fields.hiddenFromDirectory.id}-help`}
							className="mt-1 h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-500"
						/>
						<div>
							<label htmlFor={fields.hiddenFromDirectory.id} className="text-sm font-medium text-gray-900">
								Hide me from the member directory
							</label>
							<p id={`${fields.hiddenFromDirectory.id}-help`} className="text-xs text-gray-600">
								You are left out of the directory and the community member lists. Your name still shows beside what you
								write.
							</p>
							<ErrorList errors={fields.hiddenFromDirectory.errors} />
						</div>
					</div>
				</fieldset>
				<StatusButton pending={pending} pendingLabel="Updating...">
					Save Changes
				</StatusButton>
			</Form>
		</TabCard>
	)
}
