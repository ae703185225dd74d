/**
 * The forms' schemas, and the intents an action tells its forms apart by,
 * as route modules' actions import them. A `.server`
 * module is empty in the browser build, so an action's import of a schema
 * leaves no import of zod in the page's scripts: esbuild keeps a shared
 * chunk's import in a route's chunk even when the only code that used it
 * (the action) was dropped. The form itself loads the same schema when the
 * member first uses it (`useConformForm`'s `schema`, docs/decisions/220).
 */
export { PasswordResetFormSchema, PasswordResetRequestSchema } from '~/lib/account-schemas'
export { CaptionsFormSchema, ChaptersFormSchema, RemoveCaptionsSchema } from '~/lib/caption-schemas'
export { ContactSchema } from '~/lib/contact-schemas'
export { NewPostFormSchema } from '~/lib/discussion-schemas'
export { OpenNotificationFormSchema } from '~/lib/engagement-schemas'
export { BlockFormSchema } from '~/lib/member-card'
export { PostReportFormSchema } from '~/lib/moderation-schemas'
export { DeleteNoteFormSchema, EditNoteFormSchema, NoteFormSchema } from '~/lib/note-schemas'
export { NOTE_INTENTS } from '~/lib/notes'
export {
	CheckInIdFormSchema,
	CheckInSchema,
	EditCheckInFormSchema,
	JoinPodQueueSchema,
	PodNameSchema,
	PodReplyFormSchema,
} from '~/lib/pod-schemas'
export { CheckFormSchema, ReflectionSchema } from '~/lib/program-schemas'
export { EmptyFormSchema, LoginSchema, SignupFormSchema } from '~/lib/schemas'
