import type { IconName } from '~/components/ui/icon'

/**
 * How a resource shows on the Resources page: an icon and a label per type
 * (product §2; unknown types get the generic icon), and whether its link opens
 * a web page or downloads a file from this site.
 */
const TYPES: Record<string, { label: string; icon: IconName; tone: string }> = {
	pdf: { label: 'PDF', icon: 'document', tone: 'bg-red-50 text-red-600' },
	doc: { label: 'Word', icon: 'document', tone: 'bg-blue-50 text-blue-600' },
	docx: { label: 'Word', icon: 'document', tone: 'bg-blue-50 text-blue-600' },
	xls: { label: 'Excel', icon: 'table', tone: 'bg-green-50 text-green-600' },
	xlsx: { label: 'Excel', icon: 'table', tone: 'bg-green-50 text-green-600' },
	ppt: { label: 'PowerPoint', icon: 'presentation', tone: 'bg-orange-50 text-orange-600' },
	pptx: { label: 'PowerPoint', icon: 'presentation', tone: 'bg-orange-50 text-orange-600' },
	image: { label: 'Image', icon: 'image', tone: 'bg-purple-50 text-purple-600' },
	video: { label: 'Video', icon: 'video', tone: 'bg-pink-50 text-pink-600' },
	link: { label: 'Link', icon: 'link', tone: 'bg-sky-50 text-sky-600' },
	article: { label: 'Article', icon: 'article', tone: 'bg-slate-100 text-slate-600' },
	worksheet: { label: 'Worksheet', icon: 'pencil', tone: 'bg-yellow-50 text-yellow-700' },
	template: { label: 'Template', icon: 'clipboard', tone: 'bg-teal-50 text-teal-600' },
	book: { label: 'Book', icon: 'book', tone: 'bg-amber-50 text-amber-700' },
	tool: { label: 'Tool', icon: 'tool', tone: 'bg-indigo-50 text-indigo-600' },
}
/** 'other' and any type we do not know share the generic folder icon. */
export const GENERIC_RESOURCE_ICON: IconName = 'resources'

export function resourceTypeInfo(type: string): { label: string; icon: IconName; tone: string } {
	return (
		TYPES[type] ?? {
			label: type ? type.charAt(0).toUpperCase() + type.slice(1) : 'Other',
			icon: GENERIC_RESOURCE_ICON,
			tone: 'bg-gray-100 text-gray-600',
		}
	)
}

/**
 * The link of a resource: an http(s) address opens in a new tab, a file on
 * this site downloads. Anything else (javascript:, data:...) gets no link.
 */
export function resourceLink(url: string): { href: string; kind: 'open' | 'download' } | null {
	const value = url.trim()
	if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'))
		return { href: value, kind: 'download' }
	try {
		const parsed = new URL(value)
		return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? { href: parsed.href, kind: 'open' } : null
	} catch {
		return null
	}
}
