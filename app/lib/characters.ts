/**
 * Characters that must never reach a one-line value (a name, a subject, a
 * redirect target, a file name): C0 controls and DEL. The one place the
 * pattern is written.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

export function hasControlCharacter(text: string): boolean {
	return CONTROL_CHARACTER.test(text)
}
