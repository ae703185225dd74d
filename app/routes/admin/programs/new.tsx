import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { action as catalogueAction, loader as catalogueLoader } from '~/routes/admin/$kind/new'

/**
 * /admin/programs/new: the catalogue's add dialog (../$kind/new.tsx) for programs, as a path of its own.
 * `admin/:kind/new` and the program outline's `admin/programs/:id` rank equal for this address; the server
 * takes the first in the route table, but a browser that discovers routes as it goes (decision 229) may know
 * the outline first and open "new" as a program's outline. A static path outranks both everywhere.
 */
export { default, ErrorBoundary, handle } from '~/routes/admin/$kind/new'

const asPrograms = <Args extends { params: LoaderFunctionArgs['params'] }>(args: Args): Args => ({
	...args,
	params: { ...args.params, kind: 'programs' },
})

export const loader = (args: LoaderFunctionArgs) => catalogueLoader(asPrograms(args))
export const action = (args: ActionFunctionArgs) => catalogueAction(asPrograms(args))
