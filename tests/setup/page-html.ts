import { expect } from 'vitest'
import { type TestClient } from './http-client'

/** Loads a page in the client's browser, checks its status (200 unless told), and returns its HTML. */
export async function pageHtml(client: TestClient, path: string, status = 200): Promise<string> {
	const response = await client.get(path)
	expect(response.status, path).toBe(status)
	return withReferencesRead(await response.text())
}

/**
 * The server writes characters beyond Latin-1 as hexadecimal references
 * (`&#x201c;` for “, docs/decisions/238); a browser reads them back as the
 * characters, and so do the tests, which say what a reader sees. Other
 * escapes (`&lt;`, `&amp;`, `&#x27;`) are left as they are.
 */
export function withReferencesRead(html: string): string {
	return html.replace(/&#x([0-9a-f]+);/g, (reference, hex: string) => {
		const codePoint = Number.parseInt(hex, 16)
		return codePoint > 0xff ? String.fromCodePoint(codePoint) : reference
	})
}

/** A page's HTML as the words a reader sees: tags out, quotes decoded, white space squeezed to single spaces. */
export function textOf(html: string): string {
	return withReferencesRead(html)
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#x27;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/\s+/g, ' ')
}

/** Loads a page like `pageHtml`, with how many database queries it made (its Server-Timing header, docs/decisions/082). */
export async function visitPage(client: TestClient, path: string): Promise<{ html: string; queries: number }> {
	const response = await client.get(path)
	expect(response.status, path).toBe(200)
	const html = withReferencesRead(await response.text())
	return { html, queries: Number(/Database \((\d+) quer/.exec(response.headers.get('Server-Timing') ?? '')?.[1]) }
}

/** The build's version, as a page that hydrates names it in its inline route table (docs/decisions/229). */
export function buildVersionOf(html: string): string {
	const version = /window\.__remixManifest = [\s\S]*?"version": "([^"]+)"/.exec(html)?.[1]
	expect(version, 'the page names the build version in its inline route table').toBeTruthy()
	return version!
}

/** The text of the stylesheet a page's HTML links, as the browser fetches it. */
export async function stylesheetOf(client: TestClient, html: string): Promise<string> {
	const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1]
	expect(href, 'the page links its stylesheet').toBeTruthy()
	return (await client.get(href!)).text()
}
