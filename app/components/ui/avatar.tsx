/**
 * product §2: the avatar shows the image, or the first letter of the name as
 * fallback. Either way it is decorative: every place that shows one shows the
 * name beside it (or labels its control), so the picture's alt text would only
 * repeat it (Lighthouse's image-redundant-alt).
 */
export function Avatar({ name, src, size = 'md' }: { name: string; src?: string | null; size?: 'sm' | 'md' | 'lg' }) {
	const sizes = { sm: 'h-8 w-8 text-sm', md: 'h-10 w-10 text-base', lg: 'h-20 w-20 text-2xl' }
	const initial = name.trim().charAt(0).toUpperCase() || '?'
	return src ? (
		<img src={src} alt="" className={`${sizes[size]} shrink-0 rounded-full object-cover`} />
	) : (
		<span aria-hidden="true" className={`${sizes[size]} avatar-initials`}>
			{initial}
		</span>
	)
}
