import { type ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'

/** The frame of each profile tab: a card with its title and what it is for. */
export function TabCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
	return (
		<Card>
			<CardHeader>
				<CardTitle>{title}</CardTitle>
				<p className="text-sm text-gray-600">{description}</p>
			</CardHeader>
			<CardContent>{children}</CardContent>
		</Card>
	)
}
