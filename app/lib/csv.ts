/**
 * CSV as RFC 4180 writes it: fields separated by commas, rows by CRLF; a
 * field holding a comma, a quote, a line break or leading or trailing space
 * is quoted, with its quotes doubled. A field that a spreadsheet would run
 * as a formula (starting with =, +, -, @, a tab or a carriage return) gets a
 * leading apostrophe first, as OWASP's "CSV injection" advice says: member
 * names are typed by members.
 */
export function csvField(value: string | number | null | undefined): string {
	if (value === null || value === undefined) return ''
	let text = String(value)
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
	return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(values: Array<string | number | null | undefined>): string {
	return `${values.map(csvField).join(',')}\r\n`
}
