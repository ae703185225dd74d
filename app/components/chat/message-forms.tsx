import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { ErrorList, FormButtons, SelectField, TextareaField, Field } from '~/components/forms'
import { useConformForm } from '~/components/use-conform-form'
import { CHAT_INTENTS, MESSAGE_MAX_LENGTH, type ChatMessage } from '~/lib/chat'
import { MUTE_DURATION_OPTIONS, REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_REASON_LABELS } from '~/lib/moderation'

/**
 * A message's Edit, Report and Mute forms, open one at a time under it
 * (`?edit=`, `?report=`, `?mute=`): parts with their own code (decision 254),
 * Conform with them, so a room's page does not wait for them.
 */

const panelClass =
	'mt-2 w-full min-w-[16rem] space-y-3 rounded-lg border border-gray-200 bg-white p-3 text-left shadow-sm'

export function EditForm({ message, action, cancel }: { message: ChatMessage; action: string; cancel: string }) {
	const [form, fields] = useConformForm({
		id: `edit-${message.id}`,
		schema: () => import('~/lib/moderation-schemas').then((m) => m.EditMessageFormSchema),
		intent: CHAT_INTENTS.edit,
		defaultValue: { messageId: message.id, content: message.content },
	})
	return (
		<Form
			method="post"
			action={action}
			preventScrollReset
			aria-label="Edit message"
			className={panelClass}
			{...getFormProps(form)}
		>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={CHAT_INTENTS.edit} />
			<input {...getInputProps(fields.messageId, { type: 'hidden' })} />
			<TextareaField
				label="New text"
				textareaProps={{ ...getTextareaProps(fields.content), rows: 3, maxLength: MESSAGE_MAX_LENGTH, autoFocus: true }}
				errors={fields.content.errors}
			/>
			<ErrorList errors={form.errors} />
			<FormButtons cancel={cancel} intent={CHAT_INTENTS.edit} label="Save" pendingLabel="Saving..." />
		</Form>
	)
}

export function ReportForm({ message, action, cancel }: { message: ChatMessage; action: string; cancel: string }) {
	const [form, fields] = useConformForm({
		id: `report-${message.id}`,
		schema: () => import('~/lib/moderation-schemas').then((m) => m.ReportFormSchema),
		intent: CHAT_INTENTS.report,
		defaultValue: { messageId: message.id },
	})
	const reasonErrorId = fields.reason.errors?.length ? `${fields.reason.id}-error` : undefined
	return (
		<Form
			method="post"
			action={action}
			preventScrollReset
			aria-label="Report message"
			className={panelClass}
			{...getFormProps(form)}
		>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={CHAT_INTENTS.report} />
			<input {...getInputProps(fields.messageId, { type: 'hidden' })} />
			<fieldset role="radiogroup" aria-describedby={reasonErrorId} aria-invalid={reasonErrorId ? true : undefined}>
				<legend className="mb-1 text-sm font-medium text-gray-700">Why are you reporting this message?</legend>
				<div className="grid grid-cols-2 gap-1">
					{REPORT_REASONS.map((reason) => (
						<label key={reason} className="flex items-center gap-2 text-sm text-gray-700">
							<input
								type="radio"
								name={fields.reason.name}
								value={reason}
								defaultChecked={fields.reason.initialValue === reason}
							/>
							{REPORT_REASON_LABELS[reason]}
						</label>
					))}
				</div>
				<ErrorList id={reasonErrorId} errors={fields.reason.errors} />
			</fieldset>
			<TextareaField
				label="Details"
				help="Needed for Other; optional otherwise."
				textareaProps={{ ...getTextareaProps(fields.details), rows: 2, maxLength: REPORT_DETAILS_MAX }}
				errors={fields.details.errors}
			/>
			<ErrorList errors={[...(form.errors ?? []), ...(fields.messageId.errors ?? [])]} />
			<FormButtons cancel={cancel} intent={CHAT_INTENTS.report} label="Send report" pendingLabel="Sending..." />
		</Form>
	)
}

export function MuteForm({
	message,
	name,
	action,
	cancel,
}: {
	message: ChatMessage
	name: string
	action: string
	cancel: string
}) {
	const [form, fields] = useConformForm({
		id: `mute-${message.id}`,
		schema: () => import('~/lib/moderation-schemas').then((m) => m.MuteFormSchema),
		intent: CHAT_INTENTS.mute,
		defaultValue: { userId: message.senderId, duration: '24' },
	})
	return (
		<Form
			method="post"
			action={action}
			preventScrollReset
			aria-label={`Mute ${name}`}
			className={panelClass}
			{...getFormProps(form)}
		>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={CHAT_INTENTS.mute} />
			<input {...getInputProps(fields.userId, { type: 'hidden' })} />
			<p className="text-sm text-gray-700">{`${name} will not be able to post in any room.`}</p>
			<SelectField
				label="Mute for"
				selectProps={getSelectProps(fields.duration)}
				options={MUTE_DURATION_OPTIONS.map(({ value, label }) => ({ value, label }))}
				errors={fields.duration.errors}
			/>
			<Field
				label="Reason"
				inputProps={{ ...getInputProps(fields.reason, { type: 'text' }), maxLength: 500 }}
				errors={fields.reason.errors}
			/>
			<ErrorList errors={[...(form.errors ?? []), ...(fields.userId.errors ?? [])]} />
			<FormButtons cancel={cancel} intent={CHAT_INTENTS.mute} label={`Mute ${name}`} pendingLabel="Muting..." />
		</Form>
	)
}
