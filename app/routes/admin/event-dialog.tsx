import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { AdminDialog, AdminDialogErrorBoundary, DialogButtons, useDialogAction } from '~/components/admin/admin-dialog'
import { Field, FormErrors, StatusButton, TextareaField, useIsSubmitting } from '~/components/forms'
import { ActionToast } from '~/components/ui/toaster'
import { useTimeZone } from '~/components/use-time-zone'
import { handleCatalogueForm, requireCatalogueEditor, requireDialogEntity } from '~/lib/admin-pages.server'
import { EventFormSchema } from '~/lib/admin-schemas'
import { DEFAULT_TIME_ZONE, toDateTimeLocalValue } from '~/lib/time-zone'
import { createEvent, getEvent, updateEvent } from '~/services/events.server'
import { type RouteHandle } from '~/types'
import { type loader as adminLoader } from '../admin'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/events/new and /admin/events/:id/edit (SPEC §2 "Events"). Times are
 * entered as local date-times in the zone the form names in a hidden field
 * (docs/decisions/030-admin-event-times.md).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireCatalogueEditor(request)
	return json({ event: params.id ? await requireDialogEntity(getEvent, params.id, 'Event') : null })
}

export function action({ request, params }: ActionFunctionArgs) {
	return handleCatalogueForm({
		request,
		params,
		kind: 'events',
		what: 'Event',
		schema: EventFormSchema,
		create: createEvent,
		update: updateEvent,
		describe: (event) => event.title,
	})
}

export default function EventDialog() {
	const { event } = useLoaderData<typeof loader>()
	const zone = useTimeZone(useRouteLoaderData<typeof adminLoader>('admin')?.timeZone ?? DEFAULT_TIME_ZONE)
	return (
		<AdminDialog title={event ? 'Edit Event' : 'Create Event'} description={event ? 'Change the details of this event.' : 'Schedule a new leadership event.'}>
			{/* The browser's zone is only known after hydration: the form starts again in it then. */}
			<EventForm key={zone} event={event} zone={zone} />
		</AdminDialog>
	)
}

function EventForm({ event, zone }: { event: ReturnType<typeof useLoaderData<typeof loader>>['event']; zone: string }) {
	const actionData = useActionData<typeof action>()
	const pending = useIsSubmitting('save-event')
	const [form, fields] = useForm({
		id: event ? `event-${event.id}` : 'event-new',
		lastResult: actionData?.result,
		defaultValue: event
			? {
					title: event.title,
					description: event.description,
					location: event.location,
					startTime: toDateTimeLocalValue(event.startTime, zone),
					endTime: event.endTime ? toDateTimeLocalValue(event.endTime, zone) : '',
				}
			: undefined,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: EventFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const zoneHelp = `In ${zone === DEFAULT_TIME_ZONE ? 'UTC' : `your time zone (${zone})`}.`

	return (
		<>
			<Form method="post" action={useDialogAction()} preventScrollReset className="space-y-4" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="save-event" />
				<input type="hidden" name="timeZone" value={zone} />
				<FormErrors errors={form.errors} />
				<Field label="Title" inputProps={{ ...getInputProps(fields.title, { type: 'text' }), autoFocus: true }} errors={fields.title.errors} />
				<TextareaField label="Description" textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }} errors={fields.description.errors} />
				<Field
					label="Location"
					inputProps={{ ...getInputProps(fields.location, { type: 'text' }), placeholder: 'Leave empty for an online event' }}
					errors={fields.location.errors}
				/>
				<div className="grid gap-4 sm:grid-cols-2">
					<Field label="Start Time" inputProps={getInputProps(fields.startTime, { type: 'datetime-local' })} errors={fields.startTime.errors} help={zoneHelp} />
					<Field label="End Time" inputProps={getInputProps(fields.endTime, { type: 'datetime-local' })} errors={fields.endTime.errors} help="Optional." />
				</div>
				<DialogButtons>
					<StatusButton pending={pending} pendingLabel="Saving...">
						{event ? 'Save Changes' : 'Create Event'}
					</StatusButton>
				</DialogButtons>
			</Form>
			<ActionToast toast={actionData?.toast} />
		</>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
