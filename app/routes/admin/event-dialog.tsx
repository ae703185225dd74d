import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { AdminDialogErrorBoundary, FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { Field, SelectField, TextareaField } from '~/components/forms'
import { useTimeZone } from '~/components/use-time-zone'
import { handleCatalogueForm, requireCatalogueEditor, requireDialogEntity } from '~/routes/admin/__dialogs.server'
import { EventFormSchema } from '~/lib/admin-schemas'
import { FALLBACK_TIME_ZONE, toDateTimeLocalValue } from '~/lib/dates'
import { createEvent, getEvent, updateEvent } from '~/services/events/events.server'
import { listVideos } from '~/services/catalogue/videos.server'
import { type RouteHandle } from '~/types'
import { type loader as adminLoader } from '~/routes/admin/index'

export const handle: RouteHandle = { hydrate: true }

/**
 * /admin/events/new and /admin/events/:id/edit (product §2 "Events"). Times are
 * entered as local date-times in the zone the form names in a hidden field
 * (docs/decisions/030-admin-event-times.md).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireCatalogueEditor(request)
	const [event, videos] = await Promise.all([
		params.id ? requireDialogEntity(getEvent, params.id, 'Event') : null,
		listVideos(),
	])
	// The replay is chosen from the library (product §2 "Events"): its id and title are all the select needs.
	return json({ event, videos: videos.map(({ id, title }) => ({ id, title })) })
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
	const { event, videos } = useLoaderData<typeof loader>()
	const zone = useTimeZone(useRouteLoaderData<typeof adminLoader>('admin')?.timeZone ?? FALLBACK_TIME_ZONE)
	// The browser's zone is only known after hydration: the form starts again in it then.
	return <EventForm key={zone} event={event} videos={videos} zone={zone} />
}

type EventDialogData = ReturnType<typeof useLoaderData<typeof loader>>

function EventForm({
	event,
	videos,
	zone,
}: {
	event: EventDialogData['event']
	videos: EventDialogData['videos']
	zone: string
}) {
	const [form, fields] = useDialogForm({
		id: event ? `event-${event.id}` : 'event-new',
		schema: EventFormSchema,
		defaultValue: event
			? {
					title: event.title,
					description: event.description,
					location: event.location,
					meetingUrl: event.meetingUrl,
					replayVideoId: event.replayVideoId ? String(event.replayVideoId) : '',
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
			<Field
				label="Title"
				inputProps={{ ...getInputProps(fields.title, { type: 'text' }), autoFocus: true }}
				errors={fields.title.errors}
			/>
			<TextareaField
				label="Description"
				textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
				errors={fields.description.errors}
			/>
			<Field
				label="Location"
				inputProps={{
					...getInputProps(fields.location, { type: 'text' }),
					placeholder: 'Leave empty for an online event',
				}}
				errors={fields.location.errors}
			/>
			<div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
				<Field
					label="Start Time"
					inputProps={getInputProps(fields.startTime, { type: 'datetime-local' })}
					errors={fields.startTime.errors}
					help={`In ${zone === FALLBACK_TIME_ZONE ? 'UTC' : `your time zone (${zone})`}.`}
				/>
				<Field
					label="End Time"
					inputProps={getInputProps(fields.endTime, { type: 'datetime-local' })}
					errors={fields.endTime.errors}
					help="Optional."
				/>
			</div>
			<Field
				label="Meeting Link"
				inputProps={{ ...getInputProps(fields.meetingUrl, { type: 'url' }), placeholder: 'https://' }}
				errors={fields.meetingUrl.errors}
				help="Optional. Members who are going see 'Join Now' from 15 minutes before the start until the end."
			/>
			<SelectField
				label="Replay Video"
				selectProps={getSelectProps(fields.replayVideoId)}
				options={[
					{ value: '', label: 'No replay' },
					...videos.map((video) => ({ value: String(video.id), label: video.title })),
				]}
				errors={fields.replayVideoId.errors}
				help="Optional. After the event, 'Replay' leads to this video."
			/>
		</FormDialog>
	)
}

export const ErrorBoundary = AdminDialogErrorBoundary
