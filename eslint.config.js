// ESLint: typescript-eslint's recommended rules, the type-aware rules that catch lost promises, and the
// import boundaries of the layout (docs/ARCHITECTURE.md). Run by `npm run lint` (part of `npm test`).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.js';

const TYPESCRIPT = ['apps/*/src/**/*.{ts,tsx}', 'apps/*/test/**/*.ts', 'apps/web/e2e/**/*.ts', 'packages/*/src/**/*.ts', 'packages/*/test/**/*.ts', 'scripts/*.ts'];

// Files outside a repository that still query tables themselves. Each is the data access of a part
// with no repo.ts of its own; move its queries into one when the part next changes.
const DIRECT_DATABASE_ACCESS = [
  'apps/server/src/auth/{one-time,tokens,oidc}.ts', // sessions, one-time tokens, identities
  'apps/server/src/auth/authenticate.ts', // the active-user check of every request and socket
  'apps/server/src/conversations/cleanup.ts', // an organization's media rows before its deletion
  'apps/server/src/pipeline/{state,finalize,retry,engines}.ts', // the processing state machine
  'apps/server/src/realtime/{audience,socket}.ts', // who may receive a notice
  'apps/server/src/storage/sweeper.ts', // which media rows still exist
];

const WORKSPACES = ['@palabre/shared', '@palabre/engines', '@palabre/server', '@palabre/web'];
const except = (name) => WORKSPACES.filter((w) => w !== name);

const BOUNDARIES = [
  {
    from: ['packages/**'],
    packages: ['@palabre/server', '@palabre/web'],
    paths: ['apps/**'],
    message: 'packages never depend on the applications',
  },
  {
    from: ['packages/shared/**'],
    packages: except('@palabre/shared'),
    paths: ['packages/engines/**', 'scripts/**'],
    message: '@palabre/shared depends on no other workspace',
  },
  {
    from: ['packages/engines/**'],
    packages: except('@palabre/engines').filter((w) => w !== '@palabre/shared'),
    paths: ['packages/shared/**', 'scripts/**'],
    message: '@palabre/engines depends only on @palabre/shared, imported by its name',
  },
  {
    from: ['apps/server/**'],
    except: ['apps/server/test/**'],
    packages: ['@palabre/web'],
    paths: ['apps/web/**', 'packages/**'],
    message: 'the server uses the workspaces by name (@palabre/shared, @palabre/engines), never the web client',
  },
  {
    // Server tests may start the engines' test servers (packages/engines/test/support), by path.
    from: ['apps/server/test/**'],
    packages: ['@palabre/web'],
    paths: ['apps/web/**', 'packages/shared/**', 'packages/engines/src/**', 'packages/engines/test/*.ts'],
    message: "server tests use the workspaces by name (@palabre/shared, @palabre/engines), except the engines' test support; never the web client",
  },
  {
    from: ['apps/web/**'],
    packages: ['@palabre/server', '@palabre/engines'],
    paths: ['apps/server/**', 'packages/**'],
    message: 'the web client shares only @palabre/shared, imported by its name',
  },
  {
    from: ['apps/web/src/{components,app,api,i18n}/**'],
    paths: ['apps/web/src/features/**'],
    message: 'the shared parts of the web client (components, app, api, i18n) do not depend on features',
  },
  {
    from: ['apps/server/src/**'],
    except: ['apps/server/src/**/repo.ts', 'apps/server/src/db/**', 'apps/server/src/bench/**', ...DIRECT_DATABASE_ACCESS],
    packages: ['drizzle-orm'],
    paths: ['apps/server/src/db/schema.ts'],
    allowTypeImports: true,
    message: 'a domain reaches the database only through a repo.ts (types may be imported anywhere)',
  },
];

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', '.tools/', 'data/', 'apps/server/drizzle/', 'test-results/', 'playwright-report/']),
  {
    files: ['*.js', 'scripts/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: TYPESCRIPT,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { palabre: boundaries },
    rules: {
      // Type-aware: a promise nobody awaits loses its rejection.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Validation rules match control characters on purpose, to refuse them.
      'no-control-regex': 'off',
      'palabre/imports': ['error', BOUNDARIES],
      'palabre/features': [
        'error',
        {
          root: 'apps/web/src/features',
          // The backoffice's organization page shows the same sections as the organization's settings.
          shared: { backoffice: ['organizations/settings'] },
        },
      ],
    },
  },
  {
    // Tests read the JSON bodies of the answers they check field by field.
    files: ['apps/*/test/**', 'packages/*/test/**', 'apps/web/e2e/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/server/**', 'packages/**', 'scripts/**', 'apps/web/e2e/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: globals.browser },
  },
);
