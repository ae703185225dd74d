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
} satisfies Config
