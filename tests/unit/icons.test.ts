import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ICON_NAMES } from '~/components/ui/icon'

/** The icons' sprite (decision 221): every name the Icon component accepts is one <symbol> of it, and nothing else. */
const sprite = fs.readFileSync(new URL('../../app/components/ui/icons.svg', import.meta.url), 'utf8')
const symbols = [...sprite.matchAll(/<symbol\b([^>]*)>([\s\S]*?)<\/symbol>/g)].map(([, attributes, body]) => ({
	id: /\bid="([^"]+)"/.exec(attributes!)?.[1],
	viewBox: /\bviewBox="([^"]+)"/.exec(attributes!)?.[1],
	body: body!,
}))

describe('the icons sprite', () => {
	it('holds a symbol for each icon name, and no symbol no name asks for', () => {
		expect(symbols.map((symbol) => symbol.id).sort()).toEqual([...ICON_NAMES].sort())
		expect(new Set(ICON_NAMES).size).toBe(ICON_NAMES.length)
	})

	it('draws every symbol on the 24 × 24 grid, with shapes in it', () => {
		for (const symbol of symbols) {
			expect(symbol.viewBox, symbol.id).toBe('0 0 24 24')
			expect(symbol.body, symbol.id).toMatch(/<(path|circle|rect)\b[^>]*\/>/)
		}
	})

	it('is only shapes: no script, style, link or foreign content', () => {
		expect(sprite).not.toMatch(/<(script|style|foreignObject|a|image|use)\b/i)
		expect(sprite).not.toMatch(/\bon[a-z]+=|href=/i)
	})
})
