import { PRODUCT_NAME } from '~/lib/product'

/**
 * The one layout of every mail: a plain-text part and an HTML part made
 * from the same content, each ending in the same footer (the product, a
 * link to the app, the sender's postal address).
 */

export interface MailFooter {
	postalAddress: string
	/** The app's public origin, e.g. https://community.example.com */
	origin: string
}

export interface MailParts {
	text: string
	html: string
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** For member-provided words (names, titles) inside an `html` given to `sendMail`. */
export function escapeHtml(value: string): string {
	return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!)
}

/** Links in plain text become links in the HTML part (after escaping, so nothing else can). */
function linkify(escaped: string): string {
	return escaped.replace(/https?:\/\/[^\s<>"']+/g, (match) => {
		// A sentence's full stop or closing bracket right after a link is not part of it.
		const url = match.replace(/[.,;:!?)\]]+$/, '')
		return `<a href="${url}" style="color:#4f46e5">${url}</a>${match.slice(url.length)}`
	})
}

/** Plain text as HTML: blank lines part paragraphs, single line breaks stay, everything escaped. */
export function textToHtml(text: string): string {
	return text
		.trim()
		.split(/\n[ \t]*\n+/)
		.map(
			(paragraph) => `<p style="margin:0 0 16px">${linkify(escapeHtml(paragraph.trim())).replace(/\n/g, '<br>\n')}</p>`,
		)
		.join('\n')
}

/**
 * Both parts of a mail. `html` is the caller's own HTML for the body
 * (trusted: escape anything a member wrote with `escapeHtml`); without it
 * the HTML part is made from `text`.
 */
export function renderMail(content: { subject: string; text: string; html?: string }, footer: MailFooter): MailParts {
	const host = new URL(footer.origin).host
	const text = `${content.text.trim()}\n\n-- \n${PRODUCT_NAME} · ${footer.origin}\n${footer.postalAddress}\n`
	const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;color:#111827;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="background:#ffffff;border-radius:8px;padding:24px">
${content.html ?? textToHtml(content.text)}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#6b7280;text-align:center">
<a href="${escapeHtml(footer.origin)}" style="color:#6b7280">${escapeHtml(PRODUCT_NAME)} · ${escapeHtml(host)}</a><br>
${escapeHtml(footer.postalAddress)}
</p>
</div>
</body>
</html>
`
	return { text, html }
}
