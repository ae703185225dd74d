import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { NotificationItem } from '~/components/notifications/notification-item'
import { pageMeta } from '~/components/page-meta'
import { TimeZoneNote } from '~/components/time-zone-note'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { ActionToast } from '~/components/ui/toaster'
import { formatDateTime } from '~/lib/dates'
import { EmptyFormSchema, OpenNotificationFormSchema } from '~/lib/form-schemas.server'
import { parseBeforeCursor } from '~/lib/engagement-schemas'
import { readTimeZone } from '~/web/time-zone.server'
import {
	listNotifications,
	markNotificationsRead,
	openNotification,
} from '~/services/notifications/notifications.server'
import { requireUser } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { handleFormSubmission } from '~/web/form.server'
import { jsonError, localRedirectPath } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'

export const meta: MetaFunction = () =>
	pageMeta(
		'Notifications',
		'Everything LeaderForge has told you about: messages, mentions, events and your subscription.',
	)

/** /notifications (product §2): every notification, newest first, 20 a page (`?before={id}`). */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const before = parseBeforeCursor(new URL(request.url).searchParams.get('before')) ?? undefined
	const { timeZone, fromHint } = readTimeZone(request.headers.get('Cookie'))
	const page = await listNotifications(user.id, { before })
	return json({
		...page,
		before: before ?? null,
		timeZone,
		timeZoneFromHint: fromHint,
		times: Object.fromEntries(
			page.notifications.map((notification) => [notification.id, formatDateTime(notification.createdAt, timeZone)]),
		),
	})
}

/**
 * Plain forms, from this page and from the bell on every page: `open` marks
 * one notification read and follows its link; `read-all` marks them all.
 */
export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const formData = await readProtectedForm(request)
	switch (formData.get('intent')) {
		case 'open':
			return handleFormSubmission({
				request,
				formData,
				schema: OpenNotificationFormSchema,
				failureTitle: 'Could not open the notification',
				announceInvalid: true,
				onValid: async ({ id }) =>
					redirect(localRedirectPath(await openNotification(user.id, id), '/notifications'), 303),
			})
		case 'read-all':
			return handleFormSubmission({
				request,
				formData,
				schema: EmptyFormSchema,
				onValid: async () => {
					await markNotificationsRead(user.id)
					return redirectWithToast('/notifications', {
						title: 'Notifications read',
						description: 'All your notifications are marked as read.',
					})
				},
			})
		default:
			throw jsonError(400, 'Unknown action')
	}
}

export default function NotificationsPage() {
	const { notifications, unreadCount, hasMore, before, times, timeZone, timeZoneFromHint } =
		useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const last = notifications.at(-1)
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold text-gray-900">Notifications</h1>
					<p className="mt-1 text-gray-600">{unreadCount === 0 ? 'You are all caught up.' : `${unreadCount} unread`}</p>
					<TimeZoneNote timeZone={timeZone} fromHint={timeZoneFromHint} className="mt-1" />
				</div>
				{unreadCount > 0 ? (
					<Form method="post">
						<AuthenticityTokenInput />
						<input type="hidden" name="intent" value="read-all" />
						<Button type="submit" variant="secondary">
							<Icon name="check" className="h-4 w-4" />
							Mark all as read
						</Button>
					</Form>
				) : null}
			</div>
			{notifications.length === 0 ? (
				<EmptyState title="No notifications yet" icon={<Icon name="bell" className="h-8 w-8" />}>
					{before === null
						? 'Messages, mentions, event reminders and new lessons will show up here.'
						: 'There are no older notifications.'}
				</EmptyState>
			) : (
				<Card className="overflow-hidden">
					<ul aria-label="Notifications" className="divide-y divide-gray-100">
						{notifications.map((notification) => (
							<li key={notification.id}>
								<NotificationItem notification={notification} time={times[notification.id] ?? ''} />
							</li>
						))}
					</ul>
				</Card>
			)}
			<nav aria-label="Notification pages" className="flex justify-between text-sm font-medium">
				{before !== null ? (
					<Link to="/notifications" className="text-brand-700 hover:underline">
						Newest notifications
					</Link>
				) : (
					<span />
				)}
				{hasMore && last ? (
					<Link to={`/notifications?before=${last.id}`} className="text-brand-700 hover:underline">
						Older notifications
					</Link>
				) : null}
			</nav>
			<ActionToast toast={actionData && 'toast' in actionData ? actionData.toast : null} />
		</div>
	)
}
