/**
 * HTTP benchmark: the metered tool call against the framework's own speed, under the traffic users
 * send, and what the ledger's size does to calls and reads. One API process (apps/api/src/main.ts
 * compiled as `npm start` runs it, LOG_LEVEL info as in production, no worker in it) on a throwaway
 * database, providers pointed at a sandbox in this process, load from autocannon in this process:
 *  1. reads on a small ledger: an account with BENCH_SMALL_LEDGER calls in its history; mean latency of
 *     GET /api/v1/me, service_account, service_usage and the admin usage and account views, with
 *     one caller and with 16;
 *  2. the same account's history grown to BENCH_LEDGER_ENTRIES (bench/support/ledger-fill.ts,
 *     spread over the 100 days before now), the same reads again: the ratio to step 1;
 *  3. on that ledger, for each kind of traffic: one account (every connection with its key), 64
 *     accounts (one key per connection, each account with a history of its own), and mixed (a third
 *     of the connections on the one large account, the rest spread): BENCH_ROUNDS interleaved
 *     rounds of, for each path, a bare Nest route in the same API process answering that path's
 *     own bytes (bench/support/bare-route-main.ts: the same middleware, logging and serialisation,
 *     no key, tool, cache or ledger) and then the metered call: the
 *     cached direct charge (`service_chain_health`, readsOnly, answered from cache: one charge, no
 *     hold) and the hold-and-post path (`service_fomo_leaderboard` for 7 days, answered from cache: a hold,
 *     then a post). Each round sends a fixed number of calls (about BENCH_ROUND_SECONDS at the
 *     warm-up's rate), so every call it timed is answered: the usage entries written during each
 *     metered run must equal its 2xx answers. Beside each run, the CPU per answered call of the API,
 *     the PostgreSQL server and this process (the load generator), which share the machine's cores.
 * Goals (issue 39), for each kind and path: metered at least 0.7x the bare route's rate (medians),
 * p99 at most 2x the bare route's (medians), the median of the last three rounds within 10 % of
 * the median of rounds two to four (round one is a warm-up either way); reads on the large ledger
 * at most 1.5x the small one's mean. Exits 1 when one is missed.
 *
 *   DATABASE_URL=postgres://... npm run bench:http     # a fresh database on the server
 *   npm run bench:http                                 # embedded PGlite in this process
 *
 * Env: BENCH_LEDGER_ENTRIES (1000000), BENCH_SMALL_LEDGER (1000), BENCH_ROUNDS (10, at least 7),
 * BENCH_ROUND_SECONDS (8), BENCH_CONNECTIONS (64), BENCH_READ_SECONDS (3), BENCH_LOG_LEVEL (info),
 * BENCH_TRAFFIC (one,spread,mixed: the kinds to run), BENCH_PATHS (direct,hold: the paid paths to time), BENCH_CPU_PROF (a directory: the API's CPU
 * profile, written when it stops), BENCH_METERED_ONLY (1: no bare rounds and no reads, for that profile).
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool as PgPool } from 'pg';
import { startSandbox } from '@scout/sandbox';
import { freePort, sandboxProviderEnv, stopProcess, waitForHttp } from '../test/processes/child-processes';
import { createTestDatabase } from '../test/test-database';
import { prepareApi, startApiProcess } from './support/api-process';
import { withCpu } from './support/cpu';
import { judgeReads, judgeTraffic, PAID_PATHS, printRounds, type Goal, type MeteredRun, type PathName, type Round, type Traffic } from './support/http-report';
import { measureReads, readsOf } from './support/http-reads';
import { fillLedger } from './support/ledger-fill';
import { load, type LoadResult } from './support/load';

const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
const SMALL = Number(process.env.BENCH_SMALL_LEDGER ?? 1_000);
const ROUNDS = Math.max(7, Number(process.env.BENCH_ROUNDS ?? 10));
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 3);
const TRAFFIC = (process.env.BENCH_TRAFFIC ?? 'one,spread,mixed').split(',');
const HISTORY_DAYS = 100;
/** Calls in the history of each of the many accounts. */
const SPREAD_HISTORY = 2_000;
/** BENCH_METERED_ONLY=1: no bare rounds and no reads, for a CPU profile of the metered calls alone. */
const PROFILE_METERED_ONLY = process.env.BENCH_METERED_ONLY === '1';

