import { AdminTable, Cell, EmptyRow, LoadError, PanelHeader, SecondaryLink } from '~/components/admin/admin-table'
import { Badge } from '~/components/ui/badge'
import { formatDateTime } from '~/lib/dates'

/** One pod as the Pods tab lists it: figures only, never a word of its check-ins or chat (decision 215). */
export interface PodsPanelRow {
	id: number
	name: string
	programTitle: string
	state: 'active' | 'finished' | 'dissolved'
	size: number
	week: number
	checkInRate: number
	lastActivityAt: string
}

const COLUMNS = ['Pod', 'Program', 'State', 'Members', 'Week', 'Check-in rate', 'Last activity', 'Actions']

export function PodsPanel({ pods, error, timeZone }: { pods: PodsPanelRow[]; error: string | null; timeZone: string }) {
	return (
		<div className="space-y-4">
			<PanelHeader
				title="Peer pods"
				subtitle="Pods by program, with their figures. What members write in a pod is read only through a report."
			/>
			{error ? <LoadError retryHref="/admin?tab=pods">{error}</LoadError> : null}
			<AdminTable caption="Peer pods" columns={COLUMNS}>
				{pods.length === 0 ? (
					<EmptyRow columns={COLUMNS.length}>No pods yet</EmptyRow>
				) : (
					pods.map((pod) => (
						<tr key={pod.id}>
							<Cell className="font-medium text-gray-900">{pod.name}</Cell>
							<Cell>{pod.programTitle}</Cell>
							<Cell>
								<Badge tone={pod.state === 'active' ? 'blue' : 'green'}>
									{pod.state === 'active' ? 'Running' : 'Finished'}
								</Badge>
							</Cell>
							<Cell>{pod.size}</Cell>
							<Cell>{pod.week}</Cell>
							<Cell>{`${pod.checkInRate}%`}</Cell>
							<Cell>{formatDateTime(pod.lastActivityAt, timeZone)}</Cell>
							<Cell>
								{pod.state === 'active' ? (
									<div className="flex flex-wrap gap-2">
										<SecondaryLink compact to={`/admin/pods/${pod.id}/move`} label={`Move a member of ${pod.name}`}>
											Move a member
										</SecondaryLink>
										<SecondaryLink compact to={`/admin/pods/${pod.id}/dissolve`} label={`Dissolve ${pod.name}`}>
											Dissolve
										</SecondaryLink>
									</div>
								) : null}
							</Cell>
						</tr>
					))
				)}
			</AdminTable>
		</div>
	)
}
