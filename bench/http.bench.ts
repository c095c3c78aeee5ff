/**
 * HTTP benchmark: a metered tool call against the framework's own speed, and what the ledger's
 * size does to calls and reads. One API process (apps/api/src/main.ts compiled as `npm start` runs
 * it, LOG_LEVEL info as in production, no worker in it) on a throwaway database, providers pointed
 * at a sandbox in this process, load from autocannon in this process:
 *  1. reads on a small ledger: an account with BENCH_SMALL_LEDGER calls in its history; mean latency of
 *     GET /api/v1/me, service_account, service_usage and the admin usage and account views, with
 *     one caller and with 16;
 *  2. the same account's history grown to BENCH_LEDGER_ENTRIES (bench/support/ledger-fill.ts,
 *     spread over the 100 days before now), the same reads again: the ratio to step 1;
 *  3. on that large ledger, BENCH_ROUNDS interleaved rounds at 64 connections: a bare Nest route
 *     in the same API process (bench/support/bare-route-main.ts: the same middleware and logging,
 *     the same answer's bytes, no key, tool, cache or ledger) then the metered call
 *     (`service_chain_health`, answered from cache after a warm-up, 250 credits, a hold and a post
 *     each); the ratio of the medians, the metered p99, and the last metered round against the first;
 *     beside each run, the CPU per answered call of the API, the PostgreSQL server and this process
 *     (the load generator), which share the machine's cores.
 * Exits 1 when a goal of issue 22 is missed (printed with each figure).
 *
 *   DATABASE_URL=postgres://... npm run bench:http     # a fresh database on the server
 *   npm run bench:http                                 # embedded PGlite in this process
 *
 * Env: BENCH_LEDGER_ENTRIES (1000000), BENCH_SMALL_LEDGER (1000), BENCH_ROUNDS (10),
 * BENCH_ROUND_SECONDS (8), BENCH_CONNECTIONS (64), BENCH_READ_SECONDS (3), BENCH_LOG_LEVEL (info),
 * BENCH_CPU_PROF (a directory: the API's CPU profile, written when it stops), BENCH_METERED_ONLY (1: the
 * metered rounds alone, for that profile).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool as PgPool } from 'pg';
import { startSandbox } from '@scout/sandbox';
import { freePort, sandboxProviderEnv, stopProcess, waitForHttp } from '../test/processes/child-processes';
import { createTestDatabase } from '../test/test-database';
import { prepareApi, startApiProcess } from './support/api-process';
import { fillLedger } from './support/ledger-fill';
import { load, median, type LoadResult } from './support/load';

const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
const SMALL = Number(process.env.BENCH_SMALL_LEDGER ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 3);
const HISTORY_DAYS = 100;
/** BENCH_METERED_ONLY=1: no bare rounds and no reads, for a CPU profile of the metered call alone. */
const PROFILE_METERED_ONLY = process.env.BENCH_METERED_ONLY === '1';

const ms = (value: number) => value.toFixed(1);

/** CPU per answered call, µs: the API process, the PostgreSQL server, the load generator (this process). */
interface CallCpu {
  api: number;
  db: number;
  load: number;
}
const perCall = (cpu: CallCpu, named = true) =>
  named
    ? `API ${cpu.api.toFixed(0)} µs, PostgreSQL ${cpu.db.toFixed(0)} µs, load ${cpu.load.toFixed(0)} µs`
    : `${cpu.api.toFixed(0)} / ${cpu.db.toFixed(0)} / ${cpu.load.toFixed(0)}`;

/** Issue 22's goals. */
const GOALS = { meteredVsBare: 0.7, meteredP99Ms: 60, lastRoundVsFirst: 0.95, readsLargeVsSmall: 1.5 };

const METERED_TOOL = 'service_chain_health';

interface Read {
  name: string;
  path: string;
  admin: boolean;
}

