import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { adminTabHref } from '~/lib/admin-panel'
import { exportMembersCsv } from '~/services/admin/members-export.server'
import { requireCatalogueEditor } from '~/routes/admin/__dialogs.server'
import { rethrowAsResponse } from '~/web/errors.server'

/**
 * GET /admin/members.csv (admins; content managers go to their first tab,
 * other members to /dashboard, visitors to /auth): every member as CSV,
 * streamed as it is read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireCatalogueEditor(request)
	if (actor.role !== 'admin') throw redirect(adminTabHref('content'))
	const rows = exportMembersCsv(actor)
	// The first step checks the role and the download limit: a refusal is an answer, before any row streams.
	const first = await rows.next().catch(rethrowAsResponse)
	let pending = first.done ? '' : first.value
	const encoder = new TextEncoder()
	const body = new ReadableStream<Uint8Array>({
		// A chunk of about 64 KB at a time, not one tiny chunk per member.
		async pull(controller) {
			let chunk = pending
			pending = ''
			while (chunk.length < 64 * 1024) {
				const { value, done } = await rows.next()
				if (done) {
					if (chunk) controller.enqueue(encoder.encode(chunk))
					return controller.close()
				}
				chunk += value
			}
			controller.enqueue(encoder.encode(chunk))
		},
		async cancel() {
			await rows.return(undefined)
		},
	})
	const date = new Date().toISOString().slice(0, 10)
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="members-${date}.csv"`,
			'Cache-Control': 'no-store',
		},
	})
}
