/** The readable page (or JSON) sent while the database is unreachable, and the plain page it is drawn with: plain HTML, no scripts. */
export const UNAVAILABLE_MESSAGE = 'We cannot reach our database right now. Please try again in a moment.'

/** How soon a client may try again (the 503's Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

export function unavailableHtml(): string {
	return plainPageHtml('Service temporarily unavailable', UNAVAILABLE_MESSAGE, { href: '', label: 'Try again' })
}

/**
 * A readable page for answers the server sends before Remix runs (and the
 * offline page): a title, a sentence, a link, and optionally a short list
 * under its own heading. Text only, never markup.
 */
export function plainPageHtml(
	title: string,
	message: string,
	link: { href: string; label: string },
	list?: { heading: string; items: string[] },
): string {
	const listHtml = list
		? `<h2>${list.heading}</h2><ul>${list.items.map((item) => `<li>${item}</li>`).join('')}</ul>`
		: ''
	return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;background:#f9fafb;color:#111827;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;padding:1rem}main{background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:2rem;max-width:28rem;text-align:center}p,li{color:#4b5563}a{color:#2554eb}h2{font-size:1rem;margin-top:1.5rem}ul{text-align:left;padding-left:1.25rem}li{margin:.35rem 0}</style></head><body><main><h1>${title}</h1><p>${message}</p>${listHtml}<p><a href="${link.href}">${link.label}</a></p></main></body></html>`
}

/** The page the service worker shows when a page cannot be reached (docs/decisions/180): what still works, and a way back. */
export function offlineHtml(): string {
	return plainPageHtml(
		'You are offline',
		'LeaderForge cannot be reached from this device right now, most likely because it has no connection. The page you asked for opens again once it is back online.',
		{ href: '', label: 'Try again' },
		{
			heading: 'What still works',
			items: [
				'Pages you already have open keep what they show.',
				'A lesson you are watching plays on as far as it has loaded.',
				'Chat reconnects by itself and catches up on the messages you missed.',
				'Push notifications you turned on arrive once the device is back online.',
			],
		},
	)
}
