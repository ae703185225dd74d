import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { type SerializeFrom } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { type ReactNode } from 'react'
import { FormDialog, useDialogForm } from '~/components/admin/admin-dialog'
import { Field, FormOnceInput, SelectField, TextareaField } from '~/components/forms'
import { useTimeZone } from '~/components/use-time-zone'
import { FALLBACK_TIME_ZONE } from '~/lib/dates'
import { toDateTimeLocalValue } from '~/lib/zoned-time'
import { questionFields } from '~/lib/program-schemas'
import { DEFAULT_PASS_MARK, ITEM_KIND_LABELS, PROGRAM_LIMITS, UNLOCK_KINDS, UNLOCK_LABELS } from '~/lib/programs'
import { type loadItemDialog, type loadModuleDialog } from '~/routes/admin/programs/__outline.server'

/**
 * The dialogs of a program's outline page (docs/decisions/153), drawn over
 * it as the panel's dialogs are over their tab: routes, plain pages without
 * JavaScript, modals with it (decision 031). Their loaders and actions are
 * __outline.server.ts's.
 */

type Fields = Record<string, FieldMetadata<string>>

/** Add Module / Edit Module: the title, a short description, and when it opens. */
export function ModuleDialog() {
	const { program, module, number, serverTimeZone, formOnce } = useLoaderData<typeof loadModuleDialog>()
	const zone = useTimeZone(serverTimeZone)
	// The browser's zone is only known after hydration: the form starts again in it then (as event times do).
	return <ModuleForm key={zone} zone={zone} program={program} module={module} number={number} formOnce={formOnce} />
}

function ModuleForm({
	zone,
	program,
	module,
	number,
	formOnce,
}: Pick<SerializeFrom<typeof loadModuleDialog>, 'program' | 'module' | 'number' | 'formOnce'> & { zone: string }) {
	const unlock = module?.unlock
	const [form, fields] = useDialogForm({
		id: module ? `module-${module.id}` : 'module-new',
		schema: () => import('~/lib/program-schemas').then((m) => m.ModuleFormSchema),
		defaultValue: module
			? {
					title: module.title,
					description: module.description ?? '',
					unlock: unlock!.kind,
					days: unlock!.kind === 'after_days' ? String(unlock!.days) : '',
					opensAt: unlock!.kind === 'on_date' ? toDateTimeLocalValue(unlock!.date, zone) : '',
				}
			: { unlock: number === 1 ? 'immediately' : 'after_previous' },
	})
	const field = fields as unknown as Fields
	return (
		<FormDialog
			title={module ? 'Edit Module' : 'Add Module'}
			description={`Module ${number} of "${program}".`}
			intent="save-module"
			form={form}
			submitLabel={module ? 'Save Changes' : 'Add Module'}
			pendingLabel="Saving..."
		>
			{formOnce ? <FormOnceInput token={formOnce} /> : null}
			<input type="hidden" name="timeZone" value={zone} />
			<Field
				label="Title"
				errors={field.title!.errors}
				inputProps={{ ...getInputProps(field.title!, { type: 'text' }), autoFocus: true }}
			/>
			<TextareaField
				label="Description"
				errors={field.description!.errors}
				textareaProps={{ ...getTextareaProps(field.description!), rows: 2 }}
			/>
			<SelectField
				label="Opens"
				errors={field.unlock!.errors}
				selectProps={getSelectProps(field.unlock!)}
				options={UNLOCK_KINDS.map((kind) => ({ value: kind, label: UNLOCK_LABELS[kind] }))}
			/>
			<div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
				<Field
					label="Days after the member starts"
					errors={field.days!.errors}
					help={`For "${UNLOCK_LABELS.after_days}".`}
					inputProps={{
						...getInputProps(field.days!, { type: 'number' }),
						min: 0,
						max: PROGRAM_LIMITS.unlockDaysMax,
						step: 1,
					}}
				/>
				<Field
					label="Opens on"
					errors={field.opensAt!.errors}
					help={`For "${UNLOCK_LABELS.on_date}". ${zone === FALLBACK_TIME_ZONE ? 'In UTC.' : `In your time zone (${zone}).`}`}
					inputProps={getInputProps(field.opensAt!, { type: 'datetime-local' })}
				/>
			</div>
		</FormDialog>
	)
}

