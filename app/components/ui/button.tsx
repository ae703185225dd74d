import { Link, type LinkProps } from '@remix-run/react'
import { forwardRef, type ButtonHTMLAttributes } from 'react'

/**
 * The app's buttons, in one place (the Epic Stack's button.tsx is the model):
 * a variant for what the button does and a size, as classes that buttons and
 * links styled as buttons share. Disabled and pending buttons look the same
 * everywhere.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'dark' | 'link'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'wide'

const BASE =
	'inline-flex items-center justify-center gap-2 rounded-md font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60'

const VARIANTS: Record<ButtonVariant, string> = {
	primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
	secondary: 'border border-gray-300 bg-white text-gray-700 shadow-sm hover:bg-gray-50',
	danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
	dark: 'bg-gray-900 text-white shadow-sm hover:bg-gray-800',
	link: 'text-brand-700 underline-offset-2 hover:underline',
}

const SIZES: Record<ButtonSize, string> = {
	sm: 'px-3 py-1.5 text-sm',
	md: 'px-4 py-2 text-sm',
	lg: 'px-6 py-3 text-base',
	wide: 'w-full px-4 py-2 text-sm',
}

export function buttonClassName({
	variant = 'primary',
	size = 'md',
	className = '',
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
	// A link-styled button keeps its text's own size and has no padding to line up with.
	const sizing = variant === 'link' ? '' : SIZES[size]
	return [BASE, VARIANTS[variant], sizing, className].filter(Boolean).join(' ')
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
	variant?: ButtonVariant
	size?: ButtonSize
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
	{ variant, size, className, type = 'button', ...props },
	ref,
) {
	return <button ref={ref} type={type} className={buttonClassName({ variant, size, className })} {...props} />
})

/** A link that looks like a button (a call to action that navigates). */
export function ButtonLink({
	variant,
	size,
	className,
	...props
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
	return <Link className={buttonClassName({ variant, size, className })} {...props} />
}

/**
 * A submit button that shows its pending label (and a spinner) while its
 * form is on its way, and cannot be pressed twice meanwhile.
 */
export function StatusButton({
	pending,
	pendingLabel,
	children,
	disabled,
	...props
}: ButtonProps & { pending: boolean; pendingLabel: string }) {
	return (
		<Button
			type="submit"
			aria-busy={pending || undefined}
			{...props}
			// After the spread: a caller's `disabled={false}` must not re-enable a pending button.
			disabled={pending || disabled}
		>
			{pending ? (
				<span
					aria-hidden="true"
					className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
				/>
			) : null}
			{pending ? pendingLabel : children}
		</Button>
	)
}
