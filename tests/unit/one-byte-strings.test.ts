import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Decision 242: what the three escapers of a page make from a text that held
 * a character beyond Latin-1 (React's text and attributes, Remix's page data,
 * a member's Markdown) is a one-byte string, so the document they end up in
 * is one too. Only V8 can tell a string's representation, so a child process
 * started with --allow-natives-syntax prints each one's type (PROBE), and
 * this test reads the types.
 */
const PROBE = 'tests/unit/probes/string-representations.ts'

/** Each case's V8 string type, e.g. "CONS_ONE_BYTE_STRING_TYPE", in a process with NODE_ENV as given. */
function representations(nodeEnv: 'production' | 'development') {
	// A file, not a pipe: Node makes a pipe non-blocking, and V8's writes to it can be lost.
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'one-byte-'))
	const file = path.join(directory, 'output.txt')
	let output: string
	try {
		const descriptor = fs.openSync(file, 'w')
		try {
			execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', PROBE], {
				cwd: process.cwd(),
				env: { ...process.env, NODE_ENV: nodeEnv },
				stdio: ['ignore', descriptor, 'inherit'],
			})
		} finally {
			fs.closeSync(descriptor)
		}
		output = fs.readFileSync(file, 'utf8')
	} finally {
		fs.rmSync(directory, { recursive: true, force: true })
	}
	const labels = JSON.parse(output.match(/^LABELS (.*)$/m)![1]!) as string[]
	const types = [...output.matchAll(/^ - type: (\w+)/gm)].map((match) => match[1]!)
	expect(types).toHaveLength(labels.length)
	return new Map(labels.map((label, index) => [label, types[index]!]))
}

describe.each(['production', 'development'] as const)('escaped text in a %s build', (nodeEnv) => {
	it('is a one-byte string once a character beyond Latin-1 is written as a reference', () => {
		const types = representations(nodeEnv)
		expect(types.get('a slice of the typed text (the probe sees two-byte strings)')).toMatch(/TWO_BYTE/)
		for (const label of ["React's text", "React's attribute", "Remix's page data", 'Markdown'])
			expect([label, types.get(label)]).toEqual([label, expect.stringMatching(/ONE_BYTE/)])
	})
})
