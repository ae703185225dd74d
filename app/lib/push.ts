import { z } from 'zod'

/**
 * What a browser's push subscription looks like (`PushSubscription.toJSON()`),
 * as the Notifications tab sends it to POST /api/users/me/push-devices
 * (docs/decisions/181). The keys are the browser's P-256 public key (65
 * bytes) and its 16-byte auth secret, base64url.
 */
const withoutPadding = (value: string) => value.replace(/=+$/, '')

export const PushSubscriptionSchema = z.object({
	endpoint: z
		.string({ required_error: 'endpoint is required', invalid_type_error: 'endpoint must be a string' })
		.max(2_000, 'endpoint is too long')
		.url('endpoint must be a URL'),
	expirationTime: z.number().nullable().optional(),
	keys: z.object(
		{
			p256dh: z
				.string({ required_error: 'keys.p256dh is required' })
				.regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'keys.p256dh must be a P-256 public key (base64url)')
				.transform(withoutPadding),
			auth: z
				.string({ required_error: 'keys.auth is required' })
				.regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, 'keys.auth must be a 16-byte secret (base64url)')
				.transform(withoutPadding),
		},
		{ required_error: 'keys is required', invalid_type_error: 'keys must be an object' },
	),
})
export type PushSubscriptionInput = z.output<typeof PushSubscriptionSchema>

/** The Notifications tab's "Turn off" form of one device (works without JavaScript). */
export const PushDeviceOffSchema = z.object({
	deviceId: z.coerce
		.number({ invalid_type_error: 'Choose a device to turn off' })
		.int('Choose a device to turn off')
		.positive('Choose a device to turn off'),
})
