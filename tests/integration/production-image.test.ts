import fs from 'node:fs'
import { builtinModules } from 'node:module'
import { init, parse } from 'es-module-lexer'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The Docker image runs the built server with production dependencies only
 * (`npm ci --omit=dev`, Dockerfile). A package the built code imports that
 * sits in devDependencies works in every test here and fails only in the
 * image, at start-up or worse on the first request that needs it. So: every
 * package the built bundles import must be a production dependency.
 */

const BUNDLES = ['build/index.js', 'build-server/server.js', 'build-server/seed.js', 'build-server/search-rebuild.js']
const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }

/** `@scope/name/deep/path` → `@scope/name`, `name/deep` → `name`. */
function packageName(specifier: string) {
	const parts = specifier.split('/')
	return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

/**
 * The packages a bundle imports, read by a real module lexer: a pattern over
 * the text also matched words inside bundled strings and templates (a
 * lesson's own source text once read as `from "if"`).
 */
function importedPackages(file: string) {
	const [imports] = parse(fs.readFileSync(file, 'utf8'))
	const specifiers = imports.map((entry) => entry.n).filter((name): name is string => Boolean(name))
	return [
		...new Set(
			specifiers
				.filter((specifier) => !/^[./]/.test(specifier))
				.filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier))
				.map(packageName),
		),
	].sort()
}

describe('the production image', () => {
	beforeAll(async () => {
		await init
	})

	for (const bundle of BUNDLES) {
		it(`has every package that ${bundle} imports among the production dependencies`, () => {
			const imported = importedPackages(bundle)
			// The bundles are built before the tests (npm test); an empty list would mean the pattern broke.
			expect(imported).toContain('mongoose')
			expect(imported.filter((name) => !(name in packageJson.dependencies))).toEqual([])
		})
	}
})

describe('the patched packages (patches/, docs/decisions/191)', () => {
	const dockerfile = fs.readFileSync('Dockerfile', 'utf8')
	const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts

	it('are patched by every install, the image’s production-only one included', () => {
		expect(scripts.postinstall).toBe('patch-package')
		expect(packageJson.dependencies).toHaveProperty('patch-package')
	})

	it('have their patches in the image before each npm ci runs', () => {
		const installs = [...dockerfile.matchAll(/^RUN npm ci.*$/gm)]
		expect(installs.length).toBeGreaterThan(0)
		for (const install of installs) {
			const stage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM ', install.index), install.index)
			expect(stage).toMatch(/^COPY patches \.\/patches$/m)
			// Without it, patch-package fails on the patches of devDependencies, which a production install leaves out.
			if (install[0].includes('--omit=dev')) expect(stage).toMatch(/^ENV NODE_ENV=production$/m)
		}
	})

	it('are the ones this checkout runs with', () => {
		for (const patch of fs.readdirSync('patches')) {
			const [, name, version] = /^(.+)\+(\d+\.\d+\.\d+)\.patch$/.exec(patch)!
			const installed = JSON.parse(fs.readFileSync(`node_modules/${name!.replace('+', '/')}/package.json`, 'utf8')) as {
				version: string
			}
			expect(installed.version, `${patch} is for the installed version`).toBe(version)
			for (const file of fs.readFileSync(`patches/${patch}`, 'utf8').matchAll(/^\+\+\+ b\/(\S+)$/gm))
				expect(fs.readFileSync(file[1]!, 'utf8'), `${file[1]} is patched`).toContain('LeaderForge patch')
		}
	})
})
