/**
 * The member directory's profile fields (product §2 "Member directory"): the
 * limits the profile form draws. Its schema is in `member-schemas.ts`,
 * loaded by the page only when the form is used (docs/decisions/220).
 */
export const PROFILE_LIMITS = { headline: 100, location: 100, interests: 10, interest: 40 } as const
export const LINKEDIN_PREFIX = 'https://www.linkedin.com/'
