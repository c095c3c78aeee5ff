/**
 * A ledger of ten million entries (issue 39): what a full ledger does to the billing team's
 * queries, the API's reads and metered calls, and ledger:verify. On a fresh database:
 *  1. fill (bench/support/ledger-scale-fill.ts, set-based): BENCH_LEDGER_ENTRIES usage entries over
 *     the BENCH_LEDGER_DAYS before now and BENCH_LEDGER_ACCOUNTS accounts, skewed (account n calls in
 *     proportion to n^-0.8), with their holds, allocations, grants (free, plan periods, top-ups),
 *     refunds, voided and expired holds and rollups, then VACUUM ANALYZE; prints the time and sizes;
 *  2. `npm run ledger:verify` over it all (it must pass; its clean run records the checkpoint);
 *  3. every query of docs/ledger.md's "Queries to paste", the one-account ones for the hottest account
 *     and a median one: median of BENCH_QUERY_RUNS warm runs, and EXPLAIN (ANALYZE, FORMAT JSON);
 *  4. through the API (compiled, as `npm start` runs it) for the hottest account: GET /api/v1/me, the
 *     admin usage view, the admin ledger page (and filtered to refunds), the CSV export of last month
 *     (GET /api/v1/me/ledger.csv); the SQL they run, captured from the ledger's services, explained;
 *  5. BENCH_ROUNDS interleaved rounds of BENCH_ROUND_SECONDS (autocannon, BENCH_CONNECTIONS) of /me and
 *     the metered call (the cached direct charge and the hold-and-post path, as bench:http) on this
 *     ledger's hottest account and on an account opened on it for the bench, and on an account of a
 *     second, fresh database with its own API;
 *  6. BENCH_LEDGER_TOUCHED accounts touched (a charge and a voided hold each), then
 *     `ledger:verify --since-checkpoint`.
 * Goals (issue 39): one account's figures under 50 ms, the whole month's billing report under 5 s
 * (medians, warm; one account's query that lists more than 1,000 rows, the hottest account's statement
 * of a month, is a report); /me and the metered call at least 1/1.5 of the fresh database's rate; the
 * checkpointed ledger:verify under a minute; no plan reads credit_entries, credit_holds or
 * credit_allocations with a Seq Scan. Exits 1 when one is missed.
 *
 *   flock /tmp/scout-bench.lock env DATABASE_URL=postgres://... npm run bench:ledger-scale   # fresh databases on the server
 *   BENCH_LEDGER_ENTRIES=100000 npm run bench:ledger-scale                                 # embedded PGlite: small sizes only
 *
 * Env: BENCH_LEDGER_ENTRIES (10000000), BENCH_LEDGER_ACCOUNTS (10000), BENCH_LEDGER_DAYS (100),
 * BENCH_QUERY_RUNS (5), BENCH_ROUNDS (3), BENCH_ROUND_SECONDS (5), BENCH_CONNECTIONS (32),
 * BENCH_LEDGER_TOUCHED (100), BENCH_LOG_LEVEL (info), BENCH_KEEP_DATABASE (1: the filled database is not dropped,
 * its URL printed; drop it yourself).
 */
import { Pool } from 'pg';
import { startSandbox } from '@scout/sandbox';
import { stopProcess } from '../test/processes/child-processes';
import { createTestDatabase } from '../test/test-database';
import { prepareApi } from './support/api-process';
import { captureReadSql, newKey, openAccount, startScaleApi, timeRoute, topUp, type ScaleApi } from './support/ledger-scale-api';
import { fillScaleLedger, tableSizes } from './support/ledger-scale-fill';
import { billingQueries, explain, forAccount, timeQuery, type Explained } from './support/ledger-scale-queries';
import { runVerify, touchAccounts } from './support/ledger-scale-verify';
import { compareRates } from './support/ledger-scale-rates';

const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 10_000_000);
const ACCOUNTS = Number(process.env.BENCH_LEDGER_ACCOUNTS ?? 10_000);
const DAYS = Number(process.env.BENCH_LEDGER_DAYS ?? 100);
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TOUCHED = Number(process.env.BENCH_LEDGER_TOUCHED ?? 100);
const KEEP = process.env.BENCH_KEEP_DATABASE === '1';

/** Issue 39's goals. */
const GOALS = { oneAccountMs: 50, reportMs: 5_000, freshVsFilled: 1.5, checkpointedVerifyMs: 60_000 };
/** Rows beyond which one account's query is a listing, held to the report's goal. */
const LISTING_ROWS = 1_000;

