import type { Pool } from 'pg';
import { AppConfig, TOOL_CATALOG, type ToolName } from '@scout/core';
import { FILL_PARAMS, FILL_SEQUENCES, FILL_STEPS } from './ledger-scale-sql';

/**
 * Fills a fresh database with a ledger of many accounts, set-based (bench/ledger-scale.bench.ts):
 * `entries` usage entries (charged calls: posted holds, and cached calls charged directly) over the
 * `days` before now and `accounts` accounts, skewed (a few hot accounts make most calls), with the
 * holds, allocations, grants (free, plan periods, top-ups), plan changes and periods, refunds,
 * voided and expired holds, usage rollups and usage totals a real ledger of that size has. The
 * statements are in bench/support/ledger-scale-sql.ts; they run in one transaction with the
 * per-entry rollup trigger set aside inside it (the rollups are summed in one statement, and the
 * rollups' own statement trigger sums that statement into the totals), then VACUUM ANALYZE. The
 * result passes ledger:verify. Run it on a database nothing else writes to.
 */

/** The calls' tools and how often each is called (relative weights); defi and price tools answer from cache and are charged directly. */
const TOOL_MIX: Array<[ToolName, number]> = [
  ['service_chain_health', 10],
  ['service_token_prices', 10],
  ['service_token_info', 6],
  ['service_dex_volumes', 4],
  ['service_protocol_fees', 2],
  ['service_fomo_leaderboard', 12],
  ['service_fomo_token_board', 8],
  ['service_fomo_trader_report', 4],
  ['service_fomo_analyze_token', 4],
  ['service_wallet_pnl', 6],
  ['service_wallet_portfolio', 6],
  ['launchpad_tokens', 4],
  ['service_fomo_alerts', 6],
  ['service_fomo_resolve_trader', 1],
  ['service_milestone_study', 1],
];

export interface ScaleFillOptions {
  entries: number;
  accounts: number;
  days: number;
  /** Told each step as it finishes, with its time. */
  onStep?: (what: string, ms: number) => void;
}

export interface ScaleFill {
  ms: number;
  /** The account with the most calls (n = 1), and one of median size. */
  hotAccountId: string;
  typicalAccountId: string;
}

export interface TableSize {
  table: string;
  rows: number;
  /** Heap, indexes and TOAST, bytes. */
  bytes: number;
  indexBytes: number;
}

export const LEDGER_TABLES = [
  'credit_entries',
  'credit_holds',
  'credit_allocations',
  'credit_grants',
  'usage_rollups',
  'usage_totals',
  'plan_periods',
  'accounts',
];

export async function fillScaleLedger(pool: Pool, options: ScaleFillOptions): Promise<ScaleFill> {
  const started = Date.now();
  const tools = TOOL_MIX.flatMap(([tool, weight]) => Array<ToolName>(weight).fill(tool));
  const client = await pool.connect();
  try {
    await client.query(`SET temp_buffers = '256MB'`);
    await client.query('BEGIN');
    // The fill's own session only: sorts and hashes of millions of rows in memory, commit not waiting for the disk.
    await client.query(`SET LOCAL work_mem = '256MB'`);
    await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    await client.query(`SET LOCAL synchronous_commit = off`);
    await client.query(`SET LOCAL TimeZone = 'UTC'`);
    await client.query(`LOCK TABLE accounts, credit_grants, credit_entries, credit_holds, credit_allocations, usage_rollups, usage_totals IN EXCLUSIVE MODE`);
    // Inside this transaction only (no other session sees it): the rollups are summed in one statement below.
    await client.query(`ALTER TABLE credit_entries DISABLE TRIGGER trg_credit_entries_usage_rollup`);
    await client.query(FILL_PARAMS, [
      options.entries,
      options.accounts,
      options.days,
      AppConfig.fromEnv({}).freeGrantCredits,
      tools,
      tools.map((tool) => TOOL_CATALOG[tool].cost),
      tools.map((tool) => ['defi', 'prices'].includes(TOOL_CATALOG[tool].area)),
    ]);
    const next = async (table: string) => Number((await client.query<{ id: string }>(`SELECT coalesce(max(id), 0) AS id FROM ${table}`)).rows[0].id);
    const bases: Record<string, number> = { 'hold ids and funding': await next('credit_holds'), 'entries staging': await next('credit_entries') };
    for (const step of FILL_STEPS) {
      const stepStarted = Date.now();
      await client.query(step.sql, step.what in bases ? [bases[step.what]] : []);
      options.onStep?.(step.what, Date.now() - stepStarted);
    }
    await client.query(FILL_SEQUENCES);
    const { rows } = await client.query<{ hot: string; typical: string }>(
      `SELECT (SELECT id FROM sa WHERE n = 1) AS hot, (SELECT id FROM sa WHERE status = 'active' ORDER BY calls, n LIMIT 1 OFFSET (SELECT count(*) / 2 FROM sa)) AS typical`,
    );
    await client.query(`ALTER TABLE credit_entries ENABLE TRIGGER trg_credit_entries_usage_rollup`);
    await client.query('COMMIT');
    // A ledger that grew over months has had its statistics and visibility map kept by autovacuum.
    const vacuumStarted = Date.now();
    for (const table of LEDGER_TABLES) await client.query(`VACUUM ANALYZE ${table}`);
    options.onStep?.('vacuum analyze', Date.now() - vacuumStarted);
    return { ms: Date.now() - started, hotAccountId: rows[0].hot, typicalAccountId: rows[0].typical ?? rows[0].hot };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Rows (estimated by the statistics ANALYZE left) and sizes of the ledger's tables. */
export async function tableSizes(pool: Pool): Promise<TableSize[]> {
  const { rows } = await pool.query<{ table: string; rows: string; bytes: string; index_bytes: string }>(
    `SELECT relname AS table, greatest(reltuples, 0)::bigint AS rows, pg_total_relation_size(oid) AS bytes, pg_indexes_size(oid) AS index_bytes
       FROM pg_class WHERE relname = ANY($1::text[]) AND relkind = 'r'`,
    [LEDGER_TABLES],
  );
  return LEDGER_TABLES.map((table) => rows.find((r) => r.table === table)!).map((r) => ({
    table: r.table,
    rows: Number(r.rows),
    bytes: Number(r.bytes),
    indexBytes: Number(r.index_bytes),
  }));
}
