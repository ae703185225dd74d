import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { certificateCredential } from '~/services/learning/certificates.server'
import { publicOriginOf } from '~/web/client.server'
import { jsonError } from '~/web/http.server'

/**
 * GET /certificates/{code}.json: the certificate as an Open Badges 3.0
 * Verifiable Credential, `{ status, revokedAt, credential, jwt,
 * verificationKeys }`: the JWT is signed with the site's Ed25519 key
 * (/.well-known/jwks.json), null once the certificate is revoked. Anyone
 * with the code may read it, from any site (a verifier's page fetches it).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const credential = await certificateCredential(params.code ?? '', publicOriginOf(request))
	if (!credential) throw jsonError(404, 'Certificate not found')
	return json(credential, { headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' } })
}
