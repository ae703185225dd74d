/**
 * Characters that must never reach a one-line value (a name, a title, a
 * subject, a redirect target, a file name), and characters that change how
 * text looks without being seen. The one place these patterns are written.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

/**
 * What a one-line name or title may not hold besides C0 controls and DEL:
 * C1 controls (U+0080–U+009F); the line and paragraph separators; the bidi
 * marks, embeddings, overrides and isolates (U+061C, U+200E–U+200F,
 * U+202A–U+202E, U+2066–U+2069), which reorder what follows them; and the
 * zero-width space, joiners, word joiner and byte-order mark (U+200B–U+200D,
 * U+2060, U+FEFF), which make two different names look the same.
 */
const HIDDEN_OR_CONTROL_CHARACTER =
	// eslint-disable-next-line no-control-regex -- these characters are the point
	/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/

export function hasControlCharacter(text: string): boolean {
	return CONTROL_CHARACTER.test(text)
}

/** True when the text holds a control character or one that hides, joins or reorders what is shown (see above). */
export function hasHiddenOrControlCharacter(text: string): boolean {
	return HIDDEN_OR_CONTROL_CHARACTER.test(text)
}
