import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, useActionData, useLocation } from '@remix-run/react'
import { useRef } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { Field, FormErrors, useIsSubmitting } from '~/components/forms'
import { StatusButton } from '~/components/ui/button'
import { useConformForm } from '~/components/use-conform-form'
import { type FormActionData } from '~/web/form.server'
import { TabCard } from '~/routes/profile/__tab-card'

/** The Password tab (product §2): the form resets after a successful change. */
export function PasswordTab() {
	const actionData = useActionData<FormActionData>()
	const refused = actionData?.intent === 'password'
	// After a successful change (a redirect, so no action data) the form is drawn anew and starts empty.
	// While an error is shown it keeps its identity, so what the member types next is not thrown away.
	const location = useLocation()
	const formKey = useRef(location.key)
	if (!refused) formKey.current = location.key
	return <PasswordForm key={formKey.current} />
}

function PasswordForm() {
	const pending = useIsSubmitting('password')
	const [form, fields] = useConformForm({
		id: 'password-form',
		schema: () => import('~/lib/member-schemas').then((m) => m.ChangePasswordFormSchema),
		intent: 'password',
	})
	return (
		<TabCard title="Password" description="Change the password you log in with.">
			<Form method="post" action="/profile?tab=password" className="space-y-4" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="password" />
				<FormErrors errors={form.errors} />
				<Field
					label="Current Password"
					inputProps={{
						...getInputProps(fields.currentPassword, { type: 'password' }),
						autoComplete: 'current-password',
					}}
					errors={fields.currentPassword.errors}
				/>
				<Field
					label="New Password"
					inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
					help="Password must be at least 8 characters long."
					errors={fields.newPassword.errors}
				/>
				<Field
					label="Confirm New Password"
					inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.confirmPassword.errors}
				/>
				<StatusButton pending={pending} pendingLabel="Changing Password...">
					Change Password
				</StatusButton>
			</Form>
		</TabCard>
	)
}
