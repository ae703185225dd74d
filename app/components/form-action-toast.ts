import { type SubmissionResult } from '@conform-to/react'
import { useActionData } from '@remix-run/react'
import { type Toast } from '~/lib/toast'

/** The shape `handleFormSubmission` (app/web/form.server.ts) answers a refused form with. */
export interface FormActionData {
	intent?: string | null
	result?: SubmissionResult<string[]>
	toast?: Toast | null
}

/**
 * The notice of the action's last answer, when it was for this form. Apart from `useConformForm`
 * (~/components/use-conform-form) so a page can show it without Conform among its first scripts (decision 254).
 */
export function useFormActionToast(intent?: string): Toast | null | undefined {
	const actionData = useActionData<FormActionData>()
	return intent === undefined || actionData?.intent === intent ? actionData?.toast : undefined
}
