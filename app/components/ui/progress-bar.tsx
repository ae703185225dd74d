export function ProgressBar({ value, label }: { value: number; label: string }) {
	const clamped = Math.max(0, Math.min(100, Math.round(value)))
	return (
		<div
			role="progressbar"
			aria-label={label}
			aria-valuemin={0}
			aria-valuemax={100}
			aria-valuenow={clamped}
			className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
		>
			<div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${clamped}%` }} />
		</div>
	)
}
