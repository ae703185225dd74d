/**
 * Remix v2, classic compiler. Every URL of product §2 and every endpoint of
 * product §7 is mapped here, explicitly, in the spec's order, so this one file
 * answers "which module serves this path?".
 *
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
	serverModuleFormat: 'esm',
	serverPlatform: 'node',
	tailwind: true,
	postcss: false,
	ignoredRouteFiles: ['**/*'],
	serverDependenciesToBundle: [/^remix-utils.*/],
	future: {
		v3_fetcherPersist: true,
		v3_relativeSplatPath: true,
		v3_throwAbortReason: true,
		v3_lazyRouteDiscovery: true,
		v3_singleFetch: false,
	},
	routes(defineRoutes) {
		return defineRoutes((route) => {
			// product §2: screens
			route('', 'routes/index.tsx', { index: true })
			route('auth', 'routes/auth.tsx')
			route('logout', 'routes/logout.tsx')
			// Account links sent by mail, and the forgotten-password form: no login needed
			route('forgot-password', 'routes/forgot-password.tsx')
			route('reset-password', 'routes/reset-password.tsx')
			route('confirm-email', 'routes/confirm-email.tsx')
			route('unsubscribe', 'routes/unsubscribe.tsx')
			// The contact form (team pricing and questions), mailed to the admins: anyone
			route('contact', 'routes/contact.tsx')
			// What the service worker shows when a page cannot be reached (docs/decisions/180)
			route('offline', 'routes/offline.ts')
			// What is stored and for how long, and the terms of membership: anyone
			route('privacy', 'routes/privacy.tsx')
			route('terms', 'routes/terms.tsx')
			route('', 'routes/_app.tsx', { id: 'app-layout' }, () => {
				// Member screens
				route('dashboard', 'routes/dashboard.tsx')
				route('content-library', 'routes/content-library/index.tsx')
				route('content-library/:id', 'routes/content-library/$id.tsx')
				// Programs: journeys of modules and items (docs/decisions/150)
				route('programs', 'routes/programs/index.tsx')
				route('programs/:id', 'routes/programs/$id/index.tsx')
				route('programs/:id/items/:itemId', 'routes/programs/$id/items/$itemId.tsx')
				// Peer pods: a member's pods, and each pod's page for its members only (docs/decisions/210-212)
				route('pods', 'routes/pods/index.tsx')
				route('pods/:id', 'routes/pods/$id.tsx')
				route('pods/:id/check-ins/:checkInId/report', 'routes/pods/$id/check-ins/$checkInId/report.tsx')
				// A member's notes on every lesson, gathered by lesson (docs/decisions/172)
				route('notes', 'routes/notes.tsx')
				route('sidebar', 'routes/sidebar.tsx')

				// Community and messages
				route('community', 'routes/community/index.tsx')
				route('community/:id', 'routes/community/$id.tsx')
				route('community/:id/discussions', 'routes/community/$id/discussions/index.tsx')
				route('community/:id/discussions/:postId', 'routes/community/$id/discussions/$postId.tsx')
				route('messages', 'routes/messages.tsx')
				route('members', 'routes/members/index.tsx')
				route('members/:id', 'routes/members/$id.tsx')
				// Search across everything a member may see (docs/decisions/166, 167)
				route('search', 'routes/search.tsx')

				// Events, resources, profile
				route('events', 'routes/events/index.tsx')
				route('events/:id', 'routes/events/$id/index.tsx')
				route('notifications', 'routes/notifications.tsx')
				route('resources', 'routes/resources.tsx')
				route('profile', 'routes/profile/index.tsx')
				route('settings', 'routes/settings.tsx')

				// Administration
				route('admin', 'routes/admin/index.tsx', { id: 'admin' }, () => {
					route('users/:userId/role', 'routes/admin/users/$userId/role.tsx')
					route('users/:userId/delete', 'routes/admin/users/$userId/delete.tsx')
					// The Pods tab's dialogs (docs/decisions/215)
					route('pods/:id/move', 'routes/admin/pods/$id/move.tsx')
					route('pods/:id/dissolve', 'routes/admin/pods/$id/dissolve.tsx')
					// The catalogue kinds' dialogs (app/lib/catalogue-kinds.ts: videos, communities, events, resources); an unknown kind is a 404
					// A lesson's captions and chapters (docs/decisions/173), beside the video's own dialogs
					route('videos/:id/captions', 'routes/admin/videos/$id/captions.tsx')
					// A program's add dialog by a static path: `:kind/new` and `admin/programs/:id` rank equal for it (decision 229)
					route('programs/new', 'routes/admin/programs/new.tsx')
					route(':kind/new', 'routes/admin/$kind/new.tsx')
					route(':kind/:id/edit', 'routes/admin/$kind/$id/edit.tsx')
					route(':kind/:id/delete', 'routes/admin/$kind/$id/delete.tsx')
				})
				// A program's outline and its dialogs (decision 153); /admin/programs/new is the panel's static child above
				route('admin/programs/:id', 'routes/admin/programs/$id/index.tsx', () => {
					route('modules/new', 'routes/admin/programs/$id/modules/new.tsx')
					route('modules/:moduleId/edit', 'routes/admin/programs/$id/modules/$moduleId/edit.tsx')
					route('modules/:moduleId/delete', 'routes/admin/programs/$id/modules/$moduleId/delete.tsx')
					route('modules/:moduleId/items/new', 'routes/admin/programs/$id/modules/$moduleId/items/new.tsx')
					route('items/:itemId/edit', 'routes/admin/programs/$id/items/$itemId/edit.tsx')
					route('items/:itemId/delete', 'routes/admin/programs/$id/items/$itemId/delete.tsx')
					route(
						'certificates/:certificateId/revoke',
						'routes/admin/programs/$id/certificates/$certificateId/revoke.tsx',
					)
				})

				// Moderation (moderators and admins)
				route('moderation', 'routes/moderation/index.tsx')

				// Subscription
				route('subscribe', 'routes/subscribe.tsx')
				route('subscription-success', 'routes/subscription-success.tsx')

				// The bench's yardstick: the layout and nothing else (404 unless BENCH_BASELINE_PAGE=true)
				route('bench/baseline', 'routes/bench/baseline.tsx')
			})

			// Administration: the members export (a download, not a page)
			route('admin/members.csv', 'routes/admin/members.csv.ts')
			// Administration: 'Retry' on a lesson whose uploaded video failed to process (a form action, no page)
			route('admin/videos/:id/retry', 'routes/admin/videos/$id/retry.ts')

			// product §7: JSON calls
			route('api/user', 'routes/api/user.ts')
			route('api/login', 'routes/api/login.ts')
			route('api/register', 'routes/api/register.ts')
			route('api/logout', 'routes/api/logout.ts')
			route('api/password-reset', 'routes/api/password-reset/index.ts')
			route('api/password-reset/confirm', 'routes/api/password-reset/confirm.ts')

			// JSON: member screens
			route('api/users', 'routes/api/users/index.ts')
			route('api/users/:id', 'routes/api/users/$id/index.ts')
			route('api/users/:id/change-password', 'routes/api/users/$id/change-password.ts')
			route('api/users/me', 'routes/api/users/me/index.ts')
			route('api/users/me/export', 'routes/api/users/me/export.ts')
			route('api/users/:id/block', 'routes/api/users/$id/block.ts')
			route('api/users/me/blocks', 'routes/api/users/me/blocks.ts')
			route('api/users/me/push-devices', 'routes/api/users/me/push-devices/index.ts')
			route('api/users/me/push-devices/:id', 'routes/api/users/me/push-devices/$id.ts')
			route('api/progress', 'routes/api/progress.ts')
			route('api/videos', 'routes/api/videos/index.ts')
			route('api/videos/:id', 'routes/api/videos/$id.ts')
			route('api/videos/:id/notes', 'routes/api/videos/$id/notes.ts')
			route('api/notes/:id', 'routes/api/notes/$id.ts')
			route('api/communities', 'routes/api/communities.ts')
			route('api/events', 'routes/api/events/index.ts')
			route('api/events/:id/rsvp', 'routes/api/events/$id/rsvp.ts')
			route('api/notifications', 'routes/api/notifications/index.ts')
			route('api/notifications/read', 'routes/api/notifications/read.ts')
			route('api/conversations', 'routes/api/conversations.ts')
			route('api/resources', 'routes/api/resources.ts')
			route('api/programs', 'routes/api/programs/index.ts')
			route('api/programs/:id', 'routes/api/programs/$id/index.ts')
			route('api/programs/:id/enrol', 'routes/api/programs/$id/enrol.ts')
			route('api/programs/:id/pod-queue', 'routes/api/programs/$id/pod-queue.ts')
			route('api/pods', 'routes/api/pods/index.ts')
			route('api/pods/:id', 'routes/api/pods/$id/index.ts')
			route('api/pods/:id/membership', 'routes/api/pods/$id/membership.ts')
			route('api/pods/:id/check-ins', 'routes/api/pods/$id/check-ins.ts')
			route('api/check-ins/:id', 'routes/api/check-ins/$id/index.ts')
			route('api/check-ins/:id/cheer', 'routes/api/check-ins/$id/cheer.ts')
			route('api/check-ins/:id/replies', 'routes/api/check-ins/$id/replies.ts')
			route('api/program-items/:id/done', 'routes/api/program-items/$id/done.ts')
			route('api/program-items/:id/reflection', 'routes/api/program-items/$id/reflection.ts')
			route('api/program-items/:id/check', 'routes/api/program-items/$id/check.ts')
			route('api/certificates', 'routes/api/certificates/index.ts')

			// JSON: messages
			route('api/messages/community/:communityId', 'routes/api/messages/community/$communityId.ts')
			route('api/messages/private/:userId', 'routes/api/messages/private/$userId.ts')
			route('api/messages/:id', 'routes/api/messages/$id.ts')

			// JSON: discussions, memberships and the member directory
			route('api/communities/:id/posts', 'routes/api/communities/$id/posts.ts')
			route('api/communities/:id/membership', 'routes/api/communities/$id/membership.ts')
			route('api/posts/:id', 'routes/api/posts/$id/index.ts')
			route('api/posts/:id/comments', 'routes/api/posts/$id/comments.ts')
			route('api/posts/:id/reactions/:kind', 'routes/api/posts/$id/reactions/$kind.ts')
			route('api/posts/:id/pin', 'routes/api/posts/$id/pin.ts')
			route('api/posts/:id/lock', 'routes/api/posts/$id/lock.ts')
			route('api/posts/:id/follow', 'routes/api/posts/$id/follow.ts')
			route('api/comments/:id', 'routes/api/comments/$id/index.ts')
			route('api/comments/:id/reactions/:kind', 'routes/api/comments/$id/reactions/$kind.ts')
			route('api/members', 'routes/api/members.ts')
			route('api/search', 'routes/api/search.ts')

			// JSON: reports and moderation
			route('api/reports', 'routes/api/reports/index.ts')
			route('api/reports/:id/resolve', 'routes/api/reports/$id/resolve.ts')
			route('api/moderation/mutes', 'routes/api/moderation/mutes/index.ts')
			route('api/moderation/mutes/:userId', 'routes/api/moderation/mutes/$userId.ts')

			// JSON: administration
			route('api/admin/users', 'routes/api/admin/users/index.ts')
			route('api/admin/pods', 'routes/api/admin/pods/index.ts')
			route('api/admin/pods/:id', 'routes/api/admin/pods/$id/index.ts')
			route('api/admin/pods/:id/move', 'routes/api/admin/pods/$id/move.ts')
			route('api/admin/users/:userId', 'routes/api/admin/users/$userId/index.ts')
			route('api/admin/users/:userId/role', 'routes/api/admin/users/$userId/role.ts')
			// The catalogue kinds (videos, communities, events, resources); an unknown kind answers 404 like any unknown call
			route('api/admin/:kind', 'routes/api/admin/$kind/index.ts')
			route('api/admin/:kind/:id', 'routes/api/admin/$kind/$id.ts')
			route('api/admin/audit-log', 'routes/api/admin/audit-log.ts')
			route('api/admin/insights', 'routes/api/admin/insights.ts')

			// JSON: subscription and Stripe webhook
			route('api/get-or-create-subscription', 'routes/api/get-or-create-subscription.ts')
			route('api/stripe/webhook', 'routes/api/stripe/webhook.ts')
			route('api/billing', 'routes/api/billing/index.ts')
			route('api/billing/cancel', 'routes/api/billing/cancel.ts')
			route('api/billing/resume', 'routes/api/billing/resume.ts')
			route('api/billing/portal', 'routes/api/billing/portal.ts')

			// Calendar files: one event's (members), and a member's personal feed, whose secret token is its only key
			route('events/:id/calendar.ics', 'routes/events/$id/calendar.ics.ts')
			route('calendar/:file', 'routes/calendar/$file.ts')
			// A lesson's captions in one language ({language}.vtt), through the lesson's gate (docs/decisions/170)
			route('content-library/:id/captions/:file', 'routes/content-library/$id/captions/$file.ts')

			// Certificates anyone can verify, no login (decision 152): the page, the PDF, the signed credential, the key
			route('certificates/:code', 'routes/certificates/$code.tsx')
			route('certificates/:code.pdf', 'routes/certificates/$code.pdf.ts')
			route('certificates/:code.json', 'routes/certificates/$code.json.ts')
			route('.well-known/jwks.json', 'routes/.well-known/jwks.json.ts')

			// Development and tests only (404 in production): the mail the embedded SMTP server caught
			route('dev/mail', 'routes/dev/mail.tsx')
			route('api/dev/mail', 'routes/api/dev/mail.ts')

			route('api/*', 'routes/api/$.ts')

			// product §2: any other path is the not-found page (HTTP 404)
			route('*', 'routes/$.tsx')
		})
	},
}