interface Goal {
  figure: string;
  value: string;
  goal: string;
  met: boolean;
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const DAY_MS = 86_400_000;

async function main(): Promise<void> {
  const nodeArgs = prepareApi('built');
  const filled = await createTestDatabase(process.env.DATABASE_URL);
  const fresh = await createTestDatabase(process.env.DATABASE_URL);
  const pool = new Pool({ connectionString: filled.url, max: 2 });
  pool.on('error', () => undefined);
  const goals: Goal[] = [];
  const noSeqScan = (figure: string, plan: Explained) =>
    goals.push({
      figure: `${figure}: plan`,
      value:
        (plan.seqScans.length ? `Seq Scan on ${plan.seqScans.join(', ')}` : `index reads (${plan.bigTableRows.toLocaleString('en')} rows)`) +
        (plan.jitMs > 0 ? `, JIT ${ms(plan.jitMs)} ms` : ''),
      goal: 'no Seq Scan',
      met: plan.seqScans.length === 0,
    });
  const apis: ScaleApi[] = [];
  const sandbox = await startSandbox();
  try {
    process.stdout.write(`filling: ${ENTRIES.toLocaleString('en')} usage entries, ${ACCOUNTS.toLocaleString('en')} accounts, ${DAYS} days\n`);
    const fill = await fillScaleLedger(pool, {
      entries: ENTRIES,
      accounts: ACCOUNTS,
      days: DAYS,
      onStep: (what, t) => process.stdout.write(`  ${what}: ${ms(t / 1000)} s\n`),
    });
    process.stdout.write(`filled in ${(fill.ms / 1000).toFixed(0)} s (VACUUM ANALYZE included)\n`);
    console.table(
      (await tableSizes(pool)).map((t) => ({ table: t.table, rows: t.rows.toLocaleString('en'), size: mb(t.bytes), 'of it indexes': mb(t.indexBytes) })),
    );
    const { rows: hot } = await pool.query<{ entries: string }>(`SELECT count(*) AS entries FROM credit_entries WHERE account_id = $1`, [fill.hotAccountId]);
    process.stdout.write(
      `hottest account ${fill.hotAccountId}: ${Number(hot[0].entries).toLocaleString('en')} entries; median account ${fill.typicalAccountId}\n`,
    );

    const full = await runVerify(filled.url, false);
    process.stdout.write(`ledger:verify (full): exit ${full.code} in ${(full.ms / 1000).toFixed(1)} s\n`);
    if (full.code !== 0) process.stdout.write(full.stdout);
    goals.push({ figure: 'the filled ledger passes ledger:verify', value: `exit ${full.code}`, goal: 'exit 0', met: full.code === 0 });
    goals.push({ figure: 'ledger:verify, full', value: `${(full.ms / 1000).toFixed(1)} s`, goal: '(measured)', met: true });

    // The billing team's queries.
    const now = new Date();
    const month = {
      from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
      to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    };
    const queryRows: Array<Record<string, string>> = [];
    for (const query of billingQueries()) {
      const runs = query.oneAccount
        ? [
            { who: 'hottest account', sql: forAccount(query, fill.hotAccountId, now) },
            { who: 'median account', sql: forAccount(query, fill.typicalAccountId, now) },
          ]
        : [{ who: 'all accounts', sql: query.sql }];
      for (const run of runs) {
        const timed = await timeQuery(pool, run.sql, [], QUERY_RUNS);
        const plan = await explain(pool, run.sql);
        // A listing of more than LISTING_ROWS rows (the hottest account's statement of a month) is a report, not a figure.
        const limit = query.oneAccount && timed.rows <= LISTING_ROWS ? GOALS.oneAccountMs : GOALS.reportMs;
        const figure = `${query.name.slice(0, 70)} [${run.who}]`;
        queryRows.push({
          query: figure,
          'median ms': ms(timed.ms),
          rows: timed.rows.toLocaleString('en'),
          'big-table rows read': plan.bigTableRows.toLocaleString('en'),
          JIT: plan.jitMs > 0 ? `${ms(plan.jitMs)} ms` : '-',
        });
        goals.push({ figure, value: `${ms(timed.ms)} ms`, goal: `< ${limit.toLocaleString('en')} ms`, met: timed.ms < limit });
        noSeqScan(figure, plan);
      }
    }
    process.stdout.write(`\nbilling queries (docs/ledger.md), median of ${QUERY_RUNS} warm runs\n`);
    console.table(queryRows);

    // The API on this ledger, and on a fresh one.
    const onFilled = await startScaleApi(nodeArgs, filled.url, sandbox.url);
    apis.push(onFilled);
    const onFresh = await startScaleApi(nodeArgs, fresh.url, sandbox.url);
    apis.push(onFresh);
    const hotKey = await newKey(onFilled, fill.hotAccountId);
    await topUp(onFilled, fill.hotAccountId);
    const freshAccount = await openAccount(onFresh, 'ledger-scale fresh');
    await topUp(onFresh, freshAccount.id);

    const iso = (at: Date) => at.toISOString();
    const reads = [
      { name: 'GET /api/v1/me', path: '/api/v1/me', admin: false },
      { name: 'admin usage (30 days)', path: `/api/v1/admin/accounts/${fill.hotAccountId}/usage`, admin: true },
      { name: 'admin ledger page', path: `/api/v1/admin/accounts/${fill.hotAccountId}/ledger`, admin: true },
      { name: 'admin ledger page, refunds', path: `/api/v1/admin/accounts/${fill.hotAccountId}/ledger?kind=refund`, admin: true },
      { name: 'CSV of last month', path: `/api/v1/me/ledger.csv?from=${iso(month.from)}&to=${iso(month.to)}`, admin: false },
    ];
    const readRows: Array<Record<string, string>> = [];
    for (const read of reads) {
      const csv = read.path.includes('.csv');
      const timed = await timeRoute(onFilled.base + read.path, read.admin ? onFilled.adminKey : hotKey, csv ? 3 : 10);
      readRows.push({ read: read.name, 'median ms': ms(timed.ms), bytes: timed.bytes.toLocaleString('en') });
      const limit = csv ? GOALS.reportMs : GOALS.oneAccountMs;
      goals.push({ figure: `${read.name} [hottest account]`, value: `${ms(timed.ms)} ms`, goal: `< ${limit.toLocaleString('en')} ms`, met: timed.ms < limit });
    }
    process.stdout.write('\nAPI reads, hottest account (median of warm requests, body read)\n');
    console.table(readRows);
    const usageFrom = new Date((Math.floor(now.getTime() / DAY_MS) - 29) * DAY_MS);
    for (const captured of await captureReadSql(filled.url, fill.hotAccountId, { ...month, usageFrom })) {
      const plan = await explain(pool, captured.sql, captured.params);
      noSeqScan(`${captured.read} SQL: ${captured.sql.replace(/\s+/g, ' ').slice(0, 60)}…`, plan);
    }

    // Rates on this ledger (its hottest account, and an account opened on it now) against a fresh one, interleaved.
    const routes = [
      { name: 'GET /api/v1/me', path: '/api/v1/me' },
      { name: 'metered: cached direct charge', path: '/api/v1/tools/service_chain_health' },
      { name: 'metered: hold and post', path: '/api/v1/tools/service_fomo_leaderboard?window=7d' },
    ];
    const newcomer = await openAccount(onFilled, 'ledger-scale newcomer');
    await topUp(onFilled, newcomer.id);
    const sides = [
      { name: 'fresh database', base: onFresh.base, key: freshAccount.apiKey },
      { name: 'filled, hottest account', base: onFilled.base, key: hotKey },
      { name: 'filled, new account', base: onFilled.base, key: newcomer.apiKey },
    ];
    process.stdout.write(`\nrates: ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s, ${CONNECTIONS} connections (rps)\n`);
    const rates = await compareRates(sides, routes, {
      rounds: ROUNDS,
      seconds: ROUND_SECONDS,
      connections: CONNECTIONS,
      onRound: (round, now) =>
        process.stdout.write(`  round ${round}: ${routes.map((r) => `${r.name} ${sides.map((s) => now[r.name][s.name]).join(' / ')}`).join('; ')}\n`),
    });
    console.table(routes.map((r) => ({ route: r.name, ...rates[r.name] })));
    for (const route of routes) {
      const fresh = rates[route.name][sides[0].name];
      for (const side of sides.slice(1)) {
        const filledRps = rates[route.name][side.name];
        goals.push({
          figure: `${route.name}: fresh / ${side.name} (rps)`,
          value: `${fresh} / ${filledRps} = ${(fresh / filledRps).toFixed(2)}`,
          goal: `<= ${GOALS.freshVsFilled}`,
          met: fresh / filledRps <= GOALS.freshVsFilled,
        });
      }
    }

    // The checkpointed ledger:verify after some traffic.
    await touchAccounts(pool, TOUCHED);
    const since = await runVerify(filled.url, true);
    process.stdout.write(`ledger:verify --since-checkpoint: exit ${since.code} in ${(since.ms / 1000).toFixed(1)} s; ${since.scope}\n`);
    if (since.code !== 0) process.stdout.write(since.stdout);
    goals.push({
      figure: 'ledger:verify --since-checkpoint (clean)',
      value: `${(since.ms / 1000).toFixed(1)} s, exit ${since.code}`,
      goal: `< ${GOALS.checkpointedVerifyMs / 1000} s, exit 0`,
      met: since.ms < GOALS.checkpointedVerifyMs && since.code === 0,
    });
  } finally {
    for (const api of apis) await stopProcess(api.api);
    await pool.end();
    await sandbox.close();
    // BENCH_KEEP_DATABASE=1 (server only): the filled database stays, for a look at it afterwards.
    if (KEEP && process.env.DATABASE_URL) process.stdout.write(`kept the filled database: ${filled.url}\n`);
    else await filled.dispose();
    await fresh.dispose();
  }
  const target = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
  process.stdout.write(`\nledger-scale: ${ENTRIES.toLocaleString('en')} usage entries, ${ACCOUNTS.toLocaleString('en')} accounts, ${DAYS} days, ${target}\n`);
  console.table(goals.map((g) => ({ ...g, met: g.met ? 'yes' : 'NO' })));
  const missed = goals.filter((g) => !g.met).length;
  if (missed > 0) {
    process.stdout.write(`${missed} goal(s) missed\n`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
