import { createCookie } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { singleton } from '~/platform/singleton.server'

/**
 * The collapsed sidebar is remembered in a cookie, so the toggle is a plain
 * form that works without JavaScript and the page is drawn right the first
 * time (docs/decisions/010-member-layout.md).
 */
const sidebarCookie = singleton('sidebar-cookie', () =>
	createCookie('sidebar', {
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		secure: getConfig().secureCookies,
		maxAge: 60 * 60 * 24 * 365,
	}),
)

export async function isSidebarCollapsed(request: Request): Promise<boolean> {
	return (await sidebarCookie.parse(request.headers.get('Cookie'))) === 'collapsed'
}

export function serializeSidebarState(collapsed: boolean): Promise<string> {
	return sidebarCookie.serialize(collapsed ? 'collapsed' : 'expanded')
}
