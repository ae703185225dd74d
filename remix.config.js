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

				// Community and messages

				// Events, resources, profile

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

			// JSON: messages

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
