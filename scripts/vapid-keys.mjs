// A VAPID key pair made up for one run (the demo, the tests, Lighthouse), as the
// settings VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (docs/decisions/181).
// Subscriptions made with one pair stop working with another, like sessions with a
// new SESSION_SECRET: a production deployment sets its own pair once.
import webPush from 'web-push'

export function vapidSettings(subject = 'mailto:push@leaderforge.example') {
	const { publicKey, privateKey } = webPush.generateVAPIDKeys()
	return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject }
}
