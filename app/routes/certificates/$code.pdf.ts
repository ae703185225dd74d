import { type LoaderFunctionArgs } from '@remix-run/node'
import { certificatePdf } from '~/services/learning/certificates.server'
import { publicOriginOf } from '~/web/client.server'
import { jsonError } from '~/web/http.server'

/** GET /certificates/{code}.pdf: the printable certificate (pdfkit), for anyone with the code; 404 otherwise. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const pdf = await certificatePdf(params.code ?? '', publicOriginOf(request))
	if (!pdf) throw jsonError(404, 'Certificate not found')
	return new Response(new Uint8Array(pdf), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `inline; filename="certificate-${params.code}.pdf"`,
			'Cache-Control': 'no-cache',
		},
	})
}
