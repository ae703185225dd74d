/**
 * The time-zone client hint (as the Epic Stack does it): a tiny inline
 * script writes the browser's IANA time zone into a cookie, and the server
 * formats times with it. Without JavaScript there is no cookie and times are
 * shown in UTC, and the page says so.
 *
 * The server reads and sets the cookie in ~/web/time-zone.server, with
 * ~/lib/dates: the root draws this script on every page, and when both lived
 * in one module its import, though nothing of the rest ran in the browser,
 * kept the dates' chunk among the scripts of islands that show no date, such
 * as /auth (decision 239).
 */
export const TIME_ZONE_COOKIE = 'tz'

/** The hidden field of the login and sign-up forms that carries the browser's zone (filled by the hint script). */
export const TIME_ZONE_FIELD = 'tz'

/**
 * Runs at the end of the body: fills the forms' time-zone fields (login and
 * sign-up send the zone, so the page after them is right at once), stores
 * the browser's zone in the cookie and, when the page was just drawn in
 * another zone (a first visit that did not come through those forms),
 * reloads once so the times are right. It reloads only when it changed the
 * cookie, so it can never loop.
 */
export const TIME_ZONE_HINT_SCRIPT = `(function(){try{var tz=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!tz)return;var f=document.querySelectorAll('input[name="${TIME_ZONE_FIELD}"]');for(var i=0;i<f.length;i++)f[i].value=tz;var m=document.cookie.match(/(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)/);if(m&&decodeURIComponent(m[1])===tz)return;document.cookie='${TIME_ZONE_COOKIE}='+encodeURIComponent(tz)+';path=/;max-age=31536000;samesite=lax';var shown=document.querySelector('[data-time-zone]');if(shown&&shown.getAttribute('data-time-zone')!==tz&&navigator.cookieEnabled&&document.cookie.indexOf('${TIME_ZONE_COOKIE}=')!==-1)location.reload()}catch(e){}})()`