/** BENCH_PATHS: the paid paths to time (both by default). */
const PATHS = PAID_PATHS.filter((path) => (process.env.BENCH_PATHS ?? 'direct,hold').split(',').includes(path.name));

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
  const bodyFiles = Object.fromEntries(PATHS.map((path) => [path.name, join(tmpdir(), `scout-bench-bare-${path.name}-${process.pid}.json`)])) as Record<
    PathName,
    string
  >;
  const api = startApiProcess(nodeArgs, {
    ...sandboxProviderEnv(sandbox.url),
    // The hold path's tool reads FOMO (the sandbox's stand-in, its default key).
    FOMO_API_URL: `${sandbox.url}/fomo`,
    FOMO_API_KEYS: 'sandbox-fomo-key',
    DATABASE_URL: database.url,
    DB_MIGRATE_ON_START: 'false',
    WORKER_IN_PROCESS: 'false',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    ADMIN_BOOTSTRAP_KEY: adminKey,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    ...Object.fromEntries(PATHS.map((path) => [path.bodyEnv, bodyFiles[path.name]])),
  });
  const base = `http://127.0.0.1:${apiPort}`;
  const measured = (run: () => Promise<LoadResult>) => withCpu(() => api.cpuMs(), run);
  let failedGoals = 0;
  try {
    await waitForHttp(`${base}/api/v1/tools/service_health`, api, 120_000);
    const openAccount = async (name: string) => {
      const created = await fetch(`${base}/api/v1/admin/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      if (created.status !== 201) throw new Error(`opening ${name}: ${created.status} ${await created.text()}`);
      const { apiKey, account } = (await created.json()) as { apiKey: string; account: { id: string } };
      return { apiKey, id: account.id };
    };
    const main = await openAccount('http bench');
    const list = readsOf(main.id);

    process.stdout.write(`filling the ledger: ${SMALL} calls\n`);
    await fillLedger(sql, main.id, SMALL, HISTORY_DAYS);
    const small = PROFILE_METERED_ONLY ? null : await measureReads(base, list, { apiKey: main.apiKey, adminKey }, READ_SECONDS);
    process.stdout.write(`filling the ledger: ${ENTRIES - SMALL} more calls\n`);
    const fillStarted = Date.now();
    await fillLedger(sql, main.id, ENTRIES - SMALL, HISTORY_DAYS);
    process.stdout.write(`  filled in ${((Date.now() - fillStarted) / 1000).toFixed(0)} s\n`);
    const large = PROFILE_METERED_ONLY ? null : await measureReads(base, list, { apiKey: main.apiKey, adminKey }, READ_SECONDS);

    // The many accounts: one per connection, each with a history of its own.
    const spread: Array<{ apiKey: string; id: string }> = [];
    if (TRAFFIC.some((t) => t !== 'one')) {
      process.stdout.write(`opening ${CONNECTIONS} more accounts, ${SPREAD_HISTORY} calls of history each\n`);
      for (let i = 0; i < CONNECTIONS; i++) {
        const account = await openAccount(`http bench ${i + 1}`);
        await fillLedger(sql, account.id, SPREAD_HISTORY, HISTORY_DAYS);
        spread.push(account);
      }
    }
    const traffics: Traffic[] = [
      { name: 'one', label: '1 account', keys: [main.apiKey] },
      { name: 'spread', label: `${CONNECTIONS} accounts`, keys: spread.map((a) => a.apiKey) },
      { name: 'mixed', label: 'mixed (1/3 on 1 account)', keys: spread.map((a, i) => (i % 3 === 0 ? main.apiKey : a.apiKey)) },
    ].filter((t) => TRAFFIC.includes(t.name));

    const url = (tool: string) => `${base}/api/v1/tools/${tool}`;
    for (const path of PATHS) {
      const answer = await fetch(url(path.tool), { headers: { authorization: `Bearer ${main.apiKey}` } });
      if (answer.status !== 200) throw new Error(`${path.tool} answered ${answer.status}: ${await answer.text()}`);
      writeFileSync(bodyFiles[path.name], await answer.text());
    }
    const lastEntryId = async () => Number((await sql.query<{ id: string | null }>(`SELECT max(id) AS id FROM credit_entries`)).rows[0].id ?? 0);
    // The run's own tool only: a call of another path cut off at the end of a timed warm-up may
    // still be charged (the API finishes what it started) while this run goes on.
    const usageEntriesAfter = async (id: number, tool: string) =>
      Number(
        (await sql.query<{ n: string }>(`SELECT count(*) AS n FROM credit_entries WHERE id > $1 AND kind = 'usage' AND tool = $2`, [id, tool.split('?')[0]]))
          .rows[0].n,
      );
    const meteredRun = async (tool: string, keys: string[], amount: number): Promise<MeteredRun> => {
      const before = await lastEntryId();
      const result = await measured(() => load({ url: url(tool), connections: CONNECTIONS, amount, keys }));
      return { ...result, entries: await usageEntriesAfter(before, tool) };
    };
    /** Until the calls cut off at the end of a warm-up are done: no entry written for half a second. */
    const settle = async () => {
      for (let last = -1, now = await lastEntryId(); now !== last; last = now, now = await lastEntryId()) await sleep(500);
    };
    /** Calls for a round of about ROUND_SECONDS at the rate a warm-up run reached. */
    const amountFor = (warm: LoadResult) => Math.max(CONNECTIONS * 10, Math.round(warm.rps * ROUND_SECONDS));

    const results: Array<{ traffic: Traffic; rounds: Round[] }> = [];
    for (const traffic of traffics) {
      // Warm-up: JIT, connection pools, the response cache, the auth cache of every key; it sets each round's size.
      const amounts = {} as Record<PathName, number>;
      const bareAmounts = {} as Record<PathName, number>;
      for (const path of PATHS) {
        bareAmounts[path.name] = PROFILE_METERED_ONLY ? 0 : amountFor(await load({ url: base + path.bare, connections: CONNECTIONS, seconds: 3 }));
        amounts[path.name] = amountFor(await load({ url: url(path.tool), connections: CONNECTIONS, seconds: 3, keys: traffic.keys }));
      }
      await settle();
      process.stdout.write(
        `\n${traffic.label}: ${ROUNDS} rounds of ` +
          PATHS.map((path) => `${amounts[path.name]} ${path.name} calls`).join(' and ') +
          `, each after its bare route (${PATHS.map((path) => bareAmounts[path.name]).join(' and ')} calls)\n`,
      );
      const rounds: Round[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const bare: Round['bare'] = PROFILE_METERED_ONLY ? null : {};
        const metered: Round['metered'] = {};
        for (const path of PATHS) {
          if (bare) bare[path.name] = await measured(() => load({ url: base + path.bare, connections: CONNECTIONS, amount: bareAmounts[path.name] }));
          metered[path.name] = await meteredRun(path.tool, traffic.keys, amounts[path.name]);
        }
        const failed = PATHS.reduce((sum, path) => sum + (bare?.[path.name]?.run.failed ?? 0) + metered[path.name]!.run.failed, 0);
        if (failed > 0) throw new Error(`${traffic.name} round ${round}: ${failed} answers failed`);
        rounds.push({ bare, metered });
        process.stdout.write(
          `  round ${round}: ` +
            PATHS.map(
              (path) =>
                `${path.name} ${metered[path.name]!.run.rps} rps (p99 ${metered[path.name]!.run.p99} ms) against bare ${bare?.[path.name]?.run.rps ?? '-'}`,
            ).join(', ') +
            '\n',
        );
      }
      results.push({ traffic, rounds });
    }

    const target = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite in the bench process';
    const { rows } = await sql.query<{ entries: string }>(`SELECT count(*) AS entries FROM credit_entries WHERE account_id = $1`, [main.id]);
    process.stdout.write(
      `\nhttp: one API process (compiled, LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'}), ${target}; ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of about ${ROUND_SECONDS} s each; ` +
        `the large account's ledger ${Number(rows[0].entries).toLocaleString('en')} entries at the end\n`,
    );
    for (const { traffic, rounds } of results) printRounds(traffic, PATHS, rounds);

    const goals: Goal[] = [];
    const side: Array<Record<string, string>> = [];
    for (const { traffic, rounds } of results) {
      const judged = judgeTraffic(traffic, PATHS, rounds, PROFILE_METERED_ONLY);
      goals.push(...judged.goals);
      side.push(judged.row);
    }
    if (small !== null && large !== null) goals.push(...judgeReads(list, small, large, { small: SMALL, large: ENTRIES }));
    process.stdout.write('\nside by side (medians of the rounds)\n');
    console.table(side);
    console.table(goals.map((g) => ({ ...g, met: g.met ? 'yes' : 'NO' })));
    failedGoals = goals.filter((g) => !g.met).length;
  } finally {
    await stopProcess(api);
    for (const file of Object.values(bodyFiles)) rmSync(file, { force: true });
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
