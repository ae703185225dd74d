import MarkdownIt from 'markdown-it'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
	LONGEST_REMEMBERED_TEXT,
	REMEMBERED_CHARACTERS,
	markdownToPlainText,
	renderMarkdown,
} from '~/platform/markdown.server'

/** Payloads from the usual XSS cheat sheets, written as a member could type them into a post. */
const XSS_PAYLOADS = [
	'<script>alert(1)</script>',
	'<img src=x onerror=alert(1)>',
	'<svg onload=alert(1)>',
	'<iframe src="javascript:alert(1)"></iframe>',
	'[click](javascript:alert(1))',
	'[click](JaVaScRiPt:alert(1))',
	'[click](&#106;avascript:alert(1))',
	'[click](vbscript:msgbox(1))',
	'[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
	'![x](javascript:alert(1))',
	'![x](https://example.com/x.png" onerror="alert(1))',
	'<a href="javascript:alert(1)">x</a>',
	'<div style="background:url(javascript:alert(1))">x</div>',
	'<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
	'<details open ontoggle=alert(1)>',
	'<body onload=alert(1)>',
	'"><script>alert(1)</script>',
	'<a href="//evil.example">protocol-relative</a>',
	'[x](//evil.example)',
	'<form action="https://evil.example"><button>go</button></form>',
	'<object data="javascript:alert(1)"></object>',
	'`<script>alert(1)</script>`',
]

describe('Markdown written by members', () => {
	it.each(XSS_PAYLOADS)('renders %j without anything that runs or loads', (payload) => {
		// Text is escaped (`&lt;script&gt;` is harmless words), so only real tags can act: read those.
		const tags = renderMarkdown(payload).match(/<[a-z][^>]*>/gi) ?? []
		for (const tag of tags) {
			expect(tag).toMatch(/^<(p|a|code|pre|br|strong|em)[\s>]/i)
			expect(tag).not.toMatch(/\son[a-z]+=/i)
			expect(tag).not.toMatch(/style=/i)
			expect(tag).not.toMatch(/href="\s*(javascript|vbscript|data):/i)
			expect(tag).not.toMatch(/href="\/\//)
		}
	})

	it('keeps the formatting people write: emphasis, lists, quotes, code and safe links', () => {
		const html = renderMarkdown(
			'**Bold** and _italic_\n\n- one\n- two\n\n> quoted\n\n`code`\n\n[our guide](https://example.com/guide)',
		)
		expect(html).toContain('<strong>Bold</strong>')
		expect(html).toContain('<em>italic</em>')
		expect(html).toContain('<li>one</li>')
		expect(html).toContain('<blockquote>')
		expect(html).toContain('<code>code</code>')
		expect(html).toContain('<a href="https://example.com/guide" rel="nofollow ugc noopener">our guide</a>')
	})

	it('writes characters beyond Latin-1 as references, each a whole code point (decision 238)', () => {
		expect(renderMarkdown('It’s *done* 😀 → café, a lone \ud800')).toBe(
			'<p>It&#x2019;s <em>done</em> &#x1f600; &#x2192; café, a lone &#xfffd;</p>\n',
		)
		// An address is already percent-encoded by markdown-it; its text gets references.
		expect(renderMarkdown('[über →](https://example.com/→)')).toBe(
			'<p><a href="https://example.com/%E2%86%92" rel="nofollow ugc noopener">über &#x2192;</a></p>\n',
		)
	})

	it('shows raw HTML as text instead of markup', () => {
		expect(renderMarkdown('<b>hi</b>')).toBe('<p>&lt;b&gt;hi&lt;/b&gt;</p>\n')
	})

	it("pushes a member's headings below the page's own", () => {
		expect(renderMarkdown('# Big\n\n## Less\n\n##### Small')).toBe('<h3>Big</h3>\n<h3>Less</h3>\n<h4>Small</h4>\n')
	})

	it('turns bare addresses into safe links', () => {
		expect(renderMarkdown('see https://example.com')).toContain(
			'<a href="https://example.com" rel="nofollow ugc noopener">https://example.com</a>',
		)
	})

	it('gives the words without the marks for search and notifications', () => {
		expect(markdownToPlainText('# Delegation\n\n**Trust** your team & <script>x</script> them.')).toBe(
			'Delegation Trust your team & <script>x</script> them.',
		)
	})
})

describe('a text worked out once (decision 225)', () => {
	afterEach(() => {
		vi.restoreAllMocks()
	})
	/** Each test its own texts: what an earlier test worked out is remembered. */
	const unique = (words: string) => `${words} ${Math.random().toString(36).slice(2)}`

	it('answers the same text again from memory, with the same words', () => {
		const parse = vi.spyOn(MarkdownIt.prototype, 'render')
		const reading = unique('A **reading** with [a link](https://example.com) and\n\n- a list')
		const html = renderMarkdown(reading)
		const text = markdownToPlainText(reading)
		expect(parse).toHaveBeenCalledTimes(2)
		expect(renderMarkdown(reading)).toBe(html)
		expect(markdownToPlainText(reading)).toBe(text)
		expect(parse).toHaveBeenCalledTimes(2)
		expect(html).toContain('<strong>reading</strong>')
		expect(text).toMatch(/^A reading with a link and a list /)
	})

	it('works out a text longer than a long reading each time', () => {
		const parse = vi.spyOn(MarkdownIt.prototype, 'render')
		const long = unique('word '.repeat(LONGEST_REMEMBERED_TEXT / 5))
		expect(long.length).toBeGreaterThan(LONGEST_REMEMBERED_TEXT)
		markdownToPlainText(long)
		markdownToPlainText(long)
		expect(parse).toHaveBeenCalledTimes(2)
	})

	it('forgets the least recently used texts once it holds its bound of characters', () => {
		const texts = Array.from({ length: Math.ceil((REMEMBERED_CHARACTERS * 1.25) / 90_000) }, () =>
			unique('x '.repeat(45_000)),
		)
		for (const text of texts) markdownToPlainText(text)
		const parse = vi.spyOn(MarkdownIt.prototype, 'render')
		markdownToPlainText(texts.at(-1)!)
		expect(parse).not.toHaveBeenCalled()
		markdownToPlainText(texts[0]!)
		expect(parse).toHaveBeenCalledTimes(1)
	})
})
