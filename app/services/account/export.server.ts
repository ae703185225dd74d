import { UserModel } from '#models/index'
import { notFound } from '~/lib/service-error'
import { PERSONAL_DATA } from '~/services/account/personal-data.server'
import { assertExportAllowed } from '~/services/export-limit.server'

/**
 * "Download my data" and GET /api/users/me/export (product §2 "Profile",
 * §7): everything the app keeps about the member, as one JSON document.
 * Nothing about anyone else is in it beyond the names of the people they
 * wrote to and of the rooms they wrote in (docs/decisions/125).
 *
 * The sections, their order and their shape come from the registry of
 * personal data (personal-data.server.ts, docs/decisions/097): a feature that
 * keeps something of a member's adds its entry there.
 */
export interface AccountExport {
	exportedAt: string
	[section: string]: unknown
}

export async function exportAccountData(userId: number): Promise<AccountExport> {
	if (!(await UserModel.exists({ id: userId }))) throw notFound('User not found')
	await assertExportAllowed(userId)
	const data: AccountExport = { exportedAt: new Date().toISOString() }
	for (const { export: rule } of PERSONAL_DATA) if ('section' in rule) data[rule.section] = await rule.collect(userId)
	return data
}
