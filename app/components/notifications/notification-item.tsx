import { Form } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { type NotificationJSON } from '#models/notification'

/**
 * One notification as a plain form: opening it posts to /notifications,
 * which marks it read and follows its link, so it works without JavaScript.
 * Used by the bell's drop-down and by the /notifications page.
 */
export function NotificationItem({
	notification,
	time,
	compact = false,
}: {
	notification: NotificationJSON
	time: string
	compact?: boolean
}) {
	const unread = notification.readAt === null
	return (
		<Form method="post" action="/notifications">
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="open" />
			<input type="hidden" name="id" value={notification.id} />
			<button
				type="submit"
				data-notification-id={notification.id}
				className={`block w-full text-left hover:bg-gray-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${
					compact ? 'px-4 py-3' : 'rounded-lg px-4 py-3'
				} ${unread ? 'bg-brand-50/60' : ''}`}
			>
				<span className="flex items-start gap-2">
					{unread ? <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" /> : null}
					<span className="min-w-0 flex-1">
						<span className={`block text-sm text-gray-900 ${unread ? 'font-semibold' : 'font-medium'}`}>
							{unread ? <span className="sr-only">Unread: </span> : null}
							{notification.title}
						</span>
						<span className="mt-0.5 block break-words text-sm text-gray-600">{notification.text}</span>
						<time dateTime={notification.createdAt} className="mt-1 block text-xs text-gray-500">
							{time}
						</time>
					</span>
				</span>
			</button>
		</Form>
	)
}
