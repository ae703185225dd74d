import net from 'node:net'
import { getOptionalUser } from '~/web/auth.server'
import { clientAddressOf, type ClientContext } from '~/web/client.server'

/**
 * The caught mail (`/dev/mail`, `GET /api/dev/mail`) holds every reset link
 * the demo sent: it is shown on this computer (a loopback client: the
 * operator's own browser or the tests), or to an admin anywhere
 * (docs/decisions/200). Someone else on the network of a demo shared with
 * HOST=0.0.0.0 gets a 403. A web page in the operator's browser that points
 * a name of its own here (DNS rebinding) never gets this far: the host gate
 * (server/gates.ts) refuses it.
 */
const loopback = new net.BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

export const CAUGHT_MAIL_REFUSED = 'The caught mail is shown on the computer running the demo, or to an admin.'

function isLoopbackAddress(address: string): boolean {
	const plain = address.startsWith('::ffff:') ? address.slice(7) : address
	const family = net.isIP(plain)
	return family !== 0 && loopback.check(plain, family === 4 ? 'ipv4' : 'ipv6')
}

export async function mayReadCaughtMail(request: Request, context: ClientContext): Promise<boolean> {
	if (isLoopbackAddress(clientAddressOf(context))) return true
	return (await getOptionalUser(request))?.role === 'admin'
}
