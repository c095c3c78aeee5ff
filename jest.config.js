/**
 * One jest run for every tier: unit (*.spec.ts), integration (*.int-spec.ts) and end to end
 * (*.e2e-spec.ts). The global setup provides a migrated PostgreSQL: a fresh database on the server
 * named by DATABASE_URL, or an embedded PGlite when DATABASE_URL is unset.
 */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{apps,libs}/**/*.{spec,int-spec,e2e-spec}.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  moduleNameMapper: {
    '^@scout/(.*)$': '<rootDir>/libs/$1/src',
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
};
