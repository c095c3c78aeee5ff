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
 * BENCH_TRAFFIC (one,spread,mixed: the kinds to run), BENCH_CPU_PROF (a directory: the API's CPU
 * profile, written when it stops), BENCH_METERED_ONLY (1: no bare rounds and no reads, for that profile).
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool as PgPool } from 'pg';
import { startSandbox } from '@scout/sandbox';
import { freePort, sandboxProviderEnv, stopProcess, waitForHttp } from '../test/processes/child-processes';
import { createTestDatabase } from '../test/test-database';
import { prepareApi, startApiProcess } from './support/api-process';
import { perCall, withCpu, type CallCpu } from './support/cpu';
import { fillLedger } from './support/ledger-fill';
import { load, median, type LoadResult } from './support/load';

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

const ms = (value: number) => value.toFixed(1);

/** Issue 39's goals. */
const GOALS = { meteredVsBare: 0.7, p99VsBare: 2, lateVsEarly: 0.9, readsLargeVsSmall: 1.5 };

/** The two ways a paid call is charged, each answered from cache after the warm-up. */
const PATHS = [
  { name: 'direct', tool: 'service_chain_health', what: 'cached direct charge', bare: '/bench/bare', bodyEnv: 'BARE_BODY_FILE' },
  { name: 'hold', tool: 'service_fomo_leaderboard?window=7d', what: 'hold and post', bare: '/bench/bare-hold', bodyEnv: 'BARE_HOLD_BODY_FILE' },
] as const;
type PathName = (typeof PATHS)[number]['name'];

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

interface Run {
  run: LoadResult;
  cpu: CallCpu;
}
interface MeteredRun extends Run {
  /** Usage entries the ledger gained during the run. */
  entries: number;
}
interface Round {
  /** The bare route answering each path's own bytes. */
  bare: Record<PathName, Run> | null;
  metered: Record<PathName, MeteredRun>;
}

/** How the connections' keys are dealt for one kind of traffic. */
interface Traffic {
  name: string;
  keys: string[];
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
    const list = reads(main.id);

