import { json } from '@remix-run/node'
import { apiPageLinks, pageFrom, pageWindow, readApiPage, type PageWindow } from '~/lib/paging'

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
