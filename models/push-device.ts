import { createHash } from 'node:crypto'
import { Schema } from 'mongoose'
import { defineModel, toIso } from '#models/model'

/**
 * A browser on which a member turned push notifications on (product §2
 * "Profile", Notifications tab; docs/decisions/181): the push service's
 * address for it and the keys its pushes are encrypted with. It belongs to
 * the login session that turned it on: when that session ends (logging out,
 * "Log out from all devices", a password change, 30 days), the device gets
 * no more pushes, so whoever uses the browser next never sees this member's
 * notifications. One record per endpoint: a browser turned on by a second
 * account moves to that account.
 */
export interface PushDevice {
	id: number
	userId: number
	/** The session (its `sid`) that turned push on here. */
	sessionId: string
	/** The push service's URL for this browser: a secret of the device, never shown. */
	endpoint: string
	/** The browser's P-256 public key and auth secret (base64url), which pushes are encrypted for (RFC 8291). */
	p256dh: string
	auth: string
	/** What the member sees in the list: "Chrome on Android". */
	label: string
	createdAt: Date
	updatedAt: Date
	/** The last push the push service accepted for it. */
	lastPushedAt: Date | null
}

export interface PushDeviceJSON {
	id: number
	label: string
	createdAt: string
	lastPushedAt: string | null
	/** A fingerprint of the endpoint, so the page can tell which entry is the browser it runs in (the endpoint itself stays here). */
	endpointDigest: string
}

const pushDeviceSchema = new Schema<PushDevice>(
	{
		id: { type: Number, required: true, unique: true },
		userId: { type: Number, required: true },
		sessionId: { type: String, required: true },
		endpoint: { type: String, required: true },
		p256dh: { type: String, required: true },
		auth: { type: String, required: true },
		label: { type: String, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
		updatedAt: { type: Date, required: true, default: () => new Date() },
		lastPushedAt: { type: Date, default: null },
	},
	{ versionKey: false },
)
// A member's devices (the list, and who gets a notification); a browser's record, claimed by its endpoint.
pushDeviceSchema.index({ userId: 1, id: 1 })
pushDeviceSchema.index({ endpoint: 1 })

export const PushDeviceModel = defineModel<PushDevice>('PushDevice', pushDeviceSchema)

/** The endpoint's fingerprint the page compares with its own (SHA-256, base64url, as `crypto.subtle` makes it in the browser). */
export const endpointDigestOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url')

export function toPushDeviceJSON(device: PushDevice): PushDeviceJSON {
	return {
		id: device.id,
		label: device.label,
		createdAt: toIso(device.createdAt)!,
		lastPushedAt: toIso(device.lastPushedAt),
		endpointDigest: endpointDigestOf(device.endpoint),
	}
}
