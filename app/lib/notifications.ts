/**
 * What the member layout's bell shows, for the browser and the server. Kept
 * apart from the notification schemas (~/lib/engagement-schemas) so that the
 * layout, on every member page, loads no zod (docs/decisions/198).
 */

/** The bell's drop-down lists this many of the newest notifications. */
export const BELL_NOTIFICATION_COUNT = 5
