import { expect } from 'vitest'
import { DEMO_PASSWORD } from '~/demo/data.server'
import { TestClient } from './http-client'

/** The user POST /api/login answers with (the fields tests read). */
export interface LoggedInUser {
	id: number
	name: string
}

/**
 * Logs an account in through POST /api/login in a browser of its own (a new
 * TestClient, which keeps the session cookie), and fails the test unless the
 * login succeeds. The password defaults to the demo accounts' one.
 */
export async function logInWithUser(
	baseUrl: string,
	username: string,
	password = DEMO_PASSWORD,
): Promise<{ client: TestClient; user: LoggedInUser }> {
	const client = new TestClient(baseUrl)
	const response = await client.json('POST', '/api/login', { username, password })
	expect(response.status, `log in as ${username}`).toBe(200)
	return { client, user: (await response.json()) as LoggedInUser }
}

/** As logInWithUser, for a test that only needs the logged-in browser. */
export async function logIn(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<TestClient> {
	return (await logInWithUser(baseUrl, username, password)).client
}
