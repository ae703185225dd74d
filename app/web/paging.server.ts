import { json } from '@remix-run/node'
import { API_PAGE_SIZE, MAX_PAGE, pageFrom, pageWindow, type Page, type PageWindow } from '~/lib/paging'
import { ServiceError } from '~/lib/service-error'

/**
 * A JSON list call's answer, a page at a time (docs/decisions/081): `?page=`
 * and `?limit=` (1–100, default 100) choose the page; the body is the array
 * of rows as before, and a `Link` header with `rel="next"` says there is more.
 * `read` gets the window of rows to read (one more than the page holds);
 * `present` may turn the page's rows into what the call answers.
 */
export async function jsonListPage<Row, Answer = Row>(
	request: Request,
	read: (window: PageWindow) => Promise<Row[]>,
	present: (rows: Row[]) => Answer[] | Promise<Answer[]> = (rows) => rows as unknown as Answer[],
) {
	const { page, size } = readApiPage(new URL(request.url).searchParams)
	const rows = pageFrom(await read(pageWindow(page, size)), page, size)
	return json(await present(rows.items), { headers: apiPageLinks(request.url, rows, size) })
}

// The JSON calls' paging lives here, not in ~/lib/paging beside the pages' links: its ServiceError import
// would leave an empty chunk among the scripts of every island page with a pager (decision 239).
/**
 * `?page=` and `?limit=` of a JSON list call: 1 and API_PAGE_SIZE when
 * absent; anything else that is not a whole number in range is a 400.
 */
export function readApiPage(params: URLSearchParams): { page: number; size: number } {
	const whole = (name: string, fallback: number, max: number) => {
		const value = params.get(name)
		if (value === null || value === '') return fallback
		if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) {
			throw new ServiceError(`${name} must be a whole number from 1 to ${max}`, 400, name)
		}
		return Number(value)
	}
	return { page: whole('page', 1, MAX_PAGE), size: whole('limit', API_PAGE_SIZE, API_PAGE_SIZE) }
}

/**
 * The `Link` header of a JSON list's page (RFC 8288), how a client learns
 * there is more: `rel="next"` while a next page exists, `rel="prev"` after
 * the first. The body keeps its shape (the array of rows).
 */
export function apiPageLinks(requestUrl: string, page: Page<unknown>, size: number): Record<string, string> {
	const url = new URL(requestUrl)
	const at = (number: number) => {
		const params = new URLSearchParams(url.search)
		params.set('page', String(number))
		params.set('limit', String(size))
		return `<${url.pathname}?${params}>`
	}
	const links = [
		...(page.hasMore ? [`${at(page.page + 1)}; rel="next"`] : []),
		...(page.page > 1 ? [`${at(page.page - 1)}; rel="prev"`] : []),
	]
	return links.length ? { Link: links.join(', ') } : {}
}
