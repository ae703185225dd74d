import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVER_ENTRY, SERVER_NODE_ARGS, serverArgs } from '../../scripts/server-command.mjs'

/** Production starts the server one way, whoever starts it (scripts/server-command.mjs, decision 080 "Memory"). */
describe('how the server is started', () => {
	it('npm start runs node with the same arguments as the demo, the tests and the bench', () => {
		const start: string = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start
		expect(start).toContain(`node ${serverArgs().join(' ')}`)
	})

	it('the Docker image runs node with the same arguments', () => {
		const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync('Dockerfile', 'utf8'))
		expect(cmd, 'the Dockerfile has a CMD in exec form').not.toBeNull()
		expect(JSON.parse(cmd![1]!)).toEqual(['node', ...SERVER_NODE_ARGS, SERVER_ENTRY])
	})
})
