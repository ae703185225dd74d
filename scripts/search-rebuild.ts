/**
 * `npm run search:rebuild` (in the Docker image: `node build-server/search-rebuild.js`):
 * reads every searchable document of the database at MONGODB_URI again and
 * replaces its terms in the global search's index (docs/decisions/166).
 * Idempotent: run it as often as you like. The `search-index` job builds the
 * index by itself when it was never built; this does it now, to the end.
 */
import { connectDatabase, disconnectDatabase } from '~/platform/database.server'
import { rebuildSearchIndex } from '~/services/search/index-job.server'

const uri = process.env.MONGODB_URI
if (!uri) {
	console.error('Set MONGODB_URI to the database whose search index to rebuild.')
	process.exit(1)
}
const startedAt = Date.now()
try {
	await connectDatabase(uri)
	await rebuildSearchIndex()
	await disconnectDatabase()
} catch (error) {
	console.error(`Rebuilding the search index failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
console.log(`The search index is rebuilt (${((Date.now() - startedAt) / 1000).toFixed(1)} s).`)
