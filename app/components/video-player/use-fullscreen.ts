import { useEffect, useState, type RefObject } from 'react'
import { useToast } from '~/components/ui/toaster'

/**
 * Puts `element` in and out of fullscreen. Whether it is fullscreen is read
 * from the document's `fullscreenchange`, not from our own toggle: the
 * member can also leave with Esc or the browser's own controls. A refusal
 * (no support, no user gesture, a policy) shows 'Fullscreen Error' with the
 * browser's reason (product §8).
 */
export function useFullscreen(element: RefObject<HTMLElement>) {
	const { showToast } = useToast()
	const [isFullscreen, setIsFullscreen] = useState(false)

	useEffect(() => {
		const onChange = () => setIsFullscreen(document.fullscreenElement === element.current)
		document.addEventListener('fullscreenchange', onChange)
		return () => document.removeEventListener('fullscreenchange', onChange)
	}, [element])

	async function toggleFullscreen() {
		try {
			if (document.fullscreenElement) await document.exitFullscreen()
			else if (element.current?.requestFullscreen) await element.current.requestFullscreen()
			else throw new Error('Fullscreen is not supported by this browser.')
		} catch (error) {
			showToast({
				type: 'destructive',
				title: 'Fullscreen Error',
				description: error instanceof Error ? error.message : String(error),
			})
		}
	}

	return { isFullscreen, toggleFullscreen }
}
