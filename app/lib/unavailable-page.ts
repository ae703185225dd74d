/** The readable page (or JSON) sent while the database is unreachable, and the plain page it is drawn with: plain HTML, no scripts. */
export const UNAVAILABLE_MESSAGE = 'We cannot reach our database right now. Please try again in a moment.'

/** How soon a client may try again (the 503's Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

export function unavailableHtml(): string {
	return plainPageHtml('Service temporarily unavailable', UNAVAILABLE_MESSAGE, { href: '', label: 'Try again' })
}

/** A readable page for answers the server sends before Remix runs: a title, a sentence, a link. Text only, never markup. */
export function plainPageHtml(title: string, message: string, link: { href: string; label: string }): string {
	return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;background:#f9fafb;color:#111827;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;padding:1rem}main{background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:2rem;max-width:28rem;text-align:center}p{color:#4b5563}a{color:#2554eb}</style></head><body><main><h1>${title}</h1><p>${message}</p><p><a href="${link.href}">${link.label}</a></p></main></body></html>`
}
