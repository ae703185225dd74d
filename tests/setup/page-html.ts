import { expect } from 'vitest'
import { type TestClient } from './http-client'

/** Loads a page in the client's browser, checks its status (200 unless told), and returns its HTML. */
export async function pageHtml(client: TestClient, path: string, status = 200): Promise<string> {
	const response = await client.get(path)
	expect(response.status, path).toBe(status)
	return response.text()
}
