import { reactionRoute } from '~/routes/api/__reactions.server'

/** PUT and DELETE /api/posts/{id}/reactions/{kind}: the caller's reaction to a post (product §7). */
export const { loader, action } = reactionRoute('post')
