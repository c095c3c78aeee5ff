import { DataSource } from 'typeorm';
import { testDatabaseUrl } from '../../../../test/test-database';
import { queryWrite } from './query-write';

/** The shapes queryWrite reads are TypeORM's own: checked here on a real PostgreSQL (or PGlite). */
describe('queryWrite on TypeORM and PostgreSQL', () => {
  let db: DataSource;
  beforeAll(async () => {
    // One connection: the temporary table lives in its session.
    db = new DataSource({ type: 'postgres', url: testDatabaseUrl(), extra: { max: 1 }, entities: [] });
    await db.initialize();
    await db.query(`CREATE TEMP TABLE query_write_rows (id int PRIMARY KEY, state text NOT NULL)`);
  });
  afterAll(async () => {
    await db.destroy();
  });
  beforeEach(async () => {
    await db.query(`TRUNCATE query_write_rows`);
    await db.query(`INSERT INTO query_write_rows VALUES (1, 'a'), (2, 'a'), (3, 'b')`);
  });

  it('an UPDATE ... RETURNING: its rows and count', async () => {
    const written = await queryWrite<{ id: number }>(db, `UPDATE query_write_rows SET state = 'c' WHERE state = $1 RETURNING id`, ['a']);
    expect({ ids: written.rows.map((r) => r.id).sort(), count: written.count }).toEqual({ ids: [1, 2], count: 2 });
  });

  it('an UPDATE without RETURNING, and one that matches nothing', async () => {
    expect(await queryWrite(db, `UPDATE query_write_rows SET state = 'c' WHERE id = 3`)).toEqual({ rows: [], count: 1 });
    expect(await queryWrite(db, `UPDATE query_write_rows SET state = 'c' WHERE id = 9 RETURNING id`)).toEqual({ rows: [], count: 0 });
  });

  it('a DELETE, in a transaction through its EntityManager', async () => {
    const written = await db.transaction((manager) => queryWrite(manager, `DELETE FROM query_write_rows WHERE id <> $1`, [3]));
    expect(written).toEqual({ rows: [], count: 2 });
  });

  it('an INSERT ... RETURNING and an UPDATE in a CTE (answered as rows): counted by their rows', async () => {
    expect(await queryWrite(db, `INSERT INTO query_write_rows VALUES (4, 'd') RETURNING id`)).toEqual({ rows: [{ id: 4 }], count: 1 });
    const viaCte = await queryWrite(db, `WITH u AS (UPDATE query_write_rows SET state = 'e' WHERE id = 4 RETURNING id) SELECT id FROM u`);
    expect(viaCte).toEqual({ rows: [{ id: 4 }], count: 1 });
  });
});
