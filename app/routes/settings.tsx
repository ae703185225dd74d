import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/web/auth.server'

/**
 * product §2 lists Settings (/settings) in the user menu but no /settings
 * screen; the sidebar's Settings is /profile. Both lead to the profile
 * (docs/decisions/010-member-layout.md). A visitor goes to /auth first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireUser(request)
	return redirect('/profile')
}
