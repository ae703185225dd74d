/** The question Delete Account asks with JavaScript, before the form is sent (product §2 "Profile"). */
export const DELETE_CONFIRMATION = 'Are you sure you want to delete your account? This action cannot be undone.'