function reads(accountId: string): Read[] {
  return [
    { name: 'GET /api/v1/me', path: '/api/v1/me', admin: false },
    { name: 'service_account', path: '/api/v1/tools/service_account', admin: false },
    { name: 'service_usage', path: '/api/v1/tools/service_usage', admin: false },
    { name: 'admin usage (30 days)', path: `/api/v1/admin/accounts/${accountId}/usage`, admin: true },
    { name: 'admin account', path: `/api/v1/admin/accounts/${accountId}`, admin: true },
  ];
}

/**
 * CPU time of every process named postgres on this machine (the server, when it runs here), ms; 0
 * when there is none. With the CPU of children that ended (cutime, cstime: the postmaster's share
 * of backends it reaped), so a connection closing between two readings does not take its CPU away.
 */
function postgresCpuMs(): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).startsWith('postgres')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / ticks;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

async function measureReads(base: string, list: Read[], apiKey: string, adminKey: string) {
  const out: Record<string, { one: number; sixteen: number }> = {};
  for (const read of list) {
    const headers = { authorization: `Bearer ${read.admin ? adminKey : apiKey}` };
    const one = await load({ url: base + read.path, connections: 1, seconds: READ_SECONDS, headers });
    const sixteen = await load({ url: base + read.path, connections: 16, seconds: READ_SECONDS, headers });
    if (one.failed + sixteen.failed > 0) throw new Error(`${read.name}: ${one.failed + sixteen.failed} failed answers`);
    out[read.name] = { one: one.mean, sixteen: sixteen.mean };
  }
  return out;
}

