import { getFormProps, type FormMetadata } from '@conform-to/react'
import { Form, isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from '@remix-run/react'
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { FormErrors, useIsSubmitting } from '~/components/forms'
import { StatusButton, ButtonLink } from '~/components/ui/button'
import { MAIN_ID } from '~/components/ui/skip-link'
import { ActionToast } from '~/components/ui/toaster'
import { useFormActionToast } from '~/components/form-action-toast'
import { useConformForm } from '~/components/use-conform-form'
import { dialogCloseHref } from '~/lib/admin-panel'

/** Where a dialog's Cancel, Close and Escape lead: its tab, with the tab's search. */
export function useDialogCloseHref() {
	return dialogCloseHref(useLocation())
}

/** A dialog form posts back to its own address, search included, so the action knows where to return. */
export function useDialogAction() {
	const location = useLocation()
	return `${location.pathname}${location.search}`
}

/**
 * A dialog drawn as a modal over the admin tab (docs/architecture.md: dialogs are
 * routes). It is an ordinary page without JavaScript: the backdrop, ✕ and
 * Cancel are links back to the tab. With JavaScript, Escape closes it too.
 *
 * It is never taller than the screen: its content scrolls inside it, with
 * Cancel and the submit button held at its foot (DialogButtons), and a field
 * that takes the focus scrolls into view with its label above it and clear
 * of that foot (docs/decisions/209).
 */
export function AdminDialog({
	title,
	description,
	alert = false,
	children,
}: {
	title: string
	description?: ReactNode
	/** An alert dialog (a destructive confirmation). */
	alert?: boolean
	children: ReactNode
}) {
	const closeHref = useDialogCloseHref()
	const navigate = useNavigate()
	const titleId = useId()
	const descriptionId = useId()
	const dialogRef = useRef<HTMLDialogElement>(null)
	useModalFocus(dialogRef, useDialogAction())

	useEffect(() => {
		function closeOnEscape(event: KeyboardEvent) {
			if (event.key === 'Escape') navigate(closeHref, { preventScrollReset: true })
		}
		document.addEventListener('keydown', closeOnEscape)
		return () => document.removeEventListener('keydown', closeOnEscape)
	}, [closeHref, navigate])

	return (
		// !m-0: drawn inside the tab's spaced column (space-y), whose top margin would push a fixed overlay down.
		<div className="fixed inset-0 z-50 !m-0 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
			<Link
				to={closeHref}
				preventScrollReset
				aria-hidden="true"
				tabIndex={-1}
				className="fixed inset-0 cursor-default bg-gray-900/50"
			/>
			<dialog
				ref={dialogRef}
				open
				tabIndex={-1}
				role={alert ? 'alertdialog' : undefined}
				aria-modal="true"
				aria-labelledby={titleId}
				aria-describedby={description ? descriptionId : undefined}
				className="relative m-0 max-h-[calc(100vh-2rem)] w-full max-w-lg scroll-pb-28 scroll-pt-12 overflow-y-auto overscroll-contain rounded-xl border border-gray-200 bg-white px-6 pt-6 text-gray-900 shadow-xl focus:outline-none supports-[height:100dvh]:max-h-[calc(100dvh-2rem)]"
			>
				<h2 id={titleId} className="pr-8 text-lg font-semibold">
					{title}
				</h2>
				{description ? (
					<div id={descriptionId} className="mt-1 text-sm text-gray-600">
						{description}
					</div>
				) : null}
				<div className="mt-5">{children}</div>
				<Link
					to={closeHref}
					preventScrollReset
					aria-label="Close"
					className="absolute right-3 top-3 rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
				>
					<span aria-hidden="true">✕</span>
				</Link>
			</dialog>
		</div>
	)
}

/**
 * With JavaScript the dialog is modal the way WAI-ARIA's dialog pattern asks:
 * focus moves into it (to its autofocus field, else the dialog itself), the
 * page behind it is inert (Tab cannot wander off behind the backdrop), and
 * when it closes focus goes back to the link that opened it, or to <main>
 * when that link is gone (a deleted row).
 */
function useModalFocus(dialogRef: RefObject<HTMLElement>, openerHref: string) {
	const opener = useRef(openerHref)
	useEffect(() => {
		const dialog = dialogRef.current
		const overlay = dialog?.parentElement
		if (!dialog || !overlay) return
		const inerted = makeTheRestInert(overlay)
		if (!dialog.contains(document.activeElement)) dialog.focus()
		return () => {
			for (const element of inerted) element.inert = false
			if (document.activeElement && document.activeElement !== document.body) return
			const link = [...document.querySelectorAll<HTMLAnchorElement>('main a[href]')].find(
				// The opener's address as it is when the dialog closes, not when it opened: the ref is a string, not a node.
				// eslint-disable-next-line react-hooks/exhaustive-deps
				(candidate) => candidate.getAttribute('href') === opener.current,
			)
			;(link ?? document.getElementById(MAIN_ID))?.focus()
		}
	}, [dialogRef])
}

/** Makes everything but `keep` (and the notices, which must still be heard) inert; returns what it changed. */
function makeTheRestInert(keep: HTMLElement) {
	const changed: HTMLElement[] = []
	for (let node: HTMLElement | null = keep; node && node !== document.body; node = node.parentElement) {
		for (const sibling of node.parentElement?.children ?? []) {
			if (
				sibling === node ||
				!(sibling instanceof HTMLElement) ||
				sibling.inert ||
				sibling.matches('script, [data-toast-region]')
			)
				continue
			sibling.inert = true
			changed.push(sibling)
		}
	}
	return changed
}

/** Cancel (back to the tab) and the dialog's submit button, held at the foot of the dialog while its content scrolls. */
export function DialogButtons({ children, cancelLabel = 'Cancel' }: { children: ReactNode; cancelLabel?: string }) {
	return (
		<div className="sticky bottom-0 -mx-6 flex flex-wrap-reverse justify-end gap-2 border-t border-gray-100 bg-white px-6 pb-6 pt-3 [&>*]:flex-1 sm:[&>*]:flex-none">
			<ButtonLink to={useDialogCloseHref()} preventScrollReset variant="secondary">
				{cancelLabel}
			</ButtonLink>
			{children}
		</div>
	)
}

/** Conform for a dialog's form: the same zod schema as its action, and the action's last answer. */
export const useDialogForm = useConformForm

/**
 * A dialog around one form that posts back to the dialog's own route: CSRF
 * token, intent, form errors, Cancel and a submit button with its pending
 * label, and the notice of a refused post. A refused post (in the browser
 * with JavaScript, from the server without) shows each field's message, and
 * with JavaScript puts the focus on the first field to fix.
 */
export function FormDialog<Shape extends Record<string, unknown>>({
	title,
	description,
	alert,
	intent,
	form,
	submitLabel,
	pendingLabel,
	destructive = false,
	encType,
	children,
}: {
	title: string
	description?: ReactNode
	alert?: boolean
	/** Tells this dialog's post apart for the pending label. */
	intent: string
	form?: FormMetadata<Shape, string[]>
	submitLabel: string
	pendingLabel: string
	destructive?: boolean
	/** 'multipart/form-data' for a form that can carry a file. */
	encType?: 'multipart/form-data'
	children?: ReactNode
}) {
	const toast = useFormActionToast()
	const pending = useIsSubmitting(intent)
	return (
		<AdminDialog title={title} description={description} alert={alert}>
			<Form
				method="post"
				action={useDialogAction()}
				preventScrollReset
				className="space-y-4"
				{...(form ? getFormProps(form) : {})}
				encType={encType}
			>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value={intent} />
				{form ? <FormErrors errors={form.errors} /> : null}
				{children}
				<DialogButtons>
					{/* Never disabled (docs/decisions/209): a post with a required field empty says what is missing and focuses it. */}
					<StatusButton pending={pending} pendingLabel={pendingLabel} variant={destructive ? 'danger' : 'primary'}>
						{submitLabel}
					</StatusButton>
				</DialogButtons>
			</Form>
			<ActionToast toast={toast} />
		</AdminDialog>
	)
}

/** A dialog whose entity does not exist (an unknown or malformed id) says so over the tab. */
export function AdminDialogErrorBoundary() {
	const error = useRouteError()
	const notFound = isRouteErrorResponse(error) && error.status === 404
	// Refusals (an unknown id, an expired CSRF token, a form that could not be read) say `{ message }`.
	const data =
		isRouteErrorResponse(error) && typeof error.data === 'object' && error.data
			? (error.data as { message?: unknown })
			: {}
	const message = String(data.message ?? 'Something went wrong. Please try again.')
	if (!isRouteErrorResponse(error)) console.error(error)
	return (
		<AdminDialog title={notFound ? 'Not found' : 'Something went wrong'} description={message}>
			<DialogButtons cancelLabel="Back to the list">{null}</DialogButtons>
		</AdminDialog>
	)
}
