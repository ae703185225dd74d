import type { Config } from 'tailwindcss'

export default {
	content: ['./app/**/*.{ts,tsx}'],
	theme: {
		extend: {
			colors: {
				brand: {
					50: '#eef4ff',
					100: '#dbe6fe',
					200: '#bfd3fe',
					500: '#3b6ef6',
					600: '#2554eb',
					700: '#1d42d8',
					900: '#1b2f7a',
				},
			},
		},
	},
	plugins: [],
	// The ring, shadow and transform variables' defaults on the classes that use them, not on every element and
	// pseudo-element: each style calculation carries fewer properties (docs/decisions/247).
	experimental: { optimizeUniversalDefaults: true },
} satisfies Config
