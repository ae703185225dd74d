import { expect } from 'vitest'
import { type TestClient } from './http-client'

/** Loads a page in the client's browser, checks its status (200 unless told), and returns its HTML. */
export async function pageHtml(client: TestClient, path: string, status = 200): Promise<string> {
	const response = await client.get(path)
	expect(response.status, path).toBe(status)
	return response.text()
}

/** A page's HTML as the words a reader sees: tags out, quotes decoded, white space squeezed to single spaces. */
export function textOf(html: string): string {
	return html
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#x27;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/\s+/g, ' ')
}

/** Loads a page like `pageHtml`, with how many database queries it made (its Server-Timing header, docs/decisions/082). */
export async function visitPage(client: TestClient, path: string): Promise<{ html: string; queries: number }> {
	const response = await client.get(path)
	expect(response.status, path).toBe(200)
	const html = await response.text()
	return { html, queries: Number(/Database \((\d+) quer/.exec(response.headers.get('Server-Timing') ?? '')?.[1]) }
}

/** The build's version, as a page that hydrates names it in its inline route table (docs/decisions/229). */
export function buildVersionOf(html: string): string {
	const version = /window\.__remixManifest = [\s\S]*?"version": "([^"]+)"/.exec(html)?.[1]
	expect(version, 'the page names the build version in its inline route table').toBeTruthy()
	return version!
}
