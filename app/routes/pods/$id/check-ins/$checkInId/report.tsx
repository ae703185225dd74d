import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { StatusButton } from '~/components/ui/button'
import { ActionToast } from '~/components/ui/toaster'
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS } from '~/lib/moderation'
import { PostReportFormSchema } from '~/lib/form-schemas.server'
import { createReport } from '~/services/moderation/reports.server'
import { CHECK_IN_NOT_FOUND, getPod } from '~/services/pods/pods.server'
import { requireUser } from '~/web/auth.server'
import { rethrowAsResponse, requireFound } from '~/web/errors.server'
import { handleFormSubmission } from '~/web/form.server'
import { requireNumericId } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'

export const meta: MetaFunction = () => pageMeta('Report a check-in', 'Tell a moderator what is wrong.')

/**
 * /pods/{id}/check-ins/{checkInId}/report: a pod member reports another's
 * check-in to the moderation queue, the only way a moderator reads it
 * (decision 216). A page of its own, so it works without JavaScript.
 */
async function reportable(request: Request, params: LoaderFunctionArgs['params']) {
	const user = await requireUser(request)
	const podId = requireNumericId(params.id, 'Pod')
	const checkInId = requireNumericId(params.checkInId, 'Check-in')
	const pod = await getPod(user, podId).catch(rethrowAsResponse)
	const checkIn = requireFound(
		pod.weeksOfCheckIns
			.flatMap((week) => week.checkIns)
			.find((row) => row.id === checkInId && !row.hidden && !row.mine),
		CHECK_IN_NOT_FOUND,
	)
	return { user, pod, checkIn }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { pod, checkIn } = await reportable(request, params)
	return json({
		pod: { id: pod.id, name: pod.name },
		checkIn: { id: checkIn.id, name: checkIn.name, week: checkIn.week },
	})
}

export async function action({ request, params }: ActionFunctionArgs) {
	const { user, pod, checkIn } = await reportable(request, params)
	return handleFormSubmission({
		request,
		schema: PostReportFormSchema,
		intent: 'report',
		failureTitle: 'Report failed',
		announceInvalid: true,
		onValid: async ({ reason, details }) => {
			await createReport(user, { checkInId: checkIn.id, reason, details })
			return redirectWithToast(`/pods/${pod.id}`, {
				title: 'Report sent',
				description: 'Thank you. A moderator will look at it soon.',
			})
		},
	})
}

export default function ReportCheckIn() {
	const { pod, checkIn } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const pending = useIsSubmitting('report')
	return (
		<div className="mx-auto max-w-xl space-y-4">
			<h1 className="text-2xl font-bold text-gray-900">{`Report ${checkIn.name}’s week ${checkIn.week} check-in`}</h1>
			<p className="text-sm text-gray-700">
				A moderator will read this check-in and its replies to decide what to do. Nothing else of your pod is shown to
				them.
			</p>
			<Form method="post" className="space-y-4">
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="report" />
				<fieldset>
					<legend className="mb-1 text-sm font-medium text-gray-700">Reason</legend>
					<div className="space-y-1">
						{Object.entries(REPORT_REASON_LABELS).map(([value, label], index) => (
							<label key={value} className="flex min-h-6 items-center gap-2 text-sm text-gray-900">
								<input type="radio" name="reason" value={value} defaultChecked={index === 0} />
								{label}
							</label>
						))}
					</div>
				</fieldset>
				<div>
					<label htmlFor="report-details" className="mb-1 block text-sm font-medium text-gray-700">
						Details (needed for “Other”)
					</label>
					<textarea
						id="report-details"
						name="details"
						rows={3}
						maxLength={REPORT_DETAILS_MAX}
						className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900"
					/>
				</div>
				<div className="flex flex-wrap items-center gap-3">
					<StatusButton pending={pending} pendingLabel="Sending...">
						Send report
					</StatusButton>
					<Link to={`/pods/${pod.id}`} className="text-sm font-medium text-brand-700 hover:underline">
						Cancel
					</Link>
				</div>
			</Form>
			<ActionToast toast={actionData?.toast} />
		</div>
	)
}
