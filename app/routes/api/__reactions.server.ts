import { json, type ActionFunctionArgs } from '@remix-run/node'
import { type ReactionTargetType } from '#models/index'
import { parseReactionKind } from '~/lib/discussions'
import { setReaction } from '~/services/discussions/reactions.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { jsonError, requireNumericId } from '~/web/http.server'

/**
 * PUT and DELETE /api/posts/{id}/reactions/{kind} and the same for comments:
 * the caller's reaction of that kind is given or taken back (idempotent);
 * the answer is the target's reactions, `{ reactions: [{ kind, label,
 * count, reacted, who }] }`. An unknown kind is a 404, like an unknown id.
 */
export function reactionRoute(type: ReactionTargetType) {
	const handle =
		(on: boolean) =>
		async ({ request, params }: ActionFunctionArgs) => {
			const user = await requireApiUser(request)
			const id = requireNumericId(params.id, type === 'post' ? 'Post' : 'Comment')
			const kind = parseReactionKind(params.kind)
			if (!kind) throw jsonError(404, 'Unknown reaction: use like, insightful or celebrate')
			return json({ reactions: await setReaction(user, { type, id }, kind, on) })
		}
	return apiRoute({ PUT: handle(true), DELETE: handle(false) })
}
