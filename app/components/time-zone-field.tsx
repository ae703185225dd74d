import { useEffect, useRef } from 'react'
import { TIME_ZONE_FIELD } from '~/lib/time-zone-hint'

/**
 * The browser's time zone, sent with the login and sign-up forms so the
 * first member page is drawn in it without a reload (product §2 "times and
 * time zones"). The hint script fills it on the first load; this fills it
 * when the form is drawn after a client-side navigation (the tabs). Empty
 * without JavaScript: times are then in UTC, as everywhere.
 */
export function TimeZoneField() {
	const field = useRef<HTMLInputElement>(null)
	useEffect(() => {
		if (field.current && !field.current.value)
			field.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''
	}, [])
	return <input ref={field} type="hidden" name={TIME_ZONE_FIELD} />
}
