// ESLint flat config: recommended JS + TypeScript rules, and the architecture's import boundaries as data.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** One `no-restricted-imports` rule from a list of [regex, message] pairs. */
const restrict = (...rules) => ({
  'no-restricted-imports': ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }],
});

const NOT_WEB = 'The server must not import the web app; share code through packages/contracts.';
const NOT_SERVER = 'The web app must not import the server; share code through packages/contracts.';
const NOT_APPS = 'packages/contracts is shared by every app and imports nothing from them.';
const NOT_OTHER_FEATURE =
  'Features meet only in app/: a feature may not import another feature (move shared code to components/ or lib/, or a shared endpoint to shared-api/).';
const NO_CLIENT =
  'Backend calls live in endpoint files (features/<area>/api/<endpoint>.ts, shared-api/<resource>/): import the endpoint, not the HTTP client.';
const SHARED_API_DOWN =
  'shared-api/ holds the endpoints features share (one folder per resource); it builds on lib/ and contracts only.';

const NO_SERVER = [
  ['^@lbs/server(/|$)', NOT_SERVER],
  ['(^|/)server/(src|test)(/|$)', NOT_SERVER],
];
const CLIENT = ['(^|/)lib/api/client(\\.ts)?$', NO_CLIENT];

/**
 * Cross-feature imports in apps/web/src/features/<name>/…: a file k folders below its feature reaches the features
 * folder with k+1 `../` and src/ with k+2, so a path that climbs that far into a name (or into src/features) leaves
 * its own feature. Only the feature's api/ files may use the HTTP client.
 */
const leavesFeature = (depth) => [
  [`^(\\.\\./){${depth + 1}}[^./]`, NOT_OTHER_FEATURE],
  [`^(\\.\\./){${depth + 2}}features(/|$)`, NOT_OTHER_FEATURE],
];
const featureBoundaries = [
  ...[0, 1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: restrict(...leavesFeature(depth), ...NO_SERVER, CLIENT),
  })),
  { files: ['apps/web/src/features/*/api/*.{ts,tsx}'], rules: restrict(...leavesFeature(1), ...NO_SERVER) },
  { files: ['apps/web/src/{app,components}/**/*.{ts,tsx}'], rules: restrict(...NO_SERVER, CLIENT) },
  {
    files: ['apps/web/src/shared-api/**/*.{ts,tsx}'],
    rules: restrict(['(^|/)(features|components|app|shared-api)/', SHARED_API_DOWN], ...NO_SERVER),
  },
];

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/data/',
    '**/coverage/',
    '**/test-results/',
    '**/screenshots/',
  ]),
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // `_`-prefixed names mark deliberately unused bindings (e.g. a field dropped by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    files: ['apps/server/**/*.{ts,tsx,js,mjs}'],
    rules: restrict(['^@lbs/web(/|$)', NOT_WEB], ['(^|/)web/(src|dist)(/|$)', NOT_WEB]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js,mjs}'],
    rules: restrict(['^@lbs/server(/|$)', NOT_SERVER], ['(^|/)server/(src|test)(/|$)', NOT_SERVER]),
  },
  ...featureBoundaries,
  {
    files: ['packages/contracts/**/*.{ts,tsx,js,mjs}'],
    rules: restrict(['^@lbs/(?!contracts(/|$))', NOT_APPS], ['(^|/)(apps|e2e|bench)(/|$)', NOT_APPS]),
  },
]);
