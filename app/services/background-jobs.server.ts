import { lapsedTrialsJob, trialEndingJob } from '~/services/billing/index.server'
import { eventRemindersJob } from '~/services/events/events.server'
import { type Job } from '~/platform/jobs.server'
import { mailOutboxJob } from '~/platform/mail/index.server'
import { newVideoAnnouncementsJob } from '~/services/catalogue/videos.server'
import { lessonDigestJob, privateMessageEmailsJob } from '~/services/notifications/emails.server'
import { mediaProcessingJob } from '~/services/media/processing.server'
import { programUnlocksJob } from '~/services/learning/program-progress.server'
import { pushNotificationsJob } from '~/services/notifications/push.server'
import { weeklyDigestJob } from '~/services/notifications/weekly-digest.server'
import { defaultMembershipsJob } from '~/services/community/memberships.server'
import { searchIndexJob } from '~/services/search/index-job.server'
import { podMatchingJob } from '~/services/pods/matching.server'
import { podWeeksJob } from '~/services/pods/pods.server'

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
	mediaProcessingJob,
	programUnlocksJob,
	pushNotificationsJob,
	weeklyDigestJob,
	defaultMembershipsJob,
	searchIndexJob,
	podMatchingJob,
	podWeeksJob,
]
