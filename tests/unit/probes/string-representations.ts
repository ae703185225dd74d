/**
 * Run by tests/unit/one-byte-strings.test.ts as
 * `node --allow-natives-syntax --import tsx <this file>` (decision 242):
 * prints the cases' labels as a JSON line, then V8's own description of each
 * string in the same order, whose "type:" line says whether it is one-byte
 * or two-byte. Only V8 can tell. V8 writes its descriptions through C's
 * buffered output, so they are matched to the labels by order, not by where
 * they land among Node's lines; and standard output must be a file, since
 * Node makes a pipe non-blocking and C's writes to it can be dropped.
 */
import { createRequire } from 'node:module'
import { createElement } from 'react'
import type * as ReactDomServer from 'react-dom/server'
import { renderMarkdown } from '~/platform/markdown.server'

const require = createRequire(import.meta.url)
const { renderToString } = require('react-dom/server') as typeof ReactDomServer
const { escapeHtml } = require('@remix-run/server-runtime/dist/markup.js') as { escapeHtml: (html: string) => string }
// %DebugPrint is V8 syntax, not JavaScript's: compiled at run time, with the flag on.
const debugPrint = new Function('value', 'return %DebugPrint(value)') as (value: string) => void

// As a phone types it: a curly apostrophe makes the whole text two-byte in V8.
const typed = 'It’s a long message from a phone, with a curly apostrophe in it'
const cases: Record<string, string> = {
	'a slice of the typed text (the probe sees two-byte strings)': typed.slice(5),
	"React's text": renderToString(createElement('p', null, typed)),
	"React's attribute": renderToString(createElement('a', { title: typed, href: '/members/1' }, 'Sam')),
	"Remix's page data": escapeHtml(JSON.stringify({ content: typed })),
	Markdown: renderMarkdown(typed),
}
console.log(`LABELS ${JSON.stringify(Object.keys(cases))}`)
for (const value of Object.values(cases)) debugPrint(value)
