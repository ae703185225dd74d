import { TabCard } from './tab-card'

const NOTIFICATION_ROWS = [
	{ title: 'Email Notifications', text: 'Receive emails about activity in your communities.', action: 'Manage' },
	{ title: 'Browser Notifications', text: 'Get notified in your browser when something happens.', action: 'Enable' },
	{ title: 'Weekly Digest', text: 'A summary of new lessons, events and discussions each week.', action: 'Enable' },
]

/** product §2: static rows; nothing is saved yet, so the controls are shown as unavailable. */
export function NotificationsTab() {
	return (
		<TabCard title="Notifications" description="Choose how you hear about new lessons, events and messages.">
			<ul className="divide-y rounded-lg border">
				{NOTIFICATION_ROWS.map((row) => (
					<li key={row.title} className="flex items-center justify-between gap-4 p-4">
						<div>
							<p className="font-medium text-gray-900">{row.title}</p>
							<p className="text-sm text-gray-600">{row.text}</p>
						</div>
						<button type="button" disabled className="shrink-0 cursor-not-allowed rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-500">
							{row.action}
						</button>
					</li>
				))}
			</ul>
			<p className="mt-3 text-xs text-gray-500">Notification preferences are coming soon.</p>
			<button type="button" disabled className="mt-4 cursor-not-allowed rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white opacity-50">
				Save Preferences
			</button>
		</TabCard>
	)
}
