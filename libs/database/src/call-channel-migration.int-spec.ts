import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { verifyLedger } from '@scout/ledger';
import { startDatabaseProcess } from '../../../test/embedded-db-process';
import { dataSourceOptions } from './data-source-options';
import { MIGRATIONS } from './migrations';
import { CallChannel1764700000000 } from './migrations/1764700000000-CallChannel';

/**
 * The CallChannel migration over a ledger that was there before it, then reverted and applied
 * again, on a database of its own: a fresh database on the PostgreSQL server of DATABASE_URL, or
 * a second embedded PGlite in a child process (the shared test database cannot lose a migration
 * under other tests, and PGlite cannot start inside jest's sandbox).
 */

const FUNCTIONS = ['scout_hold', 'scout_hold_many', 'scout_post', 'scout_refund', 'scout_guard_hold_transition'];

/** What the migration touches and its revert must give back: function and view definitions, columns, comments, the reader's grants. */
async function schemaShape(db: DataSource): Promise<Record<string, unknown>> {
  const functions = await db.query<{ name: string; args: string; def: string }[]>(
    `SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS args, pg_get_functiondef(p.oid) AS def
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.proname = ANY($1) ORDER BY 1, 2`,
    [FUNCTIONS],
  );
  const views = await db.query<Record<string, unknown>[]>(
    `SELECT c.relname AS name, pg_get_viewdef(c.oid) AS def, obj_description(c.oid, 'pg_class') AS comment,
            has_table_privilege('scout_billing_reader', c.oid, 'SELECT') AS reader_may_select
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'billing' AND c.relkind = 'v' ORDER BY 1`,
  );
  const columns = await db.query<Record<string, unknown>[]>(
    `SELECT table_name, string_agg(column_name, ',' ORDER BY ordinal_position) AS columns
       FROM information_schema.columns WHERE table_name IN ('credit_entries', 'credit_holds') AND table_schema = 'public'
      GROUP BY 1 ORDER BY 1`,
  );
  const constraints = await db.query<{ conname: string }[]>(
    `SELECT conname FROM pg_constraint WHERE conrelid IN ('credit_entries'::regclass, 'credit_holds'::regclass) ORDER BY 1`,
  );
  return {
    // The functions rebuilt by hand differ from the originals in indentation only.
    functions: functions.map((f) => ({ ...f, def: f.def.replace(/\s+/g, ' ') })),
    views,
    columns,
    constraints: constraints.map((c) => c.conname),
  };
}

