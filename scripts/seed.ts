/**
 * `npm run seed`: fills the database at MONGODB_URI with the demo data.
 * Idempotent: run it as often as you like. (The embedded default database
 * used by `npm run demo` and `npm run dev` seeds itself when empty.)
 */
import { connectDatabase, disconnectDatabase } from '~/platform/database.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '~/demo/data.server'

const uri = process.env.MONGODB_URI
if (!uri) {
	console.error('Set MONGODB_URI to the database to seed (the embedded default seeds itself when empty).')
	process.exit(1)
}
try {
	await connectDatabase(uri)
	await seedDemoData()
	await disconnectDatabase()
} catch (error) {
	console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
console.log(
	`Demo data is in place. Accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')}`,
)
