import { execFileSync } from 'node:child_process'
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

	it("the server's young generation stays at the size its heap cap was tuned with (decision 253)", () => {
		// A busy server's garbage, made in a node started as the server is: the
		// young generation grows to its largest, which Node 24 would otherwise
		// let reach 128 MiB (two semi-spaces of 64 MiB).
		const youngGenerationBytes = Number(
			execFileSync(
				process.execPath,
				[
					...SERVER_NODE_ARGS,
					'-e',
					`let kept = []
					for (let i = 0; i < 3e6; i++) {
						const made = { i, text: 'x' + i, list: [i] }
						if (i % 3 === 0) kept.push(made)
						if (kept.length > 200000) kept = []
					}
					const young = require('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
					process.stdout.write(String(young.space_size))`,
				],
				{ encoding: 'utf8' },
			),
		)
		expect(youngGenerationBytes).toBeGreaterThan(0)
		expect(youngGenerationBytes).toBeLessThanOrEqual(2 * 16 * 1024 * 1024 + 2 * 1024 * 1024)
	})
})
