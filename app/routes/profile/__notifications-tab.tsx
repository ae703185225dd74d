import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { ErrorList, FormErrors, useIsSubmitting } from '~/components/forms'
import { StatusButton } from '~/components/ui/button'
import { useConformForm } from '~/components/use-conform-form'
import { EMAIL_PREFERENCE_ROWS, type EmailPreferenceKey } from '~/lib/email-preferences'
import { type PushDeviceJSON } from '#models/push-device'
import { PushDevices } from '~/routes/profile/__push-devices'
import { TabCard } from '~/routes/profile/__tab-card'

/**
 * The Notifications tab (product §2 "Profile"): which notifications also
 * come by email and as push notifications, one switch per kind, and the
 * devices with push on (docs/decisions/181). Notifications on the site are
 * always on. A plain form: a box that is not ticked is off.
 */
export function NotificationsTab({
	preferences,
	push,
	timeZone,
}: {
	preferences: Record<EmailPreferenceKey, boolean>
	push: { publicKey: string | null; devices: PushDeviceJSON[] }
	timeZone: string
}) {
	const pending = useIsSubmitting('notifications')
	const [form, fields] = useConformForm({
		id: 'notifications-form',
		schema: () => import('~/lib/account-schemas').then((m) => m.EmailPreferencesSchema),
		intent: 'notifications',
		defaultValue: Object.fromEntries(Object.entries(preferences).map(([key, on]) => [key, on ? 'on' : ''])),
	})
	return (
		<TabCard
			title="Notifications"
			description="Choose which notifications also reach you by email and as push notifications. You always see them on the site."
		>
			<PushDevices publicKey={push.publicKey} devices={push.devices} timeZone={timeZone} />
			<hr className="my-6" />
			<Form method="post" action="/profile?tab=notifications" className="space-y-4" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="notifications" />
				<FormErrors errors={form.errors} />
				<fieldset>
					<legend className="mb-2 text-sm font-medium text-gray-900">Email and push me about</legend>
					<ul className="divide-y rounded-lg border">
						{EMAIL_PREFERENCE_ROWS.map((row) => {
							const field = fields[row.key]
							const { key, ...checkbox } = getInputProps(field, { type: 'checkbox' })
							return (
								<li key={key ?? row.key} className="flex items-start gap-3 p-4">
									<input
										{...checkbox}
										aria-describedby={`${field.id}-about`}
										className="mt-1 h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-500"
									/>
									<div>
										<label htmlFor={field.id} className="font-medium text-gray-900">
											{row.label}
										</label>
										<p id={`${field.id}-about`} className="text-sm text-gray-600">
											{row.description}
										</p>
										<ErrorList errors={field.errors} />
									</div>
								</li>
							)
						})}
					</ul>
				</fieldset>
				<p className="text-sm text-gray-600">
					Emails about a failed payment or the end of your subscription are always sent. Every email has a link to stop
					that kind of email and its push notifications.
				</p>
				<StatusButton pending={pending} pendingLabel="Saving...">
					Save Preferences
				</StatusButton>
			</Form>
		</TabCard>
	)
}
