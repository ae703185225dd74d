import { redirect } from '@remix-run/node'

/**
 * SPEC §2 lists Settings (/settings) in the user menu but no /settings
 * screen; the sidebar's Settings is /profile. Both lead to the profile
 * (docs/decisions/010-member-layout.md).
 */
export const loader = () => redirect('/profile')