    process.stdout.write(`filling the ledger: ${SMALL} calls\n`);
    await fillLedger(sql, main.id, SMALL, HISTORY_DAYS);
    const small = PROFILE_METERED_ONLY ? null : await measureReads(base, list, main.apiKey, adminKey);
    process.stdout.write(`filling the ledger: ${ENTRIES - SMALL} more calls\n`);
    const fillStarted = Date.now();
    await fillLedger(sql, main.id, ENTRIES - SMALL, HISTORY_DAYS);
    process.stdout.write(`  filled in ${((Date.now() - fillStarted) / 1000).toFixed(0)} s\n`);
    const large = PROFILE_METERED_ONLY ? null : await measureReads(base, list, main.apiKey, adminKey);

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
      { name: 'one', keys: [main.apiKey] },
      { name: 'spread', keys: spread.map((a) => a.apiKey) },
      { name: 'mixed', keys: spread.map((a, i) => (i % 3 === 0 ? main.apiKey : a.apiKey)) },
    ].filter((t) => TRAFFIC.includes(t.name));
    const label: Record<string, string> = {
      one: '1 account',
      spread: `${CONNECTIONS} accounts`,
      mixed: `mixed (1/3 on 1 account)`,
    };

    const url = (tool: string) => `${base}/api/v1/tools/${tool}`;
    for (const path of PATHS) {
      const answer = await fetch(url(path.tool), { headers: { authorization: `Bearer ${main.apiKey}` } });
      if (answer.status !== 200) throw new Error(`${path.tool} answered ${answer.status}: ${await answer.text()}`);
      writeFileSync(bodyFiles[path.name], await answer.text());
    }
    const lastEntryId = async () => Number((await sql.query<{ id: string | null }>(`SELECT max(id) AS id FROM credit_entries`)).rows[0].id ?? 0);
    const usageEntriesAfter = async (id: number) =>
      Number((await sql.query<{ n: string }>(`SELECT count(*) AS n FROM credit_entries WHERE id > $1 AND kind = 'usage'`, [id])).rows[0].n);
    const meteredRun = async (tool: string, keys: string[], amount: number): Promise<MeteredRun> => {
      const before = await lastEntryId();
      const result = await measured(() => load({ url: url(tool), connections: CONNECTIONS, amount, keys }));
      return { ...result, entries: await usageEntriesAfter(before) };
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
      process.stdout.write(
        `\n${label[traffic.name]}: ${ROUNDS} rounds of ${amounts.direct} direct and ${amounts.hold} hold calls, each after its bare route (${bareAmounts.direct} and ${bareAmounts.hold} calls)\n`,
      );
      const rounds: Round[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const bare = PROFILE_METERED_ONLY ? null : ({} as Record<PathName, Run>);
        const metered = {} as Record<PathName, MeteredRun>;
        for (const path of PATHS) {
          if (bare) bare[path.name] = await measured(() => load({ url: base + path.bare, connections: CONNECTIONS, amount: bareAmounts[path.name] }));
          metered[path.name] = await meteredRun(path.tool, traffic.keys, amounts[path.name]);
        }
        const failed = PATHS.reduce((sum, path) => sum + (bare?.[path.name].run.failed ?? 0) + metered[path.name].run.failed, 0);
        if (failed > 0) throw new Error(`${traffic.name} round ${round}: ${failed} answers failed`);
        rounds.push({ bare, metered });
        process.stdout.write(
          `  round ${round}: ` +
            PATHS.map(
              (path) =>
                `${path.name} ${metered[path.name].run.rps} rps (p99 ${metered[path.name].run.p99} ms) against bare ${bare?.[path.name].run.rps ?? '-'}`,
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
    for (const { traffic, rounds } of results) {
      process.stdout.write(`\n${label[traffic.name]} (CPU per call, µs: API / PostgreSQL / load generator)\n`);
      console.table(
        rounds.map((r, i) => ({
          round: i + 1,
          'direct rps (p99)': `${r.metered.direct.run.rps} (${r.metered.direct.run.p99})`,
          'its bare rps (p99)': r.bare ? `${r.bare.direct.run.rps} (${r.bare.direct.run.p99})` : '-',
          'hold rps (p99)': `${r.metered.hold.run.rps} (${r.metered.hold.run.p99})`,
          'its bare rps (p99) ': r.bare ? `${r.bare.hold.run.rps} (${r.bare.hold.run.p99})` : '-',
          'direct CPU': perCall(r.metered.direct.cpu),
          'bare CPU': r.bare ? perCall(r.bare.direct.cpu) : '-',
          'hold CPU': perCall(r.metered.hold.cpu),
          'bare CPU ': r.bare ? perCall(r.bare.hold.cpu) : '-',
        })),
      );
    }

    const goals: Array<{ figure: string; value: string; goal: string; met: boolean }> = [];
    const side: Array<Record<string, string>> = [];
    for (const { traffic, rounds } of results) {
      const row: Record<string, string> = { traffic: label[traffic.name] };
      for (const path of PATHS) {
        const bareRps = median(rounds.map((r) => r.bare?.[path.name].run.rps ?? 1));
        const bareP99 = median(rounds.map((r) => r.bare?.[path.name].run.p99 ?? 0));
        row[`${path.name}: its bare rps (p99 ms)`] = `${bareRps} (${bareP99})`;
        const runs = rounds.map((r) => r.metered[path.name]);
        const rps = median(runs.map((r) => r.run.rps));
        const p99 = median(runs.map((r) => r.run.p99));
        const ratio = rps / bareRps;
        const p99Ratio = bareP99 > 0 ? p99 / bareP99 : Infinity;
        // Round one decides nothing: the last three rounds against rounds two to four.
        const late = median(runs.slice(-3).map((r) => r.run.rps)) / median(runs.slice(1, 4).map((r) => r.run.rps));
        const answered = runs.reduce((sum, r) => sum + r.run.ok, 0);
        const entries = runs.reduce((sum, r) => sum + r.entries, 0);
        row[`${path.name}: rps, ×bare`] = `${rps}, ${ratio.toFixed(2)}`;
        row[`${path.name}: p99 ms, ×bare`] = `${p99}, ${p99Ratio.toFixed(2)}`;
        row[`${path.name}: late/early`] = late.toFixed(2);
        const name = `${label[traffic.name]}, ${path.what}`;
        goals.push(
          { figure: `${name}: usage entries = 2xx answers`, value: `${entries} / ${answered}`, goal: 'equal', met: entries === answered },
          ...(PROFILE_METERED_ONLY
            ? []
            : [
                { figure: `${name}: rate / bare`, value: ratio.toFixed(2), goal: `>= ${GOALS.meteredVsBare}`, met: ratio >= GOALS.meteredVsBare },
                {
                  figure: `${name}: p99 / bare p99`,
                  value: `${p99} / ${bareP99} ms = ${p99Ratio.toFixed(2)}`,
                  goal: `<= ${GOALS.p99VsBare}`,
                  met: p99Ratio <= GOALS.p99VsBare,
                },
              ]),
          {
            figure: `${name}: last three rounds / rounds 2-4 (median rps)`,
            value: late.toFixed(2),
            goal: `>= ${GOALS.lateVsEarly}`,
            met: late >= GOALS.lateVsEarly,
          },
        );
      }
      side.push(row);
    }
    if (small !== null && large !== null) {
      for (const read of list) {
        const worst = Math.max(large[read.name].one / small[read.name].one, large[read.name].sixteen / small[read.name].sixteen);
        goals.push({
          figure: `${read.name}: mean ms, ${SMALL.toLocaleString('en')} → ${ENTRIES.toLocaleString('en')} entries (1 / 16 callers)`,
          value: `${ms(small[read.name].one)}→${ms(large[read.name].one)} / ${ms(small[read.name].sixteen)}→${ms(large[read.name].sixteen)} (×${worst.toFixed(2)})`,
          goal: `<= ×${GOALS.readsLargeVsSmall}`,
          met: worst <= GOALS.readsLargeVsSmall,
        });
      }
    }
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
