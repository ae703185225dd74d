import { json } from '@remix-run/node'
import { publicJwks } from '~/services/learning/certificates.server'

/**
 * GET /.well-known/jwks.json: the public key that verifies certificates'
 * credentials (docs/decisions/152), as a JWK Set. Public, from any site.
 */
export async function loader() {
	return json(await publicJwks(), {
		headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' },
	})
}
