import { type MetaFunction } from '@remix-run/node'
import { useRouteLoaderData } from '@remix-run/react'
import { BRAND_NAME } from '~/components/brand'
import { type loader as appLayoutLoader } from './app-layout'

export const meta: MetaFunction = () => [{ title: `Dashboard | ${BRAND_NAME}` }]

export default function Dashboard() {
	const data = useRouteLoaderData<typeof appLayoutLoader>('app-layout')
	return (
		<div>
			<h1 className="text-2xl font-bold text-gray-900">Welcome back, {data?.user.name}!</h1>
			<p className="mt-1 text-gray-600">Here is what is happening in your leadership journey.</p>
		</div>
	)
}
