import { Link, useNavigation } from '@remix-run/react'
import { StatusButton, buttonClassName } from '~/components/ui/button'
import {
	useId,
	type InputHTMLAttributes,
	type ReactNode,
	type SelectHTMLAttributes,
	type TextareaHTMLAttributes,
} from 'react'

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

interface ControlProps {
	id: string
	'aria-invalid': true | undefined
	'aria-describedby': string | undefined
	className: string
}

/**
 * The label, help text and errors around one form control, wired up for
 * screen readers: the control gets its id, aria-invalid and
 * aria-describedby from here, so every kind of field says the same things.
 */
function FieldFrame({
	label,
	id: givenId,
	errors,
	help,
	control,
}: {
	label: ReactNode
	id: string | undefined
	errors?: ListOfErrors
	help?: ReactNode
	control: (props: ControlProps) => ReactNode
}) {
	const fallbackId = useId()
	const id = givenId ?? fallbackId
	const errorId = errors?.length ? `${id}-error` : undefined
	const helpId = help ? `${id}-help` : undefined
	return (
		<div>
			<label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
				{label}
			</label>
			{control({
				id,
				'aria-invalid': errorId ? true : undefined,
				'aria-describedby': [helpId, errorId].filter(Boolean).join(' ') || undefined,
				className: inputClass,
			})}
			{help ? (
				<p id={helpId} className="mt-1 text-xs text-gray-500">
					{help}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

interface FieldProps {
	label: ReactNode
	errors?: ListOfErrors
	help?: ReactNode
}

export function Field({ inputProps, ...frame }: FieldProps & { inputProps: InputHTMLAttributes<HTMLInputElement> }) {
	return <FieldFrame {...frame} id={inputProps.id} control={(props) => <input {...props} {...inputProps} />} />
}

export function TextareaField({
	textareaProps,
	...frame
}: FieldProps & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> }) {
	return <FieldFrame {...frame} id={textareaProps.id} control={(props) => <textarea {...props} {...textareaProps} />} />
}

export function SelectField({
	selectProps,
	options,
	...frame
}: FieldProps & {
	selectProps: SelectHTMLAttributes<HTMLSelectElement>
	options: Array<{ value: string; label: string }>
}) {
	return (
		<FieldFrame
			{...frame}
			id={selectProps.id}
			control={(props) => (
				<select {...props} {...selectProps}>
					{options.map((option) => (
						<option key={option.value} value={option.value}>
							{option.label}
						</option>
					))}
				</select>
			)}
		/>
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

export function FormErrors({ errors }: { errors?: ListOfErrors }) {
	if (!errors?.filter(Boolean).length) return null
	return (
		<div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3">
			<ErrorList errors={errors} />
		</div>
	)
}

/** A labelled select with its errors wired up, styled like the inputs. */

/**
 * The buttons of a form that opens under something (an edit, a report, a
 * reply): 'Cancel', a link back to where it was opened from, and the submit
 * button with its pending label while that form (its `intent`) is on its way.
 */
export function FormButtons({
	cancel,
	intent,
	label,
	pendingLabel,
}: {
	cancel?: string
	intent: string
	label: string
	pendingLabel: string
}) {
	const pending = useIsSubmitting(intent)
	return (
		<div className="flex justify-end gap-2">
			{cancel ? (
				<Link to={cancel} preventScrollReset className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
					Cancel
				</Link>
			) : null}
			<StatusButton size="sm" pending={pending} pendingLabel={pendingLabel}>
				{label}
			</StatusButton>
		</div>
	)
}

/** The token of one rendered creating form (its loader draws it): the same form posted twice creates once (decision 204). */
export function FormOnceInput({ token }: { token: string }) {
	return <input type="hidden" name="formOnce" value={token} />
}
