/** The Join and Leave forms of /community and /community/{id} (product §2 "Communities"). */
export const MEMBERSHIP_INTENTS = { join: 'join-community', leave: 'leave-community' } as const
