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
