import { json } from '@remix-run/node'
import { NotFoundPage } from '~/components/not-found-page'

export const loader = () => json(null, { status: 404 })
export const action = () => json(null, { status: 404 })

export default function NotFound() {
	return <NotFoundPage />
}
