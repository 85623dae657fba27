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

/**
 * The server's floors (ARCHITECTURE.md): a room of apps/server/src may import the rooms below it, never one above,
 * and demo/ only from the composition root (floor 1: the files directly in src/). Rooms on one floor are not held
 * apart here; capability modules are (MODULE_ORDER). The platform floor (4) is split in two: events and messaging
 * may use jobs and access (a job that prunes events, say), while jobs and access use neither.
 */
const SERVER_FLOORS = [
  ['(app|app-context|http|index|main|server|spa)\\.ts'],
  ['modules'],
  ['location'],
  ['events', 'messaging'],
  ['access', 'jobs'],
  ['identity'],
  ['db', 'lib', 'config\\.ts'],
];
/**
 * Capability modules in dependency order: a module may import an earlier (or same-step) module through its index.ts,
 * never a later one and never another module's internals.
 */
const MODULE_ORDER = [
  [
    'organisation',
    'companies',
    'org-units',
    'users',
    'msisdns',
    'roles',
    'user-management',
    'assets',
    'client-config',
    'health',
  ],
  ['positions'],
  ['pois'],
  ['attendance', 'tasks'],
  ['billing'],
  ['notifications', 'reports'],
];
const SERVER_NOT_WEB = [
  ['^@lbs/web(/|$)', NOT_WEB],
  ['(^|/)web/(src|dist)(/|$)', NOT_WEB],
];
const UPWARD = (room, above) =>
  `${room}/ must not import ${above}: a room of the server uses only the rooms below it (ARCHITECTURE.md); let the composition root (app.ts) pass it in, or react to a domain event.`;
const NOT_DEMO = 'Demo data is seeded by the server start only (server.ts): nothing else imports demo/.';
const NOT_LATER_MODULE = (module, later) =>
  `modules/${module} comes before modules/${later} (ARCHITECTURE.md) and may not import it; a reaction the other way is a domain event and a processor.`;
const NOT_MODULE_INTERNALS =
  'A module imports another module only through its public index.ts, never its internals (ARCHITECTURE.md).';

/** How a message names a room. */
const label = (room) =>
  room === SERVER_FLOORS[0][0] ? 'the composition root (app.ts, server.ts …)' : room.replace(/\\/g, '');

/** A file `depth` folders below src/ climbs back to src/ with that many `../`. */
const climb = (depth) => `^(\\.\\./){${depth}}`;
const DEPTHS = [1, 2, 3, 4, 5];

/** What a room at `floor` may not import from a file `depth` folders below src/: the rooms above, and demo/. */
const floorRules = (room, floor, depth) => [
  ...SERVER_NOT_WEB,
  ...SERVER_FLOORS.slice(0, floor)
    .flat()
    .map((above) => [`${climb(depth)}${above}(/|$)`, UPWARD(room, label(above))]),
  [`${climb(depth)}demo(/|$)`, NOT_DEMO],
];

/** Inside modules/<module>/ at `depth` (≥ 2): other modules' internals, and every module after its step. */
const moduleRules = (module, step, depth) => [
  [`${climb(depth - 1)}(?!${module}/)[^./][^/]*/(?!index\\.ts$)`, NOT_MODULE_INTERNALS],
  ...MODULE_ORDER.slice(step + 1)
    .flat()
    .map((later) => [`${climb(depth - 1)}${later}(/|$)`, NOT_LATER_MODULE(module, later)]),
];

const serverFloors = [
  ...SERVER_FLOORS.slice(1).flatMap((rooms, i) =>
    rooms
      .filter((room) => !room.includes('.'))
      .flatMap((room) =>
        DEPTHS.map((depth) => ({
          files: [`apps/server/src/${room}/${'*/'.repeat(depth - 1)}*.ts`],
          ignores: ['**/*.test.ts'],
          rules: restrict(...floorRules(room, i + 1, depth)),
        })),
      ),
  ),
  ...DEPTHS.map((depth) => ({
    files: [`apps/server/src/demo/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: ['**/*.test.ts'],
    rules: restrict(...SERVER_NOT_WEB, [
      `${climb(depth)}${SERVER_FLOORS[0][0]}$`,
      UPWARD('demo', 'the composition root'),
    ]),
  })),
  // Each module on its own (these come after the generic modules/ rules above and replace them for its files).
  ...MODULE_ORDER.flatMap((step, index) =>
    step.flatMap((module) =>
      DEPTHS.slice(1).map((depth) => ({
        files: [`apps/server/src/modules/${module}/${'*/'.repeat(depth - 2)}*.ts`],
        ignores: ['**/*.test.ts'],
        rules: restrict(...floorRules('modules', 1, depth), ...moduleRules(module, index, depth)),
      })),
    ),
  ),
];

/**
 * A repository reads only through the caller's scope: `scoped(db, scope)` (access/scoped.ts), or `unscoped(db)` where
 * a read must look past it (operator-wide uniqueness, reference checks, system flows); `db.selectFrom` is neither.
 */
const repositoryScope = {
  files: ['apps/server/src/modules/*/repository.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.property.name='selectFrom'][callee.object.name='db']",
        message:
          'Read through scoped(db, scope) (the caller’s scope), or unscoped(db) where a read must look past it — never db.selectFrom in a repository.',
      },
    ],
  },
};

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
  ...serverFloors,
  repositoryScope,
  {
    files: ['packages/contracts/**/*.{ts,tsx,js,mjs}'],
    rules: restrict(['^@lbs/(?!contracts(/|$))', NOT_APPS], ['(^|/)(apps|e2e|bench)(/|$)', NOT_APPS]),
  },
]);
