import { PREMIUM_BENEFITS } from '~/lib/subscription'

/** product §1's Premium benefits as a checklist. */
export function PremiumBenefits({ className = 'space-y-3' }: { className?: string }) {
	return (
		<ul className={className}>
			{PREMIUM_BENEFITS.map((benefit) => (
				<li key={benefit} className="flex items-start gap-2 text-sm text-gray-700">
					<span aria-hidden="true" className="text-green-600">
						✓
					</span>
					{benefit}
				</li>
			))}
		</ul>
	)
}
