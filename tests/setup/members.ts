import { expect } from 'vitest'
import { TestClient } from './http-client'
import { uniqueName } from './unique-name'

export interface SignedUpMember {
	client: TestClient
	id: number
	username: string
	name: string
	email: string
	password: string
}

/**
 * A new member, signed up through the JSON API, and so logged in on
 * `client`. The username is uniqueName(`prefix`), so tests never share an
 * account (or its rate limits).
 */
export async function signUpMember(
	serverUrl: string,
	prefix = 'member',
	{ name = 'Robin Member', password = 'password-123' }: { name?: string; password?: string } = {},
): Promise<SignedUpMember> {
	const client = new TestClient(serverUrl)
	const username = uniqueName(prefix)
	const email = `${username}@example.com`
	const response = await client.json('POST', '/api/register', { username, password, name, email })
	expect(response.status).toBe(201)
	const { id } = (await response.json()) as { id: number }
	return { client, id, username, name, email, password }
}
