import { jsonError } from '~/web/http.server'

/** Unknown /api/* paths answer JSON, not the HTML 404 page. */
export const loader = () => jsonError(404, 'Not found')
export const action = () => jsonError(404, 'Not found')
