/**
 * Remix v2, classic compiler. Every URL of SPEC §2 and every endpoint of
 * SPEC §7 is mapped here, explicitly, in the spec's order, so this one file
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
		v3_lazyRouteDiscovery: false,
		v3_singleFetch: false,
	},
	routes(defineRoutes) {
		return defineRoutes((route) => {
			// SPEC §2: screens
			route('', 'routes/landing.tsx', { index: true })
			route('auth', 'routes/auth.tsx')
			route('logout', 'routes/logout.tsx')
			route('', 'routes/app-layout.tsx', { id: 'app-layout' }, () => {
				// Member screens
				route('dashboard', 'routes/dashboard.tsx')
				route('content-library', 'routes/content-library.tsx')
				route('content-library/:id', 'routes/video.tsx')
				route('sidebar', 'routes/sidebar.tsx')

				// Community and messages
				route('community', 'routes/community.tsx')
				route('community/:id', 'routes/community-room.tsx')
				route('messages', 'routes/messages.tsx')

				// Events, resources, profile
				route('events', 'routes/events.tsx')
				route('resources', 'routes/resources.tsx')
				route('profile', 'routes/profile.tsx')
				route('settings', 'routes/settings.tsx')

				// Administration

				// Subscription
				route('subscribe', 'routes/subscribe.tsx')
				route('subscription-success', 'routes/subscription-success.tsx')

			})

			// SPEC §7: JSON calls
			route('api/user', 'routes/api/user.ts')
			route('api/login', 'routes/api/login.ts')
			route('api/register', 'routes/api/register.ts')
			route('api/logout', 'routes/api/logout.ts')

			// JSON: member screens
			route('api/users', 'routes/api/users.ts')
			route('api/users/:id', 'routes/api/users.$id.ts')
			route('api/users/:id/change-password', 'routes/api/users.$id.change-password.ts')
			route('api/progress', 'routes/api/progress.ts')
			route('api/videos', 'routes/api/videos.ts')
			route('api/videos/:id', 'routes/api/videos.$id.ts')
			route('api/communities', 'routes/api/communities.ts')
			route('api/events', 'routes/api/events.ts')
			route('api/resources', 'routes/api/resources.ts')

			// JSON: messages
			route('api/messages/community/:communityId', 'routes/api/community-messages.ts')
			route('api/messages/private/:userId', 'routes/api/private-messages.ts')

			// JSON: administration

			// JSON: subscription and Stripe webhook
			route('api/get-or-create-subscription', 'routes/api/get-or-create-subscription.ts')
			route('api/stripe/webhook', 'routes/api/stripe-webhook.ts')

			route('api/*', 'routes/api/not-found.ts')

			// SPEC §2: any other path is the not-found page (HTTP 404)
			route('*', 'routes/not-found.tsx')
		})
	},
}
