import { Form } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'

export function LogoutButton({
	className = '',
	children = 'Logout',
}: {
	className?: string
	children?: React.ReactNode
}) {
	return (
		<Form method="post" action="/logout">
			<AuthenticityTokenInput />
			<button type="submit" className={className}>
				{children}
			</button>
		</Form>
	)
}
