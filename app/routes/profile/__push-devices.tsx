import { Form, useRevalidator } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { type PushDeviceJSON } from '#models/push-device'
import { useIsSubmitting } from '~/components/forms'
import { Button, StatusButton } from '~/components/ui/button'
import { formatDate } from '~/lib/dates'

/**
 * Push notifications in the Notifications tab (docs/decisions/181): the
 * devices that have them on, each with a "Turn off" form (no JavaScript
 * needed), and a button that turns them on in this browser. That needs
 * JavaScript by nature (the browser's push subscription), and the browser
 * asks for permission only once the member presses it.
 */

/** What this browser can do about push, found out after the page is up. */
type PushState =
	| { kind: 'needs-javascript' }
	| { kind: 'not-set-up' }
	| { kind: 'unsupported' }
	| { kind: 'install-first' }
	| { kind: 'blocked' }
	| { kind: 'off' }
	| { kind: 'on'; digest: string }

const STATE_TEXT: Record<Exclude<PushState['kind'], 'off' | 'on'>, string> = {
	'needs-javascript':
		'Turning push notifications on needs JavaScript, which is off in this browser: turn it on to get them on this device.',
	'not-set-up': 'Push notifications are not set up on this server.',
	unsupported: 'This browser cannot receive push notifications.',
	'install-first':
		'On iPhone and iPad, add LeaderForge to your Home Screen first (Share, then Add to Home Screen), open it from there and turn push notifications on in this tab.',
	blocked:
		'Notifications are blocked for this site in your browser settings. Allow them there, then come back to turn push notifications on.',
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
	const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
	return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))
}

/** The endpoint's SHA-256 in base64url, as the server lists it (endpointDigest): the endpoint itself never comes back to the page. */
async function digestOf(endpoint: string): Promise<string> {
	const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)))
	return btoa(String.fromCharCode(...hash))
		.replace(/\+/g, '-')
		.replace(/\//g, '_')
		.replace(/=+$/, '')
}

async function currentSubscription(): Promise<PushSubscription | null> {
	const registration = await navigator.serviceWorker.getRegistration()
	return (await registration?.pushManager.getSubscription()) ?? null
}

async function findState(publicKey: string | null): Promise<PushState> {
	if (!publicKey) return { kind: 'not-set-up' }
	if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
		// Safari on iPhone and iPad has push only in apps added to the Home Screen.
		return /iPhone|iPad|iPod/.test(navigator.userAgent) ? { kind: 'install-first' } : { kind: 'unsupported' }
	}
	if (Notification.permission === 'denied') return { kind: 'blocked' }
	const subscription = await currentSubscription()
	return subscription ? { kind: 'on', digest: await digestOf(subscription.endpoint) } : { kind: 'off' }
}

/** Subscribes this browser with the server's key (a subscription made with another key is replaced) and tells the server. */
async function turnOn(publicKey: string): Promise<string> {
	const permission = await Notification.requestPermission()
	if (permission !== 'granted') throw new Error(STATE_TEXT.blocked)
	const registration = await navigator.serviceWorker.register('/sw.js')
	await navigator.serviceWorker.ready
	const key = base64UrlToBytes(publicKey)
	let subscription = await registration.pushManager.getSubscription()
	const subscribedKey = subscription?.options.applicationServerKey
	if (subscription && (!subscribedKey || !sameBytes(new Uint8Array(subscribedKey), key))) {
		await subscription.unsubscribe()
		subscription = null
	}
	subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
	const response = await fetch('/api/users/me/push-devices', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(subscription.toJSON()),
	})
	if (!response.ok) {
		const answer = (await response.json().catch(() => null)) as { message?: string } | null
		throw new Error(answer?.message ?? 'Push notifications could not be turned on. Please try again.')
	}
	return digestOf(subscription.endpoint)
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
	return a.length === b.length && a.every((byte, index) => byte === b[index])
}

export function PushDevices({
	publicKey,
	devices,
	timeZone,
}: {
	publicKey: string | null
	devices: PushDeviceJSON[]
	timeZone: string
}) {
	const [state, setState] = useState<PushState>({ kind: 'needs-javascript' })
	const [working, setWorking] = useState(false)
	const [problem, setProblem] = useState<string | null>(null)
	const revalidator = useRevalidator()
	const turningOff = useIsSubmitting('push-off')

	useEffect(() => {
		let cancelled = false
		findState(publicKey)
			.then((found) => !cancelled && setState(found))
			.catch(() => !cancelled && setState({ kind: 'unsupported' }))
		return () => {
			cancelled = true
		}
	}, [publicKey, devices])

	const thisDevice = state.kind === 'on' ? devices.find((device) => device.endpointDigest === state.digest) : undefined

	async function onTurnOn() {
		if (!publicKey) return
		setWorking(true)
		setProblem(null)
		try {
			setState({ kind: 'on', digest: await turnOn(publicKey) })
			revalidator.revalidate()
		} catch (error) {
			setProblem(error instanceof Error ? error.message : String(error))
		} finally {
			setWorking(false)
		}
	}

	return (
		<section aria-labelledby="push-heading" className="space-y-3">
			<h3 id="push-heading" className="text-base font-semibold text-gray-900">
				Push notifications
			</h3>
			<p className="text-sm text-gray-600">
				Get the notifications you choose below on your phone or computer, even when LeaderForge is not open. They follow
				the same choices as your emails; you get none about a page you are looking at.
			</p>
			{state.kind === 'off' || (state.kind === 'on' && !thisDevice) ? (
				<div className="space-y-2">
					<Button type="button" onClick={onTurnOn} disabled={working} aria-busy={working || undefined}>
						{working ? 'Turning on...' : 'Turn on push notifications on this device'}
					</Button>
					{problem ? (
						<p role="alert" className="text-sm text-red-700">
							{problem}
						</p>
					) : null}
				</div>
			) : state.kind === 'on' ? (
				<p className="text-sm text-gray-900">Push notifications are on for this device.</p>
			) : (
				<p className="text-sm text-gray-700">{STATE_TEXT[state.kind]}</p>
			)}
			{devices.length === 0 ? (
				<p className="text-sm text-gray-600">No device has push notifications on.</p>
			) : (
				<ul aria-label="Devices with push notifications on" className="divide-y rounded-lg border">
					{devices.map((device) => (
						<li key={device.id} className="flex items-center gap-3 p-3">
							<span className="min-w-0 flex-1">
								<span className="block text-sm font-medium text-gray-900">
									{device.label}
									{device.id === thisDevice?.id ? ' (this device)' : ''}
								</span>
								<span className="block text-xs text-gray-600">
									On since {formatDate(device.createdAt, timeZone)}
									{device.lastPushedAt ? `, last push ${formatDate(device.lastPushedAt, timeZone)}` : ''}
								</span>
							</span>
							<Form
								method="post"
								action="/profile?tab=notifications"
								preventScrollReset
								onSubmit={() => {
									// This browser's own subscription goes too, so turning on again starts afresh.
									if (device.id === thisDevice?.id)
										void currentSubscription().then((subscription) => subscription?.unsubscribe())
								}}
							>
								<AuthenticityTokenInput />
								<input type="hidden" name="intent" value="push-off" />
								<input type="hidden" name="deviceId" value={device.id} />
								<StatusButton
									variant="secondary"
									size="sm"
									pending={turningOff}
									pendingLabel="Turning off..."
									aria-label={`Turn off push notifications for ${device.label}`}
								>
									Turn off
								</StatusButton>
							</Form>
						</li>
					))}
				</ul>
			)}
		</section>
	)
}
