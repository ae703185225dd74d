import net from 'node:net'

/**
 * A TCP proxy on loopback between the server and its database, so a test can
 * take the database away and give it back while both processes keep running
 * (the embedded CongoDB cannot be restarted with its data).
 *
 * - `cut('reset')`: every open connection is closed and new ones are closed
 *   at once, as when the database process is gone.
 * - `cut('silent')`: nothing passes any more, but connections stay open
 *   (a network partition: requests wait instead of failing).
 * - `restore()`: new connections go through again; silent ones resume.
 */
export type CutMode = 'reset' | 'silent'

export interface TcpProxy {
	port: number
	cut: (mode?: CutMode) => void
	restore: () => void
	/** Connections currently open through the proxy. */
	openConnections: () => number
	close: () => Promise<void>
}

interface Link {
	client: net.Socket
	upstream: net.Socket | null
	/** Bytes that arrived while nothing passed, each way: TCP delivers them late, not never. */
	held: Buffer[]
	heldBack: Buffer[]
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
	let state: 'open' | CutMode = 'open'
	const links = new Set<Link>()

	function drop(link: Link) {
		links.delete(link)
		link.client.destroy()
		link.upstream?.destroy()
	}

	function connectUpstream(link: Link) {
		const upstream = net.connect(target.port, target.host)
		link.upstream = upstream
		upstream.on('data', (chunk) => {
			if (state === 'open') link.client.write(chunk)
			else link.heldBack.push(chunk)
		})
		upstream.on('error', () => drop(link))
		upstream.on('close', () => drop(link))
		for (const chunk of link.held.splice(0)) upstream.write(chunk)
	}

	const server = net.createServer((client) => {
		if (state === 'reset') return void client.destroy()
		const link: Link = { client, upstream: null, held: [], heldBack: [] }
		links.add(link)
		client.on('data', (chunk) => {
			if (state === 'open' && link.upstream) link.upstream.write(chunk)
			else link.held.push(chunk)
		})
		client.on('error', () => drop(link))
		client.on('close', () => drop(link))
		if (state === 'open') connectUpstream(link)
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(0, '127.0.0.1', resolve)
	})
	const port = (server.address() as net.AddressInfo).port

	return {
		port,
		cut(mode = 'reset') {
			state = mode
			if (mode === 'reset') for (const link of [...links]) drop(link)
		},
		restore() {
			state = 'open'
			for (const link of links) {
				if (!link.upstream) connectUpstream(link)
				else for (const chunk of link.held.splice(0)) link.upstream.write(chunk)
				for (const chunk of link.heldBack.splice(0)) link.client.write(chunk)
			}
		},
		openConnections: () => links.size,
		close: () =>
			new Promise<void>((resolve) => {
				for (const link of [...links]) drop(link)
				server.close(() => resolve())
			}),
	}
}
