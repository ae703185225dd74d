import { FileStore } from '@tus/file-store'
import { singleton } from '~/platform/singleton.server'

/**
 * Where tus uploads are written while they arrive (the `incoming` folder of
 * the media storage): @tus/file-store keeps each upload's bytes in a file
 * named by its id, and what the upload is (length, metadata) beside it in
 * `{id}.json`. An upload left unfinished for a day is deleted by the
 * media-processing job (`deleteExpired`).
 */
export const UNFINISHED_UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000

const stores = singleton('tus-upload-stores', () => new Map<string, FileStore>())

export function uploadStoreAt(directory: string): FileStore {
	let store = stores.get(directory)
	if (!store) {
		store = new FileStore({ directory, expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_KEPT_MS })
		stores.set(directory, store)
	}
	return store
}
