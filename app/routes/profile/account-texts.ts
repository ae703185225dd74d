import { type ToastInput } from '~/lib/toast'

export const DELETE_CONFIRMATION = 'Are you sure you want to delete your account? This action cannot be undone.'
export const DELETE_NOTICE: ToastInput = { title: 'Delete Account', description: 'Account deletion is not implemented in this demo.' }
