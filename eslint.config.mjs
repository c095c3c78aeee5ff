// @ts-check
/**
 * ESLint flat config: the NestJS starter's defaults (typescript-eslint's type-aware recommended
 * rules through the project service; Prettier owns formatting, run apart as `prettier --check`),
 * plus the architecture rules of the monorepo and no floating promises anywhere.
 * `npm run lint` runs it with --max-warnings 0, so a warning fails the gate as an error does.
 */
import { readdirSync } from 'node:fs';
import eslint from '@eslint/js';
import eslintConfigPrettier from 'eslint-config-prettier/flat';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * No import reaches past a lib's index.ts: `@scout/<lib>` is the whole surface of a lib, so neither
 * `@scout/<lib>/...` nor a relative path into `<lib>/src` (from another lib or an app) is allowed.
 * A lib's own files import each other with `./` and `../` paths that never name a `<lib>/src`
 * folder (the lib names are read from libs/), so they are not caught.
 */
const libNames = readdirSync(new URL('./libs', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const deepImportPatterns = [
  {
    group: ['@scout/*/**'],
    message: 'Import a lib through its index only: `@scout/<lib>`, not a file inside it.',
  },
  {
    // `../../ledger/src/x` (a sibling lib from inside libs/) or `../../../libs/auth/src/x` (from an
    // app), and the index itself by a relative path (`../../ledger/src`): `@scout/<lib>` resolves
    // everywhere the code runs (tsconfig paths, jest's moduleNameMapper, tsc-alias in the build).
    regex: `^(\\.{1,2}/)+(libs/)?(${libNames.join('|')})/src(/|$)`,
    message: 'Import another lib as `@scout/<lib>` (its index), not by a relative path into its src/.',
  },
];

/** A lib never imports an app: apps depend on libs, never the other way round. */
const appImportPatterns = [
  {
    regex: '(^|/)apps(/|$)',
    message: 'A lib never imports an app; move what both need into a lib.',
  },
];

/** An app imports no other app (each is an entry point over the libs): what two apps share is a lib. */
const appNames = readdirSync(new URL('./apps', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherAppPatterns = (app) => [
  {
    regex: `(^|/)(apps/)?(${appNames.filter((name) => name !== app).join('|')})/(src|test)(/|$)`,
    message: 'An app never imports another app; move what both need into a lib.',
  },
];

/**
 * The MCP SDK (its server, transport and OAuth router) stays inside the MCP adapter, so moving to
 * its next major version touches one folder; the tests drive the app with its client.
 */
const mcpSdkPatterns = [
  {
    group: ['@modelcontextprotocol/*'],
    message: 'The MCP SDK is used only inside apps/api/src/mcp/ (and tests): keep Scout behind its own types.',
  },
];

const restrictedImports = (patterns) => ['error', { patterns }];

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      '**/*.tsbuildinfo',
      // The typed client's generated code (npm run client) and its build output.
      'clients/typescript/src/generated/**',
      'clients/typescript/dist/**',
    ],
  },
  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  eslintConfigPrettier,
  {
    languageOptions: {
      globals: {
        ...globals.node,
        ...globals.jest,
      },
      sourceType: 'commonjs',
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      // NestJS defaults.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'warn',
      // Stricter than the NestJS default (warn): a promise nobody awaits or hands to `void` loses
      // its rejection, and on the money path (ledger, holds, idempotency, the tool gateway's
      // metering) a lost rejection is a lost debit or refund. Error everywhere, not only there, so
      // that no money path is missed by a list of folders.
      '@typescript-eslint/no-floating-promises': 'error',
      // `_` marks what is left unused on purpose: an omitted property of a rest destructuring, an
      // argument a signature requires (Express's four-argument error handler).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Scout's input screens match control characters on purpose (rejecting NUL and C0 bytes in
      // keys, labels and request inputs); the rule exists to catch them by accident.
      'no-control-regex': 'off',
      // A `let` assigned once but read first by a closure made before the assignment (a cleanup
      // that may run while the awaited setup is still under way) cannot be a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-restricted-imports': restrictedImports([...deepImportPatterns, ...mcpSdkPatterns]),
    },
  },
  {
    files: ['libs/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports([...deepImportPatterns, ...appImportPatterns, ...mcpSdkPatterns]),
    },
  },
  ...appNames.map((app) => ({
    files: [`apps/${app}/**/*.ts`],
    rules: {
      'no-restricted-imports': restrictedImports([...deepImportPatterns, ...otherAppPatterns(app), ...(app === 'api' ? mcpSdkPatterns : [])]),
    },
  })),
  {
    files: ['apps/api/src/mcp/**/*.ts', 'apps/api/test/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports([...deepImportPatterns, ...otherAppPatterns('api')]),
    },
  },
  {
    // Entry points run without path-alias resolution (the TypeORM CLI loads ormconfig.ts; plain
    // ts-node runs scripts/ledger-verify.ts and test/embedded-db.child.ts; jest's global setup and
    // teardown run outside its moduleNameMapper): they cannot use `@scout/<lib>`, and import the
    // single files they need rather than a lib's index, which itself imports `@scout/*`.
    files: ['ormconfig.ts', 'scripts/**/*.ts', 'test/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
    },
  },
  {
    // The money path: the ledger (grants, holds, posts, refunds), idempotency claims and the tool
    // gateway that meters each call. Here even `void` is no way out: a promise is awaited, or its
    // rejection handled (.catch), so a failed debit, post or claim can never pass unseen.
    files: ['libs/ledger/src/**/*.ts', 'libs/idempotency/src/**/*.ts', 'apps/api/src/tools/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**'],
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
    },
  },
  {
    // Tests and their tooling. Response bodies (supertest's `res.body`), query rows (`pg`, TypeORM's
    // `query`) and parsed JSON are `any` there, and asserting on them is the point of a test: the
    // no-unsafe-* family reported about 3,600 of these in tests, against a dozen in source. Source
    // stays strict. Test doubles implement async interfaces without awaiting (require-await), and
    // `expect(mock.method).toHaveBeenCalled()` passes a method unbound on purpose (unbound-method).
    // Floating promises, unused code and the architecture rules still hold in tests.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The console's pages run in the browser (apps/console, its own tsconfig: DOM, JSX for Preact).
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser },
      sourceType: 'module',
    },
  },
  {
    // Plain JavaScript (jest.config.js, this file) is in no tsconfig: lint it without type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
