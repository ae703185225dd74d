/** Longest search text we look at; anything longer is cut, not refused. */
export const MAX_SEARCH_LENGTH = 100

/** A search box's text: trimmed and cut to a sane length. */
export function readSearch(value: string | null | undefined): string {
	return (value ?? '').trim().slice(0, MAX_SEARCH_LENGTH)
}
