import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { verifyLedger } from '@scout/ledger';
import { dataSourceOptions } from './data-source-options';
import { MIGRATIONS } from './migrations';
import { PlanPeriods1764000000000 } from './migrations/1764000000000-PlanPeriods';

/**
 * Migrations over data that was there before them, on a PostgreSQL server of its own database
 * (CREATE DATABASE needs a server: the CI's PostgreSQL run covers it; the embedded run has one
 * in-memory database, migrated by the global setup, which every other test exercises).
 */
const SERVER = process.env.DATABASE_URL;
const onServer = SERVER ? describe : describe.skip;

onServer('migrations on a database with data (PostgreSQL)', () => {
  const name = `scout_migrate_${Date.now()}_${process.pid}`;
  let url: string;

  beforeAll(async () => {
    const admin = new Client({ connectionString: SERVER });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(SERVER!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    const admin = new Client({ connectionString: SERVER });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const dataSource = (migrations: typeof MIGRATIONS) => new DataSource({ ...dataSourceOptions({ url, poolMax: 2, entities: [] }), migrations });

  it('PlanPeriods starts a first period for accounts that held a plan before, and undoes cleanly', async () => {
    const upTo = MIGRATIONS.indexOf(PlanPeriods1764000000000);
    const before = dataSource(MIGRATIONS.slice(0, upTo));
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    const [planned] = await before.query(`INSERT INTO accounts (name, plan_id) VALUES ('had growth', 'growth') RETURNING id`);
    const [plain] = await before.query(`INSERT INTO accounts (name) VALUES ('no plan') RETURNING id`);
    await before.destroy();

    const all = dataSource(MIGRATIONS);
    await all.initialize();
    try {
      await all.runMigrations({ transaction: 'each' });
      const accounts = await all.query(`SELECT id, plan_id, plan_renews_at, balance FROM accounts ORDER BY name`);
      expect(accounts).toEqual([
        { id: planned.id, plan_id: 'growth', plan_renews_at: expect.any(Date), balance: 1_250_000 },
        { id: plain.id, plan_id: null, plan_renews_at: null, balance: 0 },
      ]);
      const changes = await all.query(`SELECT from_plan, to_plan, actor FROM plan_changes WHERE account_id = $1`, [planned.id]);
      expect(changes).toEqual([{ from_plan: null, to_plan: 'growth', actor: 'system' }]);
      expect(await verifyLedger((sql, params) => all.query(sql, params))).toEqual([]);

      // Undo every migration down to and including PlanPeriods, then apply them all again.
      for (let i = MIGRATIONS.length; i > upTo; i--) await all.undoLastMigration({ transaction: 'each' });
      const [columns] = await all.query(
        `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'accounts' AND column_name = 'plan_renews_at'`,
      );
      expect(columns.n).toBe(0);
      await all.runMigrations({ transaction: 'each' });
      expect(await verifyLedger((sql, params) => all.query(sql, params))).toEqual([]);
    } finally {
      await all.destroy();
    }
  });
});
