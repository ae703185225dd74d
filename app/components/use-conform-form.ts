import { useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { useActionData } from '@remix-run/react'
import { type z } from 'zod'
import { type Toast } from '~/lib/toast'

/** The shape `handleFormSubmission` (app/web/form.server.ts) answers a refused form with. */
interface FormActionData {
	intent?: string | null
	result?: SubmissionResult<string[]>
	toast?: Toast | null
}

/**
 * Conform for every form (docs/decisions/090): the same zod schema as the
 * action, validated on the first submit and again on each input after that,
 * and the action's last answer when it was for this form (`intent`, on
 * pages with several forms).
 */
export function useConformForm<Schema extends z.ZodTypeAny>({
	id,
	schema,
	intent,
	defaultValue,
}: {
	id: string
	schema: Schema
	intent?: string
	defaultValue?: Parameters<typeof useForm<z.input<Schema>>>[0]['defaultValue']
}) {
	const actionData = useActionData<FormActionData>()
	const answered = intent === undefined || actionData?.intent === intent
	return useForm<z.input<Schema>>({
		id,
		lastResult: answered ? actionData?.result : undefined,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
}

/** The notice of the action's last answer, when it was for this form. */
export function useFormActionToast(intent?: string): Toast | null | undefined {
	const actionData = useActionData<FormActionData>()
	return intent === undefined || actionData?.intent === intent ? actionData?.toast : undefined
}
