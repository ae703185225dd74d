import { useHydrated } from 'remix-utils/use-hydrated'
import { browserTimeZone } from '~/lib/dates'

/**
 * The time zone to show and enter times in: the server's guess (the `tz`
 * cookie, else UTC) while rendering on the server and hydrating, then the
 * browser's own (docs/decisions/030-admin-event-times.md).
 */
export function useTimeZone(serverTimeZone: string): string {
	return useHydrated() ? browserTimeZone() : serverTimeZone
}
