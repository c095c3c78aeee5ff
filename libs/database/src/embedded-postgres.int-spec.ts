import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { startDatabaseProcess, type DatabaseProcess } from '../../../test/embedded-db-process';

/**
 * The embedded PostgreSQL shares one PGlite session between many connections. Parameterised
 * queries and transactions from different connections, interleaved, must each see only their own
 * statements (PGlite cannot start inside jest's sandbox, so it runs in a child process).
 */
describe('embedded PostgreSQL under concurrent connections', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scout-embedded-'));
  let db: DatabaseProcess;
  let pool: Pool;

  beforeAll(async () => {
    db = await startDatabaseProcess(dataDir);
    pool = new Pool({ connectionString: db.url, max: 20 });
    await pool.query('CREATE TABLE interleave (id serial PRIMARY KEY, v text NOT NULL)');
  });

  afterAll(async () => {
    await pool.end();
    await db.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps each connection's parameterised queries and transactions apart", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        if (i % 2 === 0) {
          const { rows } = await pool.query('SELECT $1::int AS n, $2::text AS s', [i, `q${i}`]);
          return rows[0].n === i && rows[0].s === `q${i}`;
        }
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('INSERT INTO interleave (v) VALUES ($1)', [`t${i}`]);
          const { rows } = await client.query('SELECT $1::int AS n', [i]);
          await client.query('COMMIT');
          return rows[0].n === i;
        } finally {
          client.release();
        }
      }),
    );
    expect(outcomes.filter((ok) => !ok)).toHaveLength(0);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM interleave');
    expect(rows[0].n).toBe(60);
  });
});
