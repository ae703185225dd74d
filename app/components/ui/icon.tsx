import { type ReactNode } from 'react'

/** Small line icons drawn in the current text colour (24 × 24 grid). Decorative: pair them with text or a label. */
const ICONS = {
	dashboard: (
		<>
			<rect x="3" y="3" width="7.5" height="7.5" rx="1.5" />
			<rect x="13.5" y="3" width="7.5" height="7.5" rx="1.5" />
			<rect x="3" y="13.5" width="7.5" height="7.5" rx="1.5" />
			<rect x="13.5" y="13.5" width="7.5" height="7.5" rx="1.5" />
		</>
	),
	video: (
		<>
			<rect x="3" y="5" width="18" height="14" rx="2" />
			<path d="M10 9.2v5.6l4.6-2.8z" fill="currentColor" />
		</>
	),
	community: (
		<>
			<circle cx="9" cy="8" r="3.2" />
			<path d="M3 19.5c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5" />
			<circle cx="17" cy="9" r="2.4" />
			<path d="M16.5 14.2c2.6.2 4.5 2 4.5 4.8" />
		</>
	),
	pods: (
		<>
			<circle cx="12" cy="6.5" r="2.5" />
			<circle cx="6" cy="15.5" r="2.5" />
			<circle cx="18" cy="15.5" r="2.5" />
			<path d="M9.8 8.2 7.6 13.3M14.2 8.2l2.2 5.1M8.5 15.5h7" />
		</>
	),
	messages: (
		<path d="M4.5 4.5h15a1.5 1.5 0 0 1 1.5 1.5v9.5a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 3.5V17h-1A1.5 1.5 0 0 1 3 15.5V6a1.5 1.5 0 0 1 1.5-1.5z" />
	),
	events: (
		<>
			<rect x="3" y="5" width="18" height="16" rx="2" />
			<path d="M3 10h18M8 3v4M16 3v4" />
		</>
	),
	resources: <path d="M3 7a2 2 0 0 1 2-2h4.2l2 2.2H19a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
	admin: <path d="M12 3l7.5 2.8v5.7c0 4.6-3.2 8.4-7.5 9.5-4.3-1.1-7.5-4.9-7.5-9.5V5.8z" />,
	flag: <path d="M5 21V4M5 4.5h11l-2 4 2 4H5" />,
	chart: <path d="M4 4v16h16M8 16v-4M12 16V8M16 16v-6" />,
	settings: (
		<>
			<path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
			<circle cx="15" cy="6" r="2" />
			<circle cx="9" cy="12" r="2" />
			<circle cx="17" cy="18" r="2" />
		</>
	),
	logout: <path d="M14 4h3.5A1.5 1.5 0 0 1 19 5.5v13a1.5 1.5 0 0 1-1.5 1.5H14M10 16.5 5.5 12 10 7.5M5.5 12H15" />,
	bell: <path d="M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 1.5h-15zM10 20.5a2 2 0 0 0 4 0" />,
	search: <path d="M10.5 17.5a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20.5 20.5l-5-5" />,
	menu: <path d="M4 6.5h16M4 12h16M4 17.5h16" />,
	close: <path d="M6 6l12 12M18 6 6 18" />,
	warning: <path d="M12 3.5 21.5 20h-19zM12 10v4.5M12 17.2v.1" />,
	star: <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z" />,
	user: (
		<>
			<circle cx="12" cy="8" r="4" />
			<path d="M4.5 20.5c0-4 3.4-6.5 7.5-6.5s7.5 2.5 7.5 6.5" />
		</>
	),
	lock: (
		<>
			<rect x="5" y="10.5" width="14" height="10" rx="2" />
			<path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
		</>
	),
	play: <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />,
	pause: <path d="M7 4.5h3.5v15H7zM13.5 4.5H17v15h-3.5z" fill="currentColor" />,
	back10: <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4.5 4v4h4" />,
	forward10: <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4v4h-4" />,
	volume: <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />,
	muted: <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4zM16 9.5l5 5M21 9.5l-5 5" />,
	fullscreen: <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />,
	captions: (
		<>
			<rect x="3" y="5" width="18" height="14" rx="2" />
			<path d="M10.5 10.2a2.2 2.2 0 1 0 0 3.6M17 10.2a2.2 2.2 0 1 0 0 3.6" />
		</>
	),
	chapters: <path d="M4 6h.01M8 6h12M4 12h.01M8 12h12M4 18h.01M8 18h12" />,
	check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
	clock: (
		<>
			<circle cx="12" cy="12" r="8.5" />
			<path d="M12 7.5V12l3 2" />
		</>
	),
	location: (
		<>
			<path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
			<circle cx="12" cy="10" r="2.3" />
		</>
	),
	document: <path d="M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM14 3v5h5M9 13h6M9 17h6" />,
	table: (
		<>
			<rect x="4" y="4" width="16" height="16" rx="2" />
			<path d="M4 10h16M4 15h16M10 4v16" />
		</>
	),
	presentation: <path d="M3 4h18M5 4v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V4M12 15v4M8.5 21 12 19l3.5 2" />,
	image: (
		<>
			<rect x="3" y="5" width="18" height="14" rx="2" />
			<circle cx="8.5" cy="10" r="1.5" />
			<path d="M21 16l-5-5-9 8" />
		</>
	),
	link: <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
	article: <path d="M4 5h12v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM16 9h4v10a2 2 0 0 1-2 2M7 9h6M7 13h6M7 17h4" />,
	pencil: <path d="M4 20l4-1 11-11-3-3L5 16zM14 6l3 3" />,
	clipboard: (
		<>
			<rect x="5" y="4" width="14" height="17" rx="2" />
			<path d="M9 4V2.5h6V4M9 10h6M9 14h6M9 18h3" />
		</>
	),
	book: <path d="M5 4.5A1.5 1.5 0 0 1 6.5 3H19v15H6.5A1.5 1.5 0 0 0 5 19.5zM5 19.5A1.5 1.5 0 0 0 6.5 21H19v-3" />,
	tool: (
		<>
			<circle cx="12" cy="12" r="3" />
			<path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
		</>
	),
	arrowLeft: <path d="M19 12H5M11 6l-6 6 6 6" />,
	chevronLeft: <path d="M14.5 6l-6 6 6 6" />,
	chevronRight: <path d="M9.5 6l6 6-6 6" />,
	download: <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />,
	external: (
		<path d="M14 4.5h5.5V10M19.5 4.5 11 13M17 14v4.5a1.5 1.5 0 0 1-1.5 1.5h-10A1.5 1.5 0 0 1 4 18.5v-10A1.5 1.5 0 0 1 5.5 7H10" />
	),
} satisfies Record<string, ReactNode>

export type IconName = keyof typeof ICONS

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
	return (
		<svg
			aria-hidden="true"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth={1.8}
			strokeLinecap="round"
			strokeLinejoin="round"
			className={`shrink-0 ${className}`}
		>
			{ICONS[name]}
		</svg>
	)
}
