import fs from 'node:fs'

/** Debian's Chromium: the only browser the tests and the Lighthouse script use (none is downloaded). */
export const CHROMIUM_PATH = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => fs.existsSync(path))

/** Flags for Chromium in a container without a GPU or a sandbox, quiet on the network. */
export const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-dev-shm-usage',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	'--disable-quic',
]
