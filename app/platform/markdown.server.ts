import { LRUCache } from 'lru-cache'
import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'

/**
 * Markdown written by people (discussion posts and comments, program
 * readings, check-in notes) becomes HTML here and nowhere else: markdown-it
 * renders it with raw HTML turned off, then sanitize-html keeps only the tags
 * and attributes below, so no script, event handler, style, frame, image or
 * `javascript:` URL survives whatever the text holds. Links get
 * `rel="nofollow ugc noopener"`: search engines do not credit them and the
 * linked page cannot reach back into ours (decision 099).
 *
 * Headings are pushed down to h3/h4, so a member's "# Title" never competes
 * with the page's own h1 and h2.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false })

const ALLOWED_TAGS = [
	'p',
	'br',
	'strong',
	'em',
	's',
	'del',
	'code',
	'pre',
	'blockquote',
	'ul',
	'ol',
	'li',
	'a',
	'h3',
	'h4',
	'hr',
	'table',
	'thead',
	'tbody',
	'tr',
	'th',
	'td',
]

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
	allowedTags: ALLOWED_TAGS,
	allowedAttributes: { a: ['href', 'rel'], ol: ['start'], th: ['align'], td: ['align'] },
	allowedSchemes: ['http', 'https', 'mailto'],
	allowedSchemesAppliedToAttributes: ['href'],
	allowProtocolRelative: false,
	disallowedTagsMode: 'discard',
	transformTags: {
		h1: 'h3',
		h2: 'h3',
		h5: 'h4',
		h6: 'h4',
		a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow ugc noopener' } }),
	},
}

/**
 * What a text became, remembered (docs/decisions/225): both functions below
 * are pure, and the same texts come back on every page — a program's
 * readings give each program card its minutes, posts their excerpts — while
 * parsing and sanitizing one costs far more than looking it up. Each
 * function's memory is bounded by the characters it holds (texts and
 * results: REMEMBERED_CHARACTERS each, a few megabytes), the least recently
 * used forgotten first; a text longer than a long reading is worked out
 * each time.
 */
export const REMEMBERED_CHARACTERS = 2_000_000
export const LONGEST_REMEMBERED_TEXT = 100_000

function remembered(work: (source: string) => string): (source: string) => string {
	const results = new LRUCache<string, string>({
		maxSize: REMEMBERED_CHARACTERS,
		sizeCalculation: (result, source) => source.length + result.length + 1,
	})
	return (source) => {
		const known = results.get(source)
		if (known !== undefined) return known
		const result = work(source)
		if (source.length <= LONGEST_REMEMBERED_TEXT) results.set(source, result)
		return result
	}
}

/**
 * Safe HTML for Markdown a person wrote. Characters beyond Latin-1 (an emoji,
 * a phone's curly apostrophe) are written as character references, as React
 * writes the rest of the page (docs/decisions/238): one such character would
 * make the whole document a two-byte string, three times the work to encode.
 */
export const renderMarkdown = remembered((source) =>
	beyondLatin1AsReferences(sanitizeHtml(markdown.render(source), SANITIZE_OPTIONS)),
)

/**
 * `&#x…;` for each code point above U+00FF; a lone surrogate becomes U+FFFD,
 * as a UTF-8 encoder makes it. The result is copied to a one-byte string
 * (docs/decisions/242): V8 keeps whatever is made from a two-byte string
 * two-byte, references and all, and the HTML is remembered, so the copy is
 * made once per text.
 */
function beyondLatin1AsReferences(html: string): string {
	const latin1 = html.replace(/[\u0100-\u{10ffff}]/gu, (character) => {
		const codePoint = character.codePointAt(0)!
		const isLoneSurrogate = codePoint >= 0xd800 && codePoint <= 0xdfff
		return `&#x${(isLoneSurrogate ? 0xfffd : codePoint).toString(16)};`
	})
	return Buffer.from(latin1, 'latin1').toString('latin1')
}

/**
 * The words of Markdown without its marks, on one line: for search, snippets,
 * notifications and emails, where markup means nothing.
 */
export const markdownToPlainText = remembered((source) => {
	const text = sanitizeHtml(markdown.render(source), { allowedTags: [], allowedAttributes: {} })
	return decodeEntities(text).replace(/\s+/g, ' ').trim()
})

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

function decodeEntities(text: string): string {
	return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
}