async function main(): Promise<void> {
  // BENCH_CPU_PROF=<dir>: the API writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const nodeArgs = [...profile, ...prepareApi('built', { bareRoute: true })];
  const database = await createTestDatabase(process.env.DATABASE_URL);
  const sandbox = await startSandbox();
  const sql = new PgPool({ connectionString: database.url, max: 2 });
  sql.on('error', () => undefined);
  const adminKey = `sc_${randomBytes(24).toString('base64url')}`;
  const apiPort = await freePort();
  const bodyFile = join(tmpdir(), `scout-bench-bare-${process.pid}.json`);
  const api = startApiProcess(nodeArgs, {
    ...sandboxProviderEnv(sandbox.url),
    DATABASE_URL: database.url,
    DB_MIGRATE_ON_START: 'false',
    WORKER_IN_PROCESS: 'false',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    ADMIN_BOOTSTRAP_KEY: adminKey,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    BARE_BODY_FILE: bodyFile,
  });
  const base = `http://127.0.0.1:${apiPort}`;
  let failedGoals = 0;
  try {
    await waitForHttp(`${base}/api/v1/tools/service_health`, api, 120_000);
    const created = await fetch(`${base}/api/v1/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'http bench' }),
    });
    const { apiKey, account } = (await created.json()) as { apiKey: string; account: { id: string } };
    const list = reads(account.id);

    process.stdout.write(`filling the ledger: ${SMALL} calls\n`);
    await fillLedger(sql, account.id, SMALL, HISTORY_DAYS);
    const small = PROFILE_METERED_ONLY ? null : await measureReads(base, list, apiKey, adminKey);
    process.stdout.write(`filling the ledger: ${ENTRIES - SMALL} more calls\n`);
    const fillStarted = Date.now();
    await fillLedger(sql, account.id, ENTRIES - SMALL, HISTORY_DAYS);
    process.stdout.write(`  filled in ${((Date.now() - fillStarted) / 1000).toFixed(0)} s\n`);
    const large = PROFILE_METERED_ONLY ? null : await measureReads(base, list, apiKey, adminKey);

    const meteredUrl = `${base}/api/v1/tools/${METERED_TOOL}`;
    const auth = { authorization: `Bearer ${apiKey}` };
    const answer = await fetch(meteredUrl, { headers: auth });
    if (answer.status !== 200) throw new Error(`${METERED_TOOL} answered ${answer.status}: ${await answer.text()}`);
    const body = await answer.text();
    writeFileSync(bodyFile, body);
    const bareUrl = `${base}/bench/bare`;

    // Warm-up: JIT, connection pools, the response cache.
    if (!PROFILE_METERED_ONLY) await load({ url: bareUrl, connections: CONNECTIONS, seconds: 3 });
    await load({ url: meteredUrl, connections: CONNECTIONS, seconds: 3, headers: auth });
    // Transactions the database committed per metered call (pg_stat_database; this bench's own reads
    // of it add a handful), printed to show what a call costs the database.
    const commits = async () =>
      Number((await sql.query<{ n: string }>(`SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()`)).rows[0].n);
    const commitsBefore = await commits();
    const rounds: Array<{ bare: LoadResult; metered: LoadResult; bareCpu: CallCpu | null; meteredCpu: CallCpu; blocks: Record<string, number> }> = [];
    /**
     * A load run with the CPU each side spent per answered call: the API, the database server (all
     * its processes: a shared machine's other databases count too) and this process (autocannon and
     * the sandbox), which share the machine's two cores: rate ~ cores / (their sum).
     */
    const measured = async (run: () => Promise<LoadResult>): Promise<{ run: LoadResult; cpu: CallCpu }> => {
      const [apiBefore, dbBefore, loadBefore] = [api.cpuMs(), postgresCpuMs(), process.cpuUsage()];
      const result = await run();
      const loadSpent = process.cpuUsage(loadBefore);
      const calls = Math.max(1, result.ok);
      return {
        run: result,
        cpu: {
          api: ((api.cpuMs() - apiBefore) * 1000) / calls,
          db: ((postgresCpuMs() - dbBefore) * 1000) / calls,
          load: (loadSpent.user + loadSpent.system) / calls,
        },
      };
    };
    /** Heap and index blocks each ledger table was read for (shared buffers hit or read), from pg_statio. */
    const blockReads = async () =>
      Object.fromEntries(
        (
          await sql.query<{ relname: string; blocks: string }>(
            `SELECT relname, coalesce(heap_blks_hit, 0) + coalesce(heap_blks_read, 0) + coalesce(idx_blks_hit, 0) + coalesce(idx_blks_read, 0) AS blocks
               FROM pg_statio_user_tables WHERE relname IN ('accounts', 'credit_grants', 'credit_entries', 'credit_allocations', 'credit_holds', 'usage_rollups')`,
          )
        ).rows.map((r) => [r.relname, Number(r.blocks)]),
      );
    for (let round = 1; round <= ROUNDS; round++) {
      const bare = PROFILE_METERED_ONLY ? null : await measured(() => load({ url: bareUrl, connections: CONNECTIONS, seconds: ROUND_SECONDS }));
      const blocksBefore = await blockReads();
      const metered = await measured(() => load({ url: meteredUrl, connections: CONNECTIONS, seconds: ROUND_SECONDS, headers: auth }));
      // Statistics reach pg_statio within a second of each commit.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const blocksAfter = await blockReads();
      const meteredRun = metered.run;
      const bareRun = bare?.run ?? { rps: 1, p50: 0, p99: 0, mean: 0, ok: 0, failed: 0 };
      const blocks = Object.fromEntries(Object.keys(blocksAfter).map((t) => [t, (blocksAfter[t] - (blocksBefore[t] ?? 0)) / Math.max(1, meteredRun.ok)]));
      if (meteredRun.failed + bareRun.failed > 0) throw new Error(`round ${round}: ${meteredRun.failed} metered and ${bareRun.failed} bare answers failed`);
      rounds.push({ bare: bareRun, metered: meteredRun, bareCpu: bare?.cpu ?? null, meteredCpu: metered.cpu, blocks });
      process.stdout.write(
        `  round ${round}: bare ${bareRun.rps} rps (CPU per call ${bare ? perCall(bare.cpu) : '-'}), metered ${meteredRun.rps} rps (p99 ${meteredRun.p99} ms; CPU per call ${perCall(metered.cpu)}); ` +
          `blocks per call: ${Object.entries(blocks)
            .map(([t, n]) => `${t} ${n.toFixed(1)}`)
            .join(', ')}\n`,
      );
    }

    // Statistics reach pg_stat_database within a second of each commit.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const meteredCalls = rounds.reduce((sum, r) => sum + r.metered.ok, 0);
    const commitsPerCall = (await commits()) - commitsBefore;
    const { rows } = await sql.query<{ entries: string }>(`SELECT count(*) AS entries FROM credit_entries WHERE account_id = $1`, [account.id]);
    const target = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite in the bench process';
    process.stdout.write(
      `\nhttp: one API process (compiled, LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'}), ${target}; ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s; ` +
        `the account's ledger ${Number(rows[0].entries).toLocaleString('en')} entries at the end; ${body.length}-byte answers; ` +
        `${(commitsPerCall / meteredCalls).toFixed(3)} database transactions per metered call\n`,
    );
    console.table(
      rounds.map((r, i) => ({
        round: i + 1,
        'bare rps': r.bare.rps,
        'bare p50/p99 ms': `${r.bare.p50}/${r.bare.p99}`,
        'metered rps': r.metered.rps,
        'metered p50/p99 ms': `${r.metered.p50}/${r.metered.p99}`,
        ratio: (r.metered.rps / r.bare.rps).toFixed(2),
        'bare: API / PG / load µs per call': r.bareCpu ? perCall(r.bareCpu, false) : '-',
        'metered: API / PG / load µs per call': perCall(r.meteredCpu, false),
      })),
    );
    const ratio = median(rounds.map((r) => r.metered.rps)) / median(rounds.map((r) => r.bare.rps));
    const p99 = median(rounds.map((r) => r.metered.p99));
    const growth = rounds[rounds.length - 1].metered.rps / rounds[0].metered.rps;
    const goals = [
      { figure: 'metered / bare (median rps)', value: ratio.toFixed(2), goal: `>= ${GOALS.meteredVsBare}`, met: ratio >= GOALS.meteredVsBare },
      { figure: 'metered p99 (median of rounds)', value: `${p99} ms`, goal: `<= ${GOALS.meteredP99Ms} ms`, met: p99 <= GOALS.meteredP99Ms },
      { figure: 'last round / first (metered rps)', value: growth.toFixed(2), goal: `>= ${GOALS.lastRoundVsFirst}`, met: growth >= GOALS.lastRoundVsFirst },
      ...(small === null || large === null ? [] : list).map((read) => {
        if (small === null || large === null) throw new Error('no reads measured');
        const worst = Math.max(large[read.name].one / small[read.name].one, large[read.name].sixteen / small[read.name].sixteen);
        return {
          figure: `${read.name}: mean ms, ${SMALL.toLocaleString('en')} → ${ENTRIES.toLocaleString('en')} entries (1 / 16 callers)`,
          value: `${ms(small[read.name].one)}→${ms(large[read.name].one)} / ${ms(small[read.name].sixteen)}→${ms(large[read.name].sixteen)} (×${worst.toFixed(2)})`,
          goal: `<= ×${GOALS.readsLargeVsSmall}`,
          // Within a millisecond the clock's resolution, not the ledger, decides.
          met:
            worst <= GOALS.readsLargeVsSmall || Math.max(large[read.name].one - small[read.name].one, large[read.name].sixteen - small[read.name].sixteen) <= 1,
        };
      }),
    ];
    console.table(goals.map((g) => ({ ...g, met: g.met ? 'yes' : 'NO' })));
    failedGoals = goals.filter((g) => !g.met).length;
  } finally {
    await stopProcess(api);
    rmSync(bodyFile, { force: true });
    await sql.end();
    await sandbox.close();
    await database.dispose();
  }
  if (failedGoals > 0) {
    process.stdout.write(`${failedGoals} goal(s) missed\n`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
