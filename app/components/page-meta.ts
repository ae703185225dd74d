import { BRAND_NAME } from '~/components/brand'

/**
 * A page's title and meta description. A route's `meta` replaces the root's
 * (Remix v2), so every page that names its title names its description too
 * (search results and link previews show it; Lighthouse's SEO audit asks for it).
 */
export function pageMeta(title: string, description: string) {
	return [{ title: `${title} | ${BRAND_NAME}` }, { name: 'description', content: description }]
}
