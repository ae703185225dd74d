import { getInputProps, getTextareaProps } from '@conform-to/react'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { Field, TextareaField } from '~/components/forms'
import { useTimeZone } from '~/components/use-time-zone'
import { handleCatalogueForm, requireCatalogueEditor, requireDialogEntity } from '~/routes/admin/dialogs.server'
import { EventFormSchema } from '~/lib/admin-schemas'
import { FALLBACK_TIME_ZONE, toDateTimeLocalValue } from '~/lib/dates'
import { createEvent, getEvent, updateEvent } from '~/services/events.server'
import { type RouteHandle } from '~/types'
import { type loader as adminLoader } from '../admin'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/events/new and /admin/events/:id/edit (product §2 "Events"). Times are
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
	const zone = useTimeZone(useRouteLoaderData<typeof adminLoader>('admin')?.timeZone ?? FALLBACK_TIME_ZONE)
	// The browser's zone is only known after hydration: the form starts again in it then.
	return <EventForm key={zone} event={event} zone={zone} />
}

function EventForm({ event, zone }: { event: ReturnType<typeof useLoaderData<typeof loader>>['event']; zone: string }) {
	const [form, fields] = useDialogForm({
		id: event ? `event-${event.id}` : 'event-new',
		schema: EventFormSchema,
		defaultValue: event
			? {
					title: event.title,
					description: event.description,
					location: event.location,
					startTime: toDateTimeLocalValue(event.startTime, zone),
					endTime: event.endTime ? toDateTimeLocalValue(event.endTime, zone) : '',
				}
			: undefined,
	})
	return (
		<FormDialog
			title={event ? 'Edit Event' : 'Create Event'}
			description={event ? 'Change the details of this event.' : 'Schedule a new leadership event.'}
			intent="save-event"
			form={form}
			submitLabel={event ? 'Save Changes' : 'Create Event'}
			pendingLabel="Saving..."
		>
			<input type="hidden" name="timeZone" value={zone} />
			<Field label="Title" inputProps={{ ...getInputProps(fields.title, { type: 'text' }), autoFocus: true }} errors={fields.title.errors} />
			<TextareaField label="Description" textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }} errors={fields.description.errors} />
			<Field
				label="Location"
				inputProps={{ ...getInputProps(fields.location, { type: 'text' }), placeholder: 'Leave empty for an online event' }}
				errors={fields.location.errors}
			/>
			<div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
				<Field
					label="Start Time"
					inputProps={getInputProps(fields.startTime, { type: 'datetime-local' })}
					errors={fields.startTime.errors}
					help={`In ${zone === FALLBACK_TIME_ZONE ? 'UTC' : `your time zone (${zone})`}.`}
				/>
				<Field label="End Time" inputProps={getInputProps(fields.endTime, { type: 'datetime-local' })} errors={fields.endTime.errors} help="Optional." />
			</div>
		</FormDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
