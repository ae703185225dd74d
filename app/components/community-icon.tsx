/**
 * A community's icon (product §3): a short code such as EL on member screens,
 * or an image address set in the admin form.
 */
export function CommunityIcon({ icon, name, size = 'md' }: { icon: string | null; name: string; size?: 'md' | 'lg' }) {
	const box = size === 'lg' ? 'h-14 w-14 text-lg' : 'h-12 w-12 text-base'
	if (icon && /^(https?:\/\/|\/)/.test(icon)) {
		return <img src={icon} alt="" className={`${box} shrink-0 rounded-xl object-cover`} />
	}
	const code = (icon || name.slice(0, 2)).slice(0, 3).toUpperCase()
	return (
		<span
			aria-hidden="true"
			className={`${box} inline-flex shrink-0 items-center justify-center rounded-xl bg-brand-600 font-bold text-white`}
		>
			{code}
		</span>
	)
}
