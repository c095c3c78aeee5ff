import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { REPO_ROOT } from '../../test/processes/child-processes';
import { median } from './load';

/**
 * The billing team's queries as docs/ledger.md gives them ("Queries to paste"), read from the page
 * itself so the bench times what the team pastes: each statement of each ```sql block, named after
 * the sentence before its block. The example account id is replaced by the account under test, the
 * example month of the statement by the last whole UTC month; the others run as written (this month,
 * last month, the last 7 or 30 days, relative to now).
 */

/** The account id the page's examples use. */
const EXAMPLE_ACCOUNT = '00000000-0000-4000-8000-000000000000';
/** The tables a plan must not read whole (Seq Scan) for a goal to be met. */
export const BIG_TABLES = ['credit_entries', 'credit_holds', 'credit_allocations'];

export interface BillingQuery {
  name: string;
  sql: string;
  /** The example account's id replaced: one account's figures. */
  oneAccount: boolean;
}

/** Every statement of the "Queries to paste" section, in page order. */
export function billingQueries(): BillingQuery[] {
  const page = readFileSync(join(REPO_ROOT, 'docs', 'ledger.md'), 'utf8');
  const section = page.slice(page.indexOf('## Queries to paste'), page.indexOf('\n## ', page.indexOf('## Queries to paste') + 1));
  const queries: BillingQuery[] = [];
  const block = /([^\n]+(?:\n[^\n`]+)*)\n\n```sql\n([\s\S]*?)```/g;
  for (let match = block.exec(section); match; match = block.exec(section)) {
    const title = match[1].split('\n').join(' ').replace(/:$/, '').trim();
    const statements = match[2]
      .split(/;\s*(?:\n|$)/)
      .map((s) => s.trim())
      .filter(Boolean);
    statements.forEach((sql, i) =>
      queries.push({ name: statements.length > 1 ? `${title} (${i + 1})` : title, sql, oneAccount: sql.includes(EXAMPLE_ACCOUNT) }),
    );
  }
  if (queries.length === 0) throw new Error('docs/ledger.md: no query found under "Queries to paste"');
  return queries;
}

/** The query for one account, the page's example month (January 2026) replaced by the last whole UTC month. */
export function forAccount(query: BillingQuery, accountId: string, now = new Date()): string {
  const month = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().replace('.000Z', 'Z');
  return query.sql
    .split(EXAMPLE_ACCOUNT)
    .join(accountId)
    .split("'2026-01-01T00:00:00Z'")
    .join(`'${month(-1)}'`)
    .split("'2026-02-01T00:00:00Z'")
    .join(`'${month(0)}'`)
    .split("'2026-01-01'")
    .join(`'${month(-1).slice(0, 10)}'`);
}

export interface Timed {
  /** Median of the timed runs, ms. */
  ms: number;
  rows: number;
}

/** Runs a statement once to warm up, then `runs` times: the median wall time from this process. */
export async function timeQuery(pool: Pool, sql: string, params: unknown[] = [], runs = 5): Promise<Timed> {
  let rows = (await pool.query(sql, params)).rowCount ?? 0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    rows = (await pool.query(sql, params)).rowCount ?? 0;
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { ms: median(times), rows };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

export interface Explained {
  /** Big tables (BIG_TABLES) the plan reads with a Seq Scan. */
  seqScans: string[];
  /** Rows the plan's scans of the big tables read (returned, or removed by a filter), all loops. */
  bigTableRows: number;
  /** The plan's own execution time, ms. */
  ms: number;
  /** Time PostgreSQL spent compiling the plan (JIT: its cost estimate passed jit_above_cost), ms; 0 without. */
  jitMs: number;
}

/** EXPLAIN (ANALYZE, FORMAT JSON) of a statement: its Seq Scans of the big tables and how many of their rows it read. */
export async function explain(pool: Pool, sql: string, params: unknown[] = []): Promise<Explained> {
  const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number; JIT?: { Timing: { Total: number } } }> }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
    params,
  );
  const [top] = rows[0]['QUERY PLAN'];
  const seqScans = new Set<string>();
  let bigTableRows = 0;
  const walk = (node: PlanNode) => {
    const relation = node['Relation Name'];
    if (relation && BIG_TABLES.includes(relation)) {
      if (node['Node Type'] === 'Seq Scan') seqScans.add(relation);
      const read = (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
      bigTableRows += read * (node['Actual Loops'] ?? 1);
    }
    node.Plans?.forEach(walk);
  };
  walk(top.Plan);
  return { seqScans: [...seqScans], bigTableRows, ms: top['Execution Time'], jitMs: top.JIT?.Timing.Total ?? 0 };
}
