import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { useRef, useState } from 'react'
import { FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { VideoUploadField } from '~/components/admin/video-upload-field'
import { ErrorList, Field, FormOnceInput, SelectField, TextareaField } from '~/components/forms'
import { useTimeZone } from '~/components/use-time-zone'
import {
	CATALOGUE,
	catalogueFields,
	hasZonedTimes,
	takesUpload,
	type CatalogueField,
	type CatalogueKind,
	type CatalogueOption,
	type CatalogueRow,
} from '~/lib/catalogue-kinds'
import { FALLBACK_TIME_ZONE } from '~/lib/dates'
import { toDateTimeLocalValue } from '~/lib/zoned-time'
import { type UploadSettings } from '~/lib/media'

/**
 * The add and edit dialog of every catalogue kind (/admin/{kind}/new,
 * /admin/{kind}/{id}/edit), drawn from the kind's description
 * (app/lib/catalogue-kinds.ts): its title and words, its fields in order, the
 * fields its submit button waits for.
 */
export function CatalogueFormDialog({
	kind,
	entity,
	lookups,
	uploads = null,
	serverTimeZone,
	formOnce,
}: {
	kind: CatalogueKind
	/** The entity an edit dialog edits; null in the add dialog. */
	entity: CatalogueRow | null
	/** The options of the kind's `lookup` fields, by field name. */
	lookups: Record<string, CatalogueOption[]>
	/** A kind that takes a file: the limit, or why uploads are off. */
	uploads?: UploadSettings | null
	/** The zone the server draws times in (the `tz` cookie's, else UTC). */
	serverTimeZone: string
	/** The add dialog's token (null when editing): posted twice, it adds once (decision 204). */
	formOnce: string | null
}) {
	const zone = useTimeZone(serverTimeZone)
	// The browser's zone is only known after hydration: a form that enters times starts again in it then.
	return (
		<CatalogueForm
			key={hasZonedTimes(kind) ? zone : undefined}
			kind={kind}
			entity={entity}
			lookups={lookups}
			uploads={uploads}
			zone={zone}
			formOnce={formOnce}
		/>
	)
}

function CatalogueForm({
	kind,
	entity,
	lookups,
	uploads,
	zone,
	formOnce,
}: {
	kind: CatalogueKind
	entity: CatalogueRow | null
	lookups: Record<string, CatalogueOption[]>
	uploads: UploadSettings | null
	zone: string
	formOnce: string | null
}) {
	const { loadSchema, dialog, fields: layout } = CATALOGUE[kind]
	const [form, fields] = useDialogForm({
		id: entity ? `${dialog.formId}-${entity.id}` : `${dialog.formId}-new`,
		schema: loadSchema,
		defaultValue: entity ? storedValues(kind, entity, zone) : initialValues(kind),
	})
	// A file on its way: the dialog is saved once it has arrived. A ref, not state: Conform's own update of the
	// URL field (a submit event too) comes in the same tick as the upload's end, before any re-render.
	const uploading = useRef(false)
	const [savedTooSoon, setSavedTooSoon] = useState(false)
	const control = (field: CatalogueField, index: number) =>
		field.input === 'upload' ? (
			<VideoUploadField
				key={field.name}
				label={field.label}
				errors={[...(fields[field.name]?.errors ?? []), ...(savedTooSoon ? [SAVE_AFTER_UPLOAD] : [])]}
				settings={uploads}
				current={entity && 'media' in entity ? (entity.media ?? null) : null}
				onUploaded={(url) => form.update({ name: field.fills, value: url })}
				onBusy={(busy) => {
					uploading.current = busy
					if (!busy) setSavedTooSoon(false)
				}}
			/>
		) : (
			<FieldControl
				key={field.name}
				field={field}
				meta={fields[field.name]!}
				opensFocused={index === 0}
				stored={entity ? (entity as unknown as Record<string, unknown>)[field.name] : undefined}
				lookups={lookups}
				zone={zone}
			/>
		)
	return (
		// Saving while a file is on its way would close the dialog and stop the upload: the save waits, and says so.
		<div
			className="contents"
			onSubmitCapture={(event) => {
				if (!uploading.current) return
				event.preventDefault()
				event.stopPropagation()
				setSavedTooSoon(true)
			}}
		>
			<FormDialog
				title={entity ? dialog.editTitle : dialog.addTitle}
				description={entity ? dialog.editDescription : dialog.addDescription}
				intent={dialog.intent}
				form={form}
				submitLabel={entity ? 'Save Changes' : dialog.addTitle}
				pendingLabel="Saving..."
				encType={takesUpload(kind) ? 'multipart/form-data' : undefined}
			>
				{formOnce ? <FormOnceInput token={formOnce} /> : null}
				{hasZonedTimes(kind) ? <input type="hidden" name="timeZone" value={zone} /> : null}
				{layout.map((entry, index) =>
					'name' in entry ? (
						control(entry, index)
					) : (
						<div key={entry.map((field) => field.name).join()} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
							{entry.map((field) => control(field, index))}
						</div>
					),
				)}
			</FormDialog>
		</div>
	)
}

const SAVE_AFTER_UPLOAD = 'The video is still uploading: save once it has arrived.'

/** One field as its description says: an input, a text area or a select, with its label, help and errors. */
function FieldControl({
	field,
	meta,
	opensFocused,
	stored,
	lookups,
	zone,
}: {
	field: Exclude<CatalogueField, { input: 'upload' }>
	meta: FieldMetadata<unknown>
	/** The dialog's first field takes the focus when it opens. */
	opensFocused: boolean
	/** The edited entity's value of this field (undefined in the add dialog). */
	stored: unknown
	lookups: Record<string, CatalogueOption[]>
	zone: string
}) {
	const frame = { label: field.label, errors: meta.errors, help: field.help }
	switch (field.input) {
		case 'text':
		case 'url':
			return (
				<Field
					{...frame}
					inputProps={{
						...getInputProps(meta, { type: field.input }),
						autoFocus: opensFocused,
						placeholder: field.placeholder,
						inputMode: field.inputMode,
					}}
				/>
			)
		case 'number':
			return (
				<Field
					{...frame}
					inputProps={{
						...getInputProps(meta, { type: 'number' }),
						autoFocus: opensFocused,
						min: field.min,
						step: field.step,
					}}
				/>
			)
		case 'checkbox': {
			const { key, ...checkbox } = getInputProps(meta, { type: 'checkbox' })
			return (
				<div key={key} className="flex items-start gap-3">
					<input
						{...checkbox}
						aria-describedby={field.help ? `${meta.id}-help` : undefined}
						className="mt-1 h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-500"
					/>
					<div>
						<label htmlFor={meta.id} className="text-sm font-medium text-gray-700">
							{field.label}
						</label>
						{field.help ? (
							<p id={`${meta.id}-help`} className="text-xs text-gray-500">
								{field.help}
							</p>
						) : null}
						<ErrorList errors={meta.errors} />
					</div>
				</div>
			)
		}
		case 'textarea':
			return (
				<TextareaField
					{...frame}
					textareaProps={{ ...getTextareaProps(meta), autoFocus: opensFocused, rows: field.rows }}
				/>
			)
		case 'select': {
			// A stored value the list does not offer (a "link" resource from the API, say) keeps its place.
			const values = [...field.options]
			if (typeof stored === 'string' && stored && !values.includes(stored)) values.push(stored)
			return (
				<SelectField
					{...frame}
					selectProps={{ ...getSelectProps(meta), autoFocus: opensFocused }}
					options={values.map((value) => ({ value, label: field.optionLabel(value) }))}
				/>
			)
		}
		case 'lookup':
			return (
				<SelectField
					{...frame}
					selectProps={{ ...getSelectProps(meta), autoFocus: opensFocused }}
					options={[{ value: '', label: field.none }, ...(lookups[field.name] ?? [])]}
				/>
			)
		case 'zoned-date-time':
			return (
				<Field
					{...frame}
					inputProps={{ ...getInputProps(meta, { type: 'datetime-local' }), autoFocus: opensFocused }}
					help={field.help ?? `In ${zone === FALLBACK_TIME_ZONE ? 'UTC' : `your time zone (${zone})`}.`}
				/>
			)
	}
}

/** An edit dialog opens on the entity's values, times in the dialog's zone and ids as the selects hold them. */
function storedValues(kind: CatalogueKind, entity: CatalogueRow, zone: string) {
	const stored = entity as unknown as Record<string, unknown>
	return Object.fromEntries(
		catalogueFields(kind).map((field) => {
			const value = stored[field.name]
			if (field.input === 'upload') return [field.name, undefined]
			if (field.input === 'zoned-date-time')
				return [field.name, typeof value === 'string' ? toDateTimeLocalValue(value, zone) : '']
			if (field.input === 'lookup') return [field.name, value ? String(value) : '']
			if (field.input === 'checkbox') return [field.name, value ? 'on' : '']
			return [field.name, value]
		}),
	)
}

/** What an add dialog starts with: the fields that have an initial value (a new resource is a PDF). */
function initialValues(kind: CatalogueKind) {
	const initial = catalogueFields(kind).flatMap((field) =>
		field.input === 'select' && field.initial ? [[field.name, field.initial] as const] : [],
	)
	return initial.length ? Object.fromEntries(initial) : undefined
}
