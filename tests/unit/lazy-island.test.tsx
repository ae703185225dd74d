import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { lazyIsland } from '~/components/lazy-island'

function Greeting({ name }: { name: string }) {
	return <p>Hello, {name}</p>
}

describe('a part with its own code (decision 254), drawn by the server', () => {
	test('is drawn in the same pass as the page once its module has settled, between Suspense markers', async () => {
		const Part = lazyIsland(() => import('./lazy-island.test').then(() => Greeting))
		// The server's first request comes after the modules' own imports have settled.
		await new Promise((resolve) => setTimeout(resolve, 0))
		const html = renderToString(
			<main>
				<Part name="Ada" />
			</main>,
		)
		expect(html).toBe('<main><!--$--><p>Hello, <!-- -->Ada</p><!--/$--></main>')
	})

	test('is an error, not a page without it, when the server renders before its module has settled', () => {
		// renderToString would send the fallback (nothing) and leave the part to the browser: a page without
		// JavaScript would lose it unnoticed. That is why the import starts when the page's module is evaluated.
		const Part = lazyIsland(() => new Promise<typeof Greeting>(() => {}))
		expect(() => renderToString(<Part name="Ada" />)).toThrow(
			'A part of the page was rendered before its module loaded',
		)
	})
})
