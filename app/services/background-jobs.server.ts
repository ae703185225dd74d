import { lapsedTrialsJob, trialEndingJob } from './billing/index.server'
import { eventRemindersJob } from './events.server'
import { type Job } from './jobs.server'
import { mailOutboxJob } from './mail/index.server'
import { newVideoAnnouncementsJob } from './videos.server'
import { lessonDigestJob, privateMessageEmailsJob } from './notification-emails.server'

/**
 * Every background job of the app; server.ts starts them once the database
 * is connected (docs/decisions/121). Add yours here.
 */
export const BACKGROUND_JOBS: Job[] = [
	mailOutboxJob,
	lapsedTrialsJob,
	eventRemindersJob,
	newVideoAnnouncementsJob,
	trialEndingJob,
	privateMessageEmailsJob,
	lessonDigestJob,
]
