import { ServiceError } from '~/lib/service-error'
import { lessonMediaFileFor, resourceFileFor } from '~/services/catalogue/member-files.server'
import { getOptionalUserFromCookie } from '~/web/auth.server'

/**
 * GET /media/{file} and GET /resources/{file} (docs/decisions/134): who is
 * asking, from the session cookie, and which file they may have. server/app.ts
 * sends the file (with HTTP Range support) or the refusal.
 */
type MemberFileAnswer = { file: string } | { status: number; message: string }

const FINDERS = { media: lessonMediaFileFor, resources: resourceFileFor }

export async function findMemberFile(
	kind: keyof typeof FINDERS,
	name: string,
	cookieHeader: string | undefined,
): Promise<MemberFileAnswer> {
	const user = await getOptionalUserFromCookie(cookieHeader)
	try {
		return { file: await FINDERS[kind](user, name) }
	} catch (error) {
		if (error instanceof ServiceError) return { status: error.status, message: error.message }
		throw error
	}
}

/** Private files are cached by the member's browser only, and never re-encoded on the way (byte ranges must stay exact). */
export const MEMBER_FILE_CACHE_CONTROL = 'private, max-age=3600, no-transform'
