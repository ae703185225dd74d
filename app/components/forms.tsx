import { useNavigation } from '@remix-run/react'
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
	const messages = errors?.filter(Boolean)
	if (!messages?.length) return null
	return (
		<ul id={id} className="mt-1 space-y-1">
			{messages.map((message) => (
				<li key={message} className="text-sm text-red-700">
					{message}
				</li>
			))}
		</ul>
	)
}

const inputClass =
	'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid]:border-red-500 disabled:bg-gray-100'

/** A labelled input with its help text and errors wired up for screen readers. */
export function Field({
	label,
	inputProps,
	errors,
	help,
}: {
	label: ReactNode
	inputProps: InputHTMLAttributes<HTMLInputElement>
	errors?: ListOfErrors
	help?: ReactNode
}) {
	const fallbackId = useId()
	const id = inputProps.id ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	const helpId = help ? `${id}-help` : undefined
	return (
		<div>
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
				{label}
			</label>
			<input
				id={id}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
				className={inputClass}
				{...inputProps}
			/>
			{help ? (
				<p id={helpId} className="mt-1 text-xs text-gray-500">
					{help}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

export function TextareaField({
	label,
	textareaProps,
	errors,
	help,
}: {
	label: ReactNode
	textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>
	errors?: ListOfErrors
	help?: ReactNode
}) {
	const fallbackId = useId()
	const id = textareaProps.id ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	const helpId = help ? `${id}-help` : undefined
	return (
		<div>
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
				{label}
			</label>
			<textarea
				id={id}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
				className={inputClass}
				{...textareaProps}
			/>
			{help ? (
				<p id={helpId} className="mt-1 text-xs text-gray-500">
					{help}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

/**
 * True while this page is submitting a form whose `intent` is the given one
 * (or any form, without an intent): drives the "...ing" button labels.
 */
export function useIsSubmitting(intent?: string) {
	const navigation = useNavigation()
	if (navigation.state === 'idle' || !navigation.formData) return false
	return intent === undefined || navigation.formData.get('intent') === intent
}

/** A submit button that shows its pending label while its form is on its way. */
export function StatusButton({
	pending,
	pendingLabel,
	children,
	className = '',
	disabled,
	...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; pendingLabel: string }) {
	return (
		<button
			type="submit"
			aria-busy={pending || undefined}
			// Taken out of `props` above: spread after this, a caller's `disabled={false}` would re-enable a pending button.
			disabled={pending || disabled}
			className={`inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
			{...props}
		>
			{pending ? (
				<span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
			) : null}
			{pending ? pendingLabel : children}
		</button>
	)
}

export function FormErrors({ errors }: { errors?: ListOfErrors }) {
	if (!errors?.filter(Boolean).length) return null
	return (
		<div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3">
			<ErrorList errors={errors} />
		</div>
	)
}

/** A labelled select with its errors wired up, styled like the inputs. */
export function SelectField({
	label,
	selectProps,
	options,
	errors,
}: {
	label: ReactNode
	selectProps: SelectHTMLAttributes<HTMLSelectElement>
	options: Array<{ value: string; label: string }>
	errors?: ListOfErrors
}) {
	const fallbackId = useId()
	const id = selectProps.id ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	return (
		<div>
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
				{label}
			</label>
			<select id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className={inputClass} {...selectProps}>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}
