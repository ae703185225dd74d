import { Form, useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { openLiveSocket, type LiveSocket } from '~/components/live-socket'
import { Badge, type BadgeTone } from '~/components/ui/badge'
import { ProgressBar } from '~/components/ui/progress-bar'
import { ServerToClient } from '~/lib/live-events'
import { mediaStateLabel, type MediaState, type MediaStatusJSON } from '~/lib/media'

/**
 * Where a lesson's upload is, in the admin table (docs/decisions/176):
 * processing with its percent, ready, or failed with the reason and 'Retry'
 * (a form: it works without JavaScript). With JavaScript the page hears the
 * `media_processing` events of the live protocol and the cell follows them;
 * when an upload becomes ready or fails, the table is loaded again (its
 * duration and thumbnail came with it). What changed before the page's socket
 * joined, or while it was down, was not heard: each time it connects, an
 * upload still drawn unsettled has the table read again.
 */
export function MediaStateCell({
	videoId,
	initial,
	retryAction,
}: {
	videoId: number
	initial: MediaStatusJSON
	/** Where 'Retry' posts: /admin/videos/{id}/retry, with the tab's search and page. */
	retryAction: string
}) {
	const heard = useSyncExternalStore(
		subscribe,
		() => heardStatuses.get(videoId),
		() => undefined,
	)
	const connection = useSyncExternalStore(
		subscribe,
		() => connections,
		() => 0,
	)
	const status = heard ?? initial
	useReloadWhenSettled(heard?.state)
	useReloadWhenConnected(connection, status.state)
	return (
		<div className="min-w-32 space-y-1">
			<Badge tone={TONES[status.state]}>{mediaStateLabel(status)}</Badge>
			{status.state === 'processing' ? (
				<ProgressBar value={status.percent} label={`Processing ${status.fileName}`} />
			) : null}
			{status.state === 'failed' ? (
				<>
					{status.error ? <p className="max-w-64 text-xs text-red-700">{status.error}</p> : null}
					<Form method="post" action={retryAction} preventScrollReset>
						<AuthenticityTokenInput />
						<button
							type="submit"
							aria-label={`Retry processing ${status.fileName}`}
							className="rounded-md border border-gray-300 bg-white px-2 py-1 text-xs font-semibold text-gray-700 shadow-sm hover:bg-gray-50"
						>
							Retry
						</button>
					</Form>
				</>
			) : null}
		</div>
	)
}

const TONES: Record<MediaState, BadgeTone> = {
	uploaded: 'gray',
	processing: 'blue',
	ready: 'green',
	failed: 'red',
}

/**
 * Reloads the table once an upload heard live becomes ready or fails (not for
 * the state it was drawn with). Never in the middle of a navigation (a Retry
 * just sent): a reload then restarts the navigation's loads, and the notice
 * its answer carries (a flash cookie, read once) would be lost; it waits for
 * the navigation to end.
 */
function useReloadWhenSettled(state: MediaState | undefined) {
	const last = useRef(state)
	const [due, setDue] = useState(false)
	useEffect(() => {
		if (state !== last.current && (state === 'ready' || state === 'failed')) setDue(true)
		last.current = state
	}, [state])
	useReloadWhenDue(due, setDue)
}

/**
 * Reloads the table when the page's socket has connected (again) while an
 * upload is drawn uploaded or processing: it may have become ready or failed
 * before the socket heard anything. One cell asks per connection.
 */
function useReloadWhenConnected(connection: number, state: MediaState) {
	const [due, setDue] = useState(false)
	useEffect(() => {
		if (connection === 0 || connection === reloadedForConnection) return
		if (state === 'ready' || state === 'failed') return
		reloadedForConnection = connection
		setDue(true)
	}, [connection, state])
	useReloadWhenDue(due, setDue)
}

function useReloadWhenDue(due: boolean, setDue: (due: boolean) => void) {
	const revalidator = useRevalidator()
	const navigation = useNavigation()
	useEffect(() => {
		if (!due || navigation.state !== 'idle' || revalidator.state !== 'idle') return
		setDue(false)
		revalidator.revalidate()
	}, [due, setDue, navigation.state, revalidator])
}

// One socket for every cell of the page, open while one of them is drawn.
const heardStatuses = new Map<number, MediaStatusJSON>()
const listeners = new Set<() => void>()
let socket: Promise<LiveSocket | null> | null = null
/** How many times the page's socket has connected, and the connection a reload was last asked for. */
let connections = 0
let reloadedForConnection = 0

function notifyAll() {
	for (const notify of listeners) notify()
}

function subscribe(listener: () => void): () => void {
	listeners.add(listener)
	socket ??= openLiveSocket(() => listeners.size > 0).then((opened) => {
		opened?.on('connect', () => {
			// The reload this asks for reads every state afresh; what was heard before may be older than it.
			heardStatuses.clear()
			connections += 1
			notifyAll()
		})
		opened?.on(ServerToClient.media_processing, (event) => {
			if (event.videoId === null) return
			heardStatuses.set(event.videoId, event)
			notifyAll()
		})
		return opened
	})
	return () => {
		listeners.delete(listener)
		if (listeners.size > 0) return
		const closing = socket
		socket = null
		heardStatuses.clear()
		void closing?.then((opened) => opened?.disconnect())
	}
}
