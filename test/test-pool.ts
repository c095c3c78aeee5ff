import { Pool } from 'pg';
import { testDatabaseUrl } from './test-database';

export interface TestPool {
  /** The pool on the run's test database: open from the block's beforeAll to its afterAll. */
  readonly pool: Pool;
}

/**
 * A pg Pool on the run's test database (testDatabaseUrl) for the calling describe block, or the
 * whole file when called at its top level: opened in a beforeAll and ended in an afterAll, so the
 * integration specs do not each repeat that pair, and none leaves its clients open on the shared
 * database once its tests are done. Call it before the block's own beforeAll: jest runs hooks in
 * the order they are registered, so theirs find the pool open.
 */
export function useTestPool(options: { max: number }): TestPool {
  let pool: Pool | undefined;
  beforeAll(() => {
    pool = new Pool({ connectionString: testDatabaseUrl(), max: options.max });
  });
  afterAll(async () => {
    await pool?.end();
  });
  return {
    get pool(): Pool {
      if (!pool) throw new Error('useTestPool: the pool opens in beforeAll; read it from a hook or a test');
      return pool;
    },
  };
}
