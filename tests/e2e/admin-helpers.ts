import { expect, type Page } from '@playwright/test'

/** Helpers for the administration panel's end-to-end tests. */

/** The table row that mentions `text`. */
export function row(page: Page, text: string) {
	return page.getByRole('row').filter({ hasText: text })
}

/** The dialog drawn over the panel (an alert dialog for destructive confirmations). */
export function dialog(page: Page, name: string, role: 'dialog' | 'alertdialog' = 'dialog') {
	return page.getByRole(role, { name })
}

/** A notice (toast) with this title is on screen. */
export async function expectNotice(page: Page, title: string) {
	await expect(page.getByTestId('toast').filter({ hasText: title })).toBeVisible()
}

export async function openAdminTab(page: Page, tab: 'Users' | 'Content' | 'Communities' | 'Events' | 'Resources') {
	await page.goto('/admin')
	await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: tab }).click()
	await expect(page).toHaveURL(new RegExp(`/admin\\?tab=${tab === 'Content' ? 'content' : tab.toLowerCase()}$`))
}

/** Edits the row's entity through its edit dialog: opens it, lets `fill` change fields, saves. */
export async function editRow(
	page: Page,
	label: string,
	dialogName: string,
	fill: (dialog: ReturnType<typeof page.getByRole>) => Promise<void>,
) {
	await row(page, label)
		.getByRole('link', { name: `Edit ${label}` })
		.click()
	const edit = dialog(page, dialogName)
	await fill(edit)
	await edit.getByRole('button', { name: 'Save Changes' }).click()
}

/** Deletes the row's entity through its confirmation dialog and checks the row is gone. */
export async function deleteRow(
	page: Page,
	label: string,
	confirmation: { name: string; text: string; button: string; role?: 'dialog' | 'alertdialog' },
) {
	await row(page, label)
		.getByRole('link', { name: `Delete ${label}` })
		.click()
	const confirm = dialog(page, confirmation.name, confirmation.role ?? 'alertdialog')
	await expect(confirm).toContainText(confirmation.text)
	await confirm.getByRole('button', { name: confirmation.button, exact: true }).click()
	await expect(row(page, label)).toHaveCount(0)
}
