/**
 * @username mentions in community messages (product §2 "Chat panel"): the
 * server notifies the members it names, and the chat shows them highlighted.
 * Usernames are 3 to 32 letters, digits, dots, dashes and underscores
 * (product §5); a mention starts at the beginning of the text or after a
 * character that cannot be part of a username, so "ada@example.com" is no
 * mention. A trailing dot ends a sentence, not the name.
 */
const MENTION = /(^|[^A-Za-z0-9._@-])@([A-Za-z0-9._-]{3,32})/g

export type MessagePart = { text: string; mention?: undefined } | { text: string; mention: string }

function usernameOf(match: string): string {
	return match.replace(/\.+$/, '')
}

/** The text cut into plain parts and mentions ("@ada"), in order; the parts joined give the text back. */
export function splitMentions(text: string): MessagePart[] {
	const parts: MessagePart[] = []
	let last = 0
	for (const match of text.matchAll(MENTION)) {
		const username = usernameOf(match[2]!)
		if (username.length < 3) continue
		const start = match.index! + match[1]!.length
		if (start > last) parts.push({ text: text.slice(last, start) })
		parts.push({ text: `@${username}`, mention: username })
		last = start + 1 + username.length
	}
	if (last < text.length) parts.push({ text: text.slice(last) })
	return parts
}

/** The usernames a text mentions, lower-cased (usernames are unique ignoring case), each once. */
export function mentionedUsernames(text: string): string[] {
	const names = splitMentions(text).flatMap((part) => (part.mention ? [part.mention.toLowerCase()] : []))
	return [...new Set(names)]
}
