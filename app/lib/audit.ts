/**
 * The kinds of audit log entries (product §6 "Audit log"), shared by the
 * service that writes them and the admin panel's filter. A kind is
 * `{what}.{what happened}`.
 */
export const AUDIT_KINDS = [
	'user.role_changed',
	'video.created',
	'video.updated',
	'video.deleted',
	'community.created',
	'community.updated',
	'community.deleted',
	'event.created',
	'event.updated',
	'event.deleted',
	'resource.created',
	'resource.updated',
	'resource.deleted',
	'program.created',
	'program.updated',
	'program.deleted',
	'program.outline_changed',
	'certificate.issued',
	'certificate.revoked',
	'message.deleted',
	'pod.member_moved',
	'pod.dissolved',
	'check_in.removed',
	'post.removed',
	'comment.removed',
	'post.pinned',
	'post.unpinned',
	'post.locked',
	'post.unlocked',
	'member.muted',
	'member.unmuted',
	'report.resolved',
	'subscription.status_changed',
	'account.deleted',
] as const
export type AuditKind = (typeof AUDIT_KINDS)[number]

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
	'user.role_changed': 'Role changed',
	'video.created': 'Video added',
	'video.updated': 'Video edited',
	'video.deleted': 'Video deleted',
	'community.created': 'Community added',
	'community.updated': 'Community edited',
	'community.deleted': 'Community deleted',
	'event.created': 'Event created',
	'event.updated': 'Event edited',
	'event.deleted': 'Event deleted',
	'resource.created': 'Resource added',
	'resource.updated': 'Resource edited',
	'resource.deleted': 'Resource deleted',
	'program.created': 'Program added',
	'program.updated': 'Program edited',
	'program.deleted': 'Program deleted',
	'program.outline_changed': 'Program outline changed',
	'certificate.issued': 'Certificate issued',
	'certificate.revoked': 'Certificate revoked',
	'message.deleted': 'Message removed',
	'pod.member_moved': 'Pod member moved',
	'pod.dissolved': 'Pod dissolved',
	'check_in.removed': 'Check-in removed',
	'post.removed': 'Post removed',
	'comment.removed': 'Comment removed',
	'post.pinned': 'Post pinned',
	'post.unpinned': 'Post unpinned',
	'post.locked': 'Post locked',
	'post.unlocked': 'Post unlocked',
	'member.muted': 'Member muted',
	'member.unmuted': 'Mute lifted',
	'report.resolved': 'Report resolved',
	'subscription.status_changed': 'Subscription changed',
	'account.deleted': 'Account deleted',
}

export function isAuditKind(value: unknown): value is AuditKind {
	return typeof value === 'string' && (AUDIT_KINDS as readonly string[]).includes(value)
}

/** Audit log entries per page (/admin?tab=audit and GET /api/admin/audit-log). */
export const AUDIT_PAGE_SIZE = 50

/** The name the log gives automatic changes (a webhook, a lapsed trial). */
export const SYSTEM_ACTOR_NAME = 'System'
