import { useForm, type Submission } from '@conform-to/react'
import { useActionData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { type z } from 'zod'
import { type FormActionData } from '~/components/form-action-toast'

/**
 * Conform for every form (docs/decisions/090): the same zod schema as the
 * action, validated on the first submit and again on each input after that,
 * and the action's last answer when it was for this form (`intent`, on
 * pages with several forms). `schema` loads it (`() => import(...)`): a
 * page's scripts carry no zod until the member uses a form (decision 220).
 */
export function useConformForm<Schema extends z.ZodTypeAny>({
	id,
	schema,
	intent,
	defaultValue,
}: {
	id: string
	schema: () => Promise<Schema>
	intent?: string
	defaultValue?: Parameters<typeof useForm<z.input<Schema>>>[0]['defaultValue']
}) {
	const actionData = useActionData<FormActionData>()
	const answered = intent === undefined || actionData?.intent === intent
	const validate = useLazyValidation(id, schema)
	return useForm<z.input<Schema>>({
		id,
		lastResult: answered ? actionData?.result : undefined,
		defaultValue,
		onValidate: validate,
		shouldValidate: 'onSubmit',
		// Checked again on each input once the schema is here; before, each check would be a post to the action.
		shouldRevalidate: validate ? 'onInput' : 'onSubmit',
	})
}

/** Conform's client-side check of a form: the schema's answer on what the form holds. */
type Validate<Schema extends z.ZodTypeAny> = (context: {
	formData: FormData
}) => Submission<z.input<Schema>, string[], z.output<Schema>>

/**
 * The form's schema and Conform's zod adapter (about 17 kB compressed) are not part of the page's scripts:
 * they are loaded when the member first focuses or touches the form (or at once when a field of it already
 * has the focus, as an autofocused one does). Until they arrive Conform validates nothing in the browser and
 * a submit goes to the action, which checks it with the same schema (docs/decisions/220).
 */
function useLazyValidation<Schema extends z.ZodTypeAny>(
	formId: string,
	loadSchema: () => Promise<Schema>,
): Validate<Schema> | undefined {
	// Kept with the form it was loaded for: a component reused for another form (its id changed) checks nothing
	// with the other form's schema.
	const [validate, setValidate] = useState<{ formId: string; run: Validate<Schema> }>()
	const loadSchemaRef = useRef(loadSchema)
	loadSchemaRef.current = loadSchema
	useEffect(() => {
		let loading = false
		let unmounted = false
		const load = () => {
			if (loading) return
			loading = true
			Promise.all([loadSchemaRef.current(), import('@conform-to/zod')]).then(
				([schema, { parseWithZod }]) => {
					if (!unmounted) setValidate({ formId, run: ({ formData }) => parseWithZod(formData, { schema }) })
				},
				// Not loaded (offline, a new deployment): the action still validates; the next use tries again.
				() => {
					loading = false
				},
			)
		}
		const isInForm = (target: EventTarget | null) => target instanceof Element && target.closest('form')?.id === formId
		const onFirstUse = (event: Event) => {
			if (isInForm(event.target)) load()
		}
		if (isInForm(document.activeElement)) load()
		document.addEventListener('focusin', onFirstUse)
		document.addEventListener('pointerdown', onFirstUse)
		return () => {
			unmounted = true
			document.removeEventListener('focusin', onFirstUse)
			document.removeEventListener('pointerdown', onFirstUse)
		}
	}, [formId])
	return validate?.formId === formId ? validate.run : undefined
}
