import { type Page } from '@playwright/test'

/**
 * A stand-in for https://js.stripe.com/basil/stripe.js (the tests have no
 * internet). Its "Payment Element" is one card-number input; confirming
 * with 4242 4242 4242 4242 goes to the return URL the way Stripe redirects
 * after success, any other number fails with Stripe's decline message.
 */
const FAKE_STRIPE_JS = `
(function () {
	window.Stripe = function Stripe(publishableKey) {
		var created = {};
		function confirm(options) {
			var input = document.querySelector('[data-fake-card-number]');
			if (!input || input.value.replace(/\\s/g, '') !== '4242424242424242') {
				return Promise.resolve({ error: { type: 'card_error', message: 'Your card was declined.' } });
			}
			var secret = options.clientSecret || window.__fakeStripeClientSecret || '';
			var intent = secret.indexOf('seti_') === 0 ? 'setup_intent' : 'payment_intent';
			window.location.assign(options.confirmParams.return_url + '?' + intent + '=' + secret.split('_secret_')[0] + '&redirect_status=succeeded');
			return new Promise(function () {});
		}
		function noop() {}
		return {
			publishableKey: publishableKey,
			_registerWrapper: noop,
			registerAppInfo: noop,
			createToken: noop,
			createPaymentMethod: noop,
			confirmCardPayment: noop,
			confirmSetup: confirm,
			confirmPayment: confirm,
			elements: function (options) {
				window.__fakeStripeClientSecret = options && options.clientSecret;
				return {
					create: function (type) {
						var element = {
							mount: function (node) {
								node.innerHTML = '<label style="display:block;font-size:14px">Card number <input data-fake-card-number style="display:block;width:100%;border:1px solid #ccc;padding:8px;border-radius:6px"></label>';
							},
							on: noop, off: noop, update: noop, unmount: noop, destroy: noop, focus: noop, blur: noop, clear: noop,
						};
						created[type] = element;
						return element;
					},
					getElement: function (type) { return created[type] || null; },
					update: noop,
					fetchUpdates: function () { return Promise.resolve({}); },
					submit: function () { return Promise.resolve({}); },
				};
			},
		};
	};
})();
`

/** Serves FAKE_STRIPE_JS for every request to js.stripe.com. */
export async function useFakeStripeJs(page: Page) {
	await page.route('https://js.stripe.com/**', (route) =>
		route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
	)
}