describe('CallChannel migration: existing rows become rest, and it reverts cleanly', () => {
  const server = process.env.DATABASE_URL;
  const name = `scout_channel_${Date.now()}_${process.pid}`;
  let url: string;
  let stopEmbedded: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (!server) {
      const dataDir = mkdtempSync(join(tmpdir(), 'scout-channel-'));
      const embedded = await startDatabaseProcess(dataDir);
      stopEmbedded = async () => {
        await embedded.kill();
        rmSync(dataDir, { recursive: true, force: true });
      };
      url = embedded.url;
      return;
    }
    const admin = new Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(server);
    u.pathname = `/${name}`;
    url = u.toString();
  }, 120_000);
  afterAll(async () => {
    if (stopEmbedded) return stopEmbedded();
    const admin = new Client({ connectionString: server });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const dataSource = (migrations: typeof MIGRATIONS) => new DataSource({ ...dataSourceOptions({ url, poolMax: 2, entities: [] }), migrations });
  // The schema under test predates the usage rollups and totals (UsageRollups, UsageTotals migrations).
  const verify = (db: DataSource) =>
    verifyLedger((sql, params) => db.query(sql, params), { except: ['usage_rollups_equal_entries', 'usage_totals_equal_rollups'] });

  it('up: old rows are rest, an MCP call is charged as mcp; down: the schema as before; up again: clean', async () => {
    // Up to CallChannel and no further, so that undoing the last migration undoes this one
    // whatever comes after it.
    const upTo = MIGRATIONS.indexOf(CallChannel1764700000000);
    expect(upTo).toBeGreaterThan(0);
    const before = dataSource(MIGRATIONS.slice(0, upTo));
    await before.initialize();
    let accountId: string;
    let shapeBefore: Record<string, unknown>;
    try {
      await before.runMigrations({ transaction: 'each' });
      [{ id: accountId }] = await before.query<{ id: string }[]>(`INSERT INTO accounts (name) VALUES ('before channels') RETURNING id`);
      await before.query(`SELECT * FROM scout_grant($1, 'free', 10000, NULL, 'migration int-spec', 'test')`, [accountId]);
      const [{ hold_id: hold }] = await before.query<{ hold_id: number }[]>(`SELECT hold_id FROM scout_hold($1, 250, 'tool_a', 'req-old', 60000)`, [accountId]);
      const [{ entry_id: entry }] = await before.query<{ entry_id: number }[]>(`SELECT entry_id FROM scout_post($1)`, [hold]);
      await before.query(`SELECT * FROM scout_refund($1, 'correction')`, [entry]);
      await before.query(`SELECT hold_id FROM scout_hold($1, 250, 'tool_a', 'req-pending', 600000)`, [accountId]);
      shapeBefore = await schemaShape(before);
    } finally {
      await before.destroy();
    }

    const all = dataSource(MIGRATIONS.slice(0, upTo + 1));
    await all.initialize();
    try {
      await all.runMigrations({ transaction: 'each' });
      const channels = () =>
        all.query<Record<string, unknown>[]>(`SELECT kind, request_id, channel FROM credit_entries WHERE account_id = $1 ORDER BY id`, [accountId]);
      expect(await channels()).toEqual([
        { kind: 'grant', request_id: null, channel: 'rest' },
        { kind: 'usage', request_id: 'req-old', channel: 'rest' },
        { kind: 'refund', request_id: 'req-old', channel: 'rest' },
      ]);
      expect(await all.query(`SELECT DISTINCT channel FROM credit_holds WHERE account_id = $1`, [accountId])).toEqual([{ channel: 'rest' }]);
      // The hold placed before the migration is posted after it, as a REST call.
      const [{ hold_id: pending }] = await all.query<{ hold_id: number }[]>(`SELECT id AS hold_id FROM credit_holds WHERE request_id = 'req-pending'`);
      await all.query(`SELECT * FROM scout_post($1)`, [pending]);
      const [{ hold_id: mcp }] = await all.query<{ hold_id: number }[]>(`SELECT hold_id FROM scout_hold($1, 250, 'tool_a', 'req-mcp', 60000, 'mcp')`, [
        accountId,
      ]);
      await all.query(`SELECT * FROM scout_post($1)`, [mcp]);
      expect((await channels()).slice(3)).toEqual([
        { kind: 'usage', request_id: 'req-pending', channel: 'rest' },
        { kind: 'usage', request_id: 'req-mcp', channel: 'mcp' },
      ]);
      expect(await verify(all)).toEqual([]);

      await all.undoLastMigration({ transaction: 'each' });
      expect(await schemaShape(all)).toEqual(shapeBefore);
      // The previous release's calls still work on the reverted schema.
      const [{ hold_id: after }] = await all.query<{ hold_id: number }[]>(`SELECT hold_id FROM scout_hold($1, 250, 'tool_a', 'req-after-down', 60000)`, [
        accountId,
      ]);
      expect(await all.query(`SELECT status FROM scout_post($1)`, [after])).toEqual([{ status: 'posted' }]);

      await all.runMigrations({ transaction: 'each' });
      // What the revert dropped comes back as rest: the MCP call's channel is lost with it.
      expect(await all.query(`SELECT count(*)::int AS n FROM credit_entries WHERE channel <> 'rest'`)).toEqual([{ n: 0 }]);
      expect(await verify(all)).toEqual([]);
    } finally {
      await all.destroy();
    }
  });
});
