import { reactionRoute } from '~/routes/api/__reactions.server'

/** PUT and DELETE /api/comments/{id}/reactions/{kind}: the caller's reaction to a comment (product §7). */
export const { loader, action } = reactionRoute('comment')
