import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { BRAND_NAME } from '~/components/brand'
import { getConfig } from '~/config.server'

/**
 * The bench's yardstick (docs/decisions/083): a member page with the same
 * root and layout as every other (session, account, badges, top bar,
 * sidebar) and nothing of its own, so `npm run bench` can report each route
 * as a share of what any member page costs. Served only when the server was
 * started with BENCH_BASELINE_PAGE=true; a 404 everywhere else.
 */
export const meta: MetaFunction = () => [
	{ title: `Baseline | ${BRAND_NAME}` },
	{ name: 'description', content: 'An empty member page the benchmark measures every other page against.' },
]

export function loader(_args: LoaderFunctionArgs) {
	if (!getConfig().benchBaselinePage) throw new Response('Not Found', { status: 404 })
	return null
}

export default function BenchBaseline() {
	return <h1 className="text-2xl font-bold text-gray-900">Baseline</h1>
}
