// ESLint for Remix, React, TypeScript and accessibility (docs/decisions/093).
// Formatting is Prettier's job (eslint-config-prettier turns the overlapping rules off).
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{
		ignores: [
			'node_modules/',
			'build/',
			'build-server/',
			'public/build/',
			'public/sw.js',
			'reports/',
			'test-results/',
			'playwright-report/',
			'bench/results/',
			'.data/',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx,js,mjs}'],
		languageOptions: {
			ecmaVersion: 'latest',
			sourceType: 'module',
			globals: { ...globals.node, ...globals.browser },
		},
		plugins: { 'import-x': importX },
		rules: {
			// Unused names are mistakes, except a deliberately ignored `_name` and a rest sibling that drops a key.
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
			],
			// `import { type X }`, one statement per module.
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
			'import-x/first': 'error',
			'no-console': 'off',
		},
	},
	{
		// One import style in the app: aliases (`~/…` for app/, `#models/…` for models/, `#server/…` for server/), never a relative path,
		// so a file reads the same wherever it moves and the layer test and a reader see the same name.
		files: ['app/**/*.{ts,tsx}', 'models/**/*.ts', 'server.ts', 'server/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['./*', '../*'],
							message:
								"Import app code as ~/…, models as #models/… and the server's parts as #server/… (docs/architecture.md).",
						},
					],
				},
			],
		},
	},
	{
		files: ['app/**/*.tsx'],
		plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
		settings: { react: { version: 'detect' } },
		languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
		rules: {
			...react.configs.recommended.rules,
			...react.configs['jsx-runtime'].rules,
			// The two classic hook rules; the rest of react-hooks 7's recommended set is written for the React Compiler,
			// which this app does not use.
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'warn',
			...jsxA11y.configs.recommended.rules,
			// TypeScript checks props.
			'react/prop-types': 'off',
			// Quotes and apostrophes in copy are meant (React escapes them); only the characters that usually
			// betray a typo in JSX are refused.
			'react/no-unescaped-entities': ['error', { forbid: ['>', '}'] }],
			// A scrollable region must take focus so a keyboard can scroll it (WCAG 2.1.1, axe's
			// scrollable-region-focusable): tabIndex={0} on role="region" is deliberate.
			'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: [] }],
		},
	},
	{
		// Playwright fixtures take a `use` callback that is not a React hook.
		files: ['tests/**/*.ts'],
		rules: { 'react-hooks/rules-of-hooks': 'off' },
	},
	prettier,
)