/** Add and edit an item of one kind: a lesson from the library, a reading, a reflection's prompt, a knowledge check's questions. */
export function ItemDialog() {
	const { kind, itemId, module, values, lessons, formOnce } = useLoaderData<typeof loadItemDialog>()
	const [form, fields] = useDialogForm({
		id: itemId ? `item-${itemId}` : `item-new-${kind}`,
		schema: () => import('~/lib/program-schemas').then((m) => m.ITEM_FORM_SCHEMAS[kind]),
		defaultValue: values ?? (kind === 'check' ? { passMark: String(DEFAULT_PASS_MARK) } : undefined),
	})
	const field = fields as unknown as Fields
	const label = ITEM_KIND_LABELS[kind]
	return (
		<FormDialog
			title={itemId ? `Edit ${label}` : `Add ${label}`}
			description={`In module "${module}".`}
			intent="save-item"
			form={form}
			submitLabel={itemId ? 'Save Changes' : `Add ${label}`}
			pendingLabel="Saving..."
		>
			{formOnce ? <FormOnceInput token={formOnce} /> : null}
			{kind === 'lesson' ? (
				<>
					<SelectField
						label="Lesson"
						errors={field.videoId!.errors}
						selectProps={{ ...getSelectProps(field.videoId!), autoFocus: true }}
						options={[{ value: '', label: 'Choose a lesson' }, ...lessons]}
					/>
					<Field
						label="Title"
						errors={field.title!.errors}
						help="Optional: leave it empty to use the lesson's own title."
						inputProps={getInputProps(field.title!, { type: 'text' })}
					/>
				</>
			) : (
				<Field
					label="Title"
					errors={field.title!.errors}
					inputProps={{ ...getInputProps(field.title!, { type: 'text' }), autoFocus: true }}
				/>
			)}
			{kind === 'reading' ? (
				<TextareaField
					label="Text"
					errors={field.body!.errors}
					help="Markdown: **bold**, *italics*, lists, links and headings."
					textareaProps={{ ...getTextareaProps(field.body!), rows: 12 }}
				/>
			) : null}
			{kind === 'reflection' ? (
				<TextareaField
					label="Prompt"
					errors={field.prompt!.errors}
					help="The question members answer in their own words (only they see their answer)."
					textareaProps={{ ...getTextareaProps(field.prompt!), rows: 4 }}
				/>
			) : null}
			{kind === 'check' ? <CheckFields field={field} values={values} /> : null}
		</FormDialog>
	)
}

/**
 * A knowledge check's pass mark and its question slots: every slot is in the
 * form (so it works without JavaScript); those beyond the questions it has
 * (two at least) are folded away until opened.
 */
function CheckFields({ field, values }: { field: Fields; values: Record<string, string> | null }) {
	const used = Array.from({ length: PROGRAM_LIMITS.questionsMax }, (_, index) => index + 1).filter(
		(n) => values?.[questionFields(n).prompt],
	).length
	const shown = Math.max(PROGRAM_LIMITS.questionsMin, used)
	return (
		<>
			<Field
				label="Pass mark (%)"
				errors={field.passMark!.errors}
				help={`Members pass with this score or more; ${DEFAULT_PASS_MARK}% unless you change it. Retakes are allowed.`}
				inputProps={{ ...getInputProps(field.passMark!, { type: 'number' }), min: 1, max: 100, step: 1 }}
			/>
			<p className="text-sm text-gray-600">
				{`${PROGRAM_LIMITS.questionsMin} to ${PROGRAM_LIMITS.questionsMax} questions, each with two to four choices, the right one and why. Members see the right answers only after they send theirs.`}
			</p>
			{Array.from({ length: PROGRAM_LIMITS.questionsMax }, (_, index) => index + 1).map((n) => {
				const names = questionFields(n)
				const failed = [names.prompt, ...names.choices, names.answer, names.explanation].some(
					(name) => field[name]?.errors,
				)
				const slot = <QuestionSlot n={n} field={field} />
				return n <= shown ? (
					<div key={n}>{slot}</div>
				) : (
					<details key={n} open={failed} className="rounded-lg border border-dashed border-gray-300 p-3">
						<summary className="cursor-pointer text-sm font-medium text-brand-700">{`Add question ${n}`}</summary>
						<div className="mt-3">{slot}</div>
					</details>
				)
			})}
		</>
	)
}

function QuestionSlot({ n, field }: { n: number; field: Fields }) {
	const names = questionFields(n)
	const within = (text: ReactNode) => (
		<>
			<span className="sr-only">{`Question ${n}, `}</span>
			{text}
		</>
	)
	return (
		<fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
			<legend className="px-1 text-sm font-semibold text-gray-900">{`Question ${n}`}</legend>
			<Field
				label={within('Question')}
				errors={field[names.prompt]!.errors}
				inputProps={getInputProps(field[names.prompt]!, { type: 'text' })}
			/>
			<div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
				{names.choices.map((name, index) => (
					<Field
						key={name}
						label={within(`Choice ${index + 1}`)}
						errors={field[name]!.errors}
						inputProps={getInputProps(field[name]!, { type: 'text' })}
					/>
				))}
			</div>
			<SelectField
				label={within('Right answer')}
				errors={field[names.answer]!.errors}
				selectProps={getSelectProps(field[names.answer]!)}
				options={[
					{ value: '', label: 'Choose the right choice' },
					...names.choices.map((_, index) => ({ value: String(index + 1), label: `Choice ${index + 1}` })),
				]}
			/>
			<TextareaField
				label={within('Explanation')}
				errors={field[names.explanation]!.errors}
				help="Shown with the result: why the right answer is right."
				textareaProps={{ ...getTextareaProps(field[names.explanation]!), rows: 2 }}
			/>
		</fieldset>
	)
}
