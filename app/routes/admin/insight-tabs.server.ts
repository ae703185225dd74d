import { type AuditPanelData } from '~/components/admin/audit-panel'
import { isAuditKind } from '~/lib/audit'
import { type Insights } from '~/lib/insights'
import { ServiceError } from '~/lib/service-error'
import { listAuditActors, listAuditEntries } from '~/services/audit.server'
import { getInsights } from '~/services/insights.server'
import { type Actor } from '~/services/permissions.server'

/**
 * The server half of the panel's Audit log and Insights tabs: read the
 * address's filter and cursor (a mangled one shows the first page, as chat
 * history does) and call the services. A failure becomes the tab's inline
 * error, as on the other tabs (product §8).
 */


const idParam = (value: string | null) => (value && /^\d{1,15}$/.test(value) ? Number(value) : undefined)

export async function loadAuditTab(actor: Actor, url: URL): Promise<AuditPanelData> {
	const actorParam = url.searchParams.get('actor') ?? ''
	const kindParam = url.searchParams.get('kind') ?? ''
	const who = actorParam === 'system' ? 'system' : idParam(actorParam)
	const kind = isAuditKind(kindParam) ? kindParam : undefined
	const before = idParam(url.searchParams.get('before'))
	const filter = { actor: who === undefined ? '' : String(who), kind: kind ?? '' }
	try {
		const [page, actors] = await Promise.all([listAuditEntries(actor, { before, actor: who, kind }), listAuditActors(actor)])
		return { ...page, actors, filter, paged: before !== undefined, error: null }
	} catch (error) {
		return { entries: [], nextBefore: null, actors: [], filter, paged: false, error: describeFailure(error, 'audit log') }
	}
}

export async function loadInsightsTab(actor: Actor): Promise<{ insights: Insights | null; error: string | null }> {
	try {
		return { insights: await getInsights(actor), error: null }
	} catch (error) {
		return { insights: null, error: describeFailure(error, 'insights') }
	}
}

function describeFailure(error: unknown, what: string): string {
	if (error instanceof ServiceError) return error.message
	console.error(`Admin panel: loading the ${what} failed`, error)
	return 'The server could not load it. Please try again.'
}
