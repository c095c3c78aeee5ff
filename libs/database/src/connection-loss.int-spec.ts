import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { testDatabaseUrl } from '../../../test/test-database';
import { dataSourceOptions, GuardedClient } from './data-source-options';

/**
 * A connection the server terminates while the pool has handed it out and no query runs on it
 * (the moment before TypeORM attaches its own listener): the process must survive, and the pool
 * must go on serving. Needs a server (pg_terminate_backend): the embedded database has one session.
 */
const onServer = process.env.DATABASE_URL ? describe : describe.skip;

onServer('a database connection terminated by the server (PostgreSQL)', () => {
  let db: DataSource;
  beforeAll(async () => {
    db = new DataSource(dataSourceOptions({ url: testDatabaseUrl(), poolMax: 4, entities: [], applicationName: 'scout-connection-loss' }));
    await db.initialize();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('while checked out with no query running: no unhandled error event, and the pool keeps serving', async () => {
    const pool = (db.driver as unknown as { master: Pool }).master;
    const client = await pool.connect();
    expect(client).toBeInstanceOf(GuardedClient);
    expect(client.listenerCount('error')).toBeGreaterThanOrEqual(1);
    const { rows } = await client.query('SELECT pg_backend_pid() AS pid');
    await db.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
    await sleep(300); // the termination reaches the idle client as an 'error' event
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release(true);
    expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });
});
