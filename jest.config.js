/**
 * Three tiers, one jest run (`npm test`) or one tier at a time (`npm run test:unit|int|e2e`):
 * - unit (*.spec.ts): no database, no global setup;
 * - int (*.int-spec.ts) and e2e (*.e2e-spec.ts): the global setup provides a migrated PostgreSQL,
 *   a fresh database on the server named by DATABASE_URL, or an embedded PGlite when it is unset.
 */
const shared = {
  rootDir: '.',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  moduleNameMapper: { '^@scout/(.*)$': '<rootDir>/libs/$1/src' },
};

const withDatabase = {
  ...shared,
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // Every tool answer of these tiers is checked against its schema (libs/contract).
  setupFilesAfterEnv: ['<rootDir>/test/answer-schemas.setup.ts'],
};

module.exports = {
  testTimeout: 30000,
  // A worker keeps what each test file leaves reachable (modules, sandbox worlds of ~100 MB), so a
  // long run grows; one over this between files is replaced. Setting it also keeps a 2-core
  // machine's single worker out of jest's own process, which would otherwise run the files in band.
  workerIdleMemoryLimit: '1GB',
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,clients,bench}/**/*.spec.ts'] },
    { ...withDatabase, displayName: 'int', testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts'] },
    { ...withDatabase, displayName: 'e2e', testMatch: ['<rootDir>/{apps,libs}/**/*.e2e-spec.ts'] },
  ],
};
