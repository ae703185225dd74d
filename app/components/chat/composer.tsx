import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ErrorList, FormOnceInput } from '~/components/forms'
import { useConformForm } from '~/components/use-conform-form'
import { MESSAGE_MAX_LENGTH } from '~/lib/chat'

/**
 * The chat's composer, with Conform: a part of the chat panel with its own
 * code (decision 254), so the room page and Messages hydrate without waiting
 * for Conform. Its props keep their identity (the page's strings, useChat's
 * callbacks); whether the page has hydrated it asks itself.
 */

/**
 * Whether the primary pointer is a finger (a phone or a tablet): there the
 * on-screen keyboard's Enter is the only way to start a new line, so it must
 * not send (docs/decisions/207). False on the server and until hydrated.
 */
function useTouchScreen() {
	const [touchScreen, setTouchScreen] = useState(false)
	useEffect(() => {
		const coarse = window.matchMedia('(pointer: coarse)')
		const update = () => setTouchScreen(coarse.matches)
		update()
		coarse.addEventListener('change', update)
		return () => coarse.removeEventListener('change', update)
	}, [])
	return touchScreen
}

export function Composer({
	action,
	formOnce,
	placeholder,
	send,
	reportTyping,
}: {
	action: string
	formOnce: string
	placeholder: string
	send: (content: string) => Promise<boolean>
	reportTyping: (isTyping: boolean) => void
}) {
	const hydrated = useHydrated()
	const [form, fields] = useConformForm({
		id: 'chat-form',
		schema: loadChatFormSchema,
	})
	const [text, setText] = useState(() => {
		const initial = typeof fields.content.initialValue === 'string' ? fields.content.initialValue : ''
		// Hydrating the server's box (not drawing a new one): what the member typed into it meanwhile is kept,
		// else the first render after hydration would set the box back to the empty text.
		if (hydrated || typeof document === 'undefined') return initial
		const box = document.getElementById(fields.content.id)
		return box instanceof HTMLTextAreaElement ? box.value : initial
	})
	const errorId = fields.content.errors?.length ? `${fields.content.id}-error` : undefined

	// A send waiting for the composer's schema: a second Enter meanwhile is not a second message.
	const checking = useRef(false)
	async function sendLive(event?: FormEvent) {
		event?.preventDefault()
		if (checking.current) return
		checking.current = true
		const content = text
		// Cleared within the key's own event, so the next key sees the empty box: given back if it is refused.
		setText('')
		let valid = true
		try {
			// The form's own schema, loaded with the form on first use (decision 220): empty or whitespace-only
			// messages are not sent (product §5). Not loaded (offline): the server checks it with the same schema.
			valid = await loadChatFormSchema().then(
				(schema) => schema.safeParse({ content }).success,
				() => true,
			)
		} finally {
			checking.current = false
		}
		if (!valid) {
			setText((current) => (current === '' ? content : current))
			return
		}
		reportTyping(false)
		const sent = await send(content)
		// Not delivered: give the text back unless something new was typed meanwhile.
		if (!sent) setText((current) => (current === '' ? content : current))
	}

	const touchScreen = useTouchScreen()
	function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
		// product §2: Enter sends and Shift+Enter starts a new line; on a touch screen Enter starts a new line and
		// Send (or Ctrl/Cmd+Enter from a keyboard) sends. An IME composition is left alone.
		if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
		if (touchScreen ? !(event.ctrlKey || event.metaKey) : event.shiftKey) return
		event.preventDefault()
		void sendLive()
	}

	return (
		<Form
			method="post"
			action={action}
			preventScrollReset
			{...getFormProps(form)}
			onSubmit={hydrated ? sendLive : undefined}
		>
			<AuthenticityTokenInput />
			<FormOnceInput token={formOnce} />
			<div className="flex items-end gap-2">
				<label htmlFor={fields.content.id} className="sr-only">
					Message
				</label>
				<textarea
					id={fields.content.id}
					name={fields.content.name}
					value={text}
					onChange={(event) => {
						setText(event.target.value)
						reportTyping(event.target.value.length > 0)
					}}
					onKeyDown={hydrated ? onKeyDown : undefined}
					rows={2}
					maxLength={MESSAGE_MAX_LENGTH}
					placeholder={placeholder}
					aria-invalid={errorId ? true : undefined}
					aria-describedby={errorId}
					className="block max-h-40 min-h-[2.75rem] w-full resize-y rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid]:border-red-500"
				/>
				<button
					type="submit"
					className="inline-flex h-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
				>
					Send
				</button>
			</div>
			<ErrorList id={errorId} errors={fields.content.errors} />
			<ErrorList errors={form.errors} />
			{hydrated && !touchScreen ? (
				<p className="mt-1 text-xs text-gray-500">Enter to send, Shift+Enter for a new line</p>
			) : null}
		</Form>
	)
}

const loadChatFormSchema = () => import('~/lib/chat-schemas').then((m) => m.ChatFormSchema)
