/**
 * The chaos tier (`npm run test:chaos`): a real cluster on the local PostgreSQL server (a fresh
 * database, dropped afterwards), a bounded load of tool calls of every family (calls.ts), over
 * REST with API keys and over /mcp with OAuth access tokens, with and without Idempotency-Keys,
 * while sandbox faults come and go, the API processes' database connections are
 * terminated, one API is killed with SIGKILL and the other drained with SIGTERM (both restarted).
 * Then, once every hold's deadline has passed, the client's records are joined to the ledger and
 * the rules of issue 9 are checked. Exit status: 0 clean, 1 violations, 2 the run could not happen.
 *
 * Settings (environment): CHAOS_DATABASE_URL (else DATABASE_URL, else the local server),
 * CHAOS_REDIS_URL, CHAOS_DURATION_S (30), CHAOS_CONCURRENCY (24), CHAOS_MAX_REQUESTS (20000),
 * CHAOS_TOOL_DEADLINE_MS (4000). Everything runs on 127.0.0.1 only.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { adminPost, ledgerVerify } from '../processes/cluster-admin';
import { auditLedger, pendingExpiredHolds, pendingHolds, type Violation } from './audit';
import { everyCall, readWorld, type World } from './calls';
import { Cluster, SANDBOX_FOMO_KEY, type ApiNode } from './cluster';
import { runChaos, type ChaosCounters } from './disruptions';
import { floorsOf, floorViolations } from './floors';
import { Balancer, runLoad, send, type Account, type CallInFlight } from './load';
import { oauthAccessToken } from './mcp-client';
import { printSummary } from './report';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const HOLD_SWEEP_EVERY_MS = 15_000;

function intSetting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return value;
}

function loopbackUrl(name: string, raw: string): string {
  const url = new URL(raw);
  if (!LOOPBACK.has(url.hostname)) throw new Error(`${name} must point at this machine (127.0.0.1), not ${url.hostname}`);
  return raw;
}

const settings = {
  serverUrl: loopbackUrl('CHAOS_DATABASE_URL', process.env.CHAOS_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'),
  redisUrl: process.env.CHAOS_REDIS_URL ? loopbackUrl('CHAOS_REDIS_URL', process.env.CHAOS_REDIS_URL) : undefined,
  durationMs: intSetting('CHAOS_DURATION_S', 30, 5, 600) * 1000,
  concurrency: intSetting('CHAOS_CONCURRENCY', 24, 1, 64),
  maxRequests: intSetting('CHAOS_MAX_REQUESTS', 20_000, 100, 200_000),
  toolDeadlineMs: intSetting('CHAOS_TOOL_DEADLINE_MS', 4000, 1000, 30_000),
  holdGraceMs: 2000,
  accounts: 6,
};

const log = (line: string) => process.stdout.write(`[chaos] ${line}\n`);

/** Accounts with credits, an API key for REST and an OAuth access token (its own client's sign-in) for /mcp. */
async function setUpAccounts(base: string, adminKey: string, names: string[]): Promise<Account[]> {
  const accounts: Account[] = [];
  for (const name of names) {
    const created = await adminPost<{ account: { id: string }; apiKey: string }>(base, adminKey, '/api/v1/admin/accounts', { name });
    await adminPost(base, adminKey, `/api/v1/admin/accounts/${created.account.id}/credits`, { credits: 50_000_000, kind: 'grant', reason: 'chaos load' });
    const token = await oauthAccessToken(base, created.apiKey, `${name} agent`);
    // The run never refreshes: the token must outlive the load, its retries and the preflight.
    const needed = Date.now() + settings.durationMs + settings.toolDeadlineMs + 10_000 + 120_000;
    if (token.expiresAt < needed) throw new Error(`the access token expires in ${Math.round((token.expiresAt - Date.now()) / 1000)} s: shorter than the run`);
    accounts.push({ accountId: created.account.id, apiKey: created.apiKey, accessToken: token.accessToken });
  }
  return accounts;
}

/**
 * Every call of the mix once over REST and once over /mcp, from an account the audit leaves out,
 * before the disruptions: each must answer 200, else its inputs are stale and the load would
 * measure refusals. A failure here means the run could not happen (exit 2), not a violation.
 */
async function preflight(api: ApiNode, account: Account, world: World): Promise<void> {
  const failures: string[] = [];
  for (const transport of ['rest', 'mcp'] as const) {
    await Promise.all(
      everyCall(world, account.accountId).map(async (sequence) => {
        for (const make of sequence) {
          const call = make();
          const result = await send(api, account, call, transport, null, settings.toolDeadlineMs + 10_000);
          if (result.status !== 200) failures.push(`${transport} ${call.tool} ${JSON.stringify(call.args)}: ${result.status} ${result.errorCode ?? ''}`);
        }
      }),
    );
  }
  if (failures.length) throw new Error(`preflight: ${failures.length} calls of the mix did not answer 200:\n  ${failures.join('\n  ')}`);
}

async function toolCosts(base: string): Promise<Record<string, number>> {
  const res = await fetch(`${base}/api/v1/tools`);
  const body = (await res.json()) as { tools: Array<{ name: string; cost: number }> };
  return Object.fromEntries(body.tools.map((t) => [t.name, t.cost]));
}

/** Waits until no hold is pending (each expires at deadline + grace and the sweep voids it), bounded. */
async function waitForHolds(sql: Client): Promise<void> {
  const deadline = Date.now() + settings.toolDeadlineMs + settings.holdGraceMs + HOLD_SWEEP_EVERY_MS + 15_000;
  while (Date.now() < deadline && (await pendingHolds(sql)) > 0) await new Promise((r) => setTimeout(r, 1000));
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  let database: TestDatabase | undefined;
  let cluster: Cluster | undefined;
  const sql = () => new Client({ connectionString: database!.url, application_name: 'scout-chaos-harness' });
  try {
    database = await createTestDatabase(settings.serverUrl);
    log(`database ${new URL(database.url).pathname.slice(1)} migrated; starting sandbox, 2 APIs, 1 worker`);
    const adminKey = `sc_${randomBytes(24).toString('base64url')}`;
    cluster = new Cluster({
      databaseUrl: database.url,
      redisUrl: settings.redisUrl,
      adminKey,
      toolDeadlineMs: settings.toolDeadlineMs,
      holdGraceMs: settings.holdGraceMs,
      shutdownGraceMs: settings.toolDeadlineMs + 4000,
    });
    await cluster.start();
    const base = cluster.apis[0].url;
    const names = Array.from({ length: settings.accounts }, (_, i) => `chaos ${i}`);
    const [preflightAccount, ...accounts] = await setUpAccounts(base, adminKey, ['chaos preflight', ...names]);
    const costs = await toolCosts(base);
    const world = await readWorld(cluster.sandboxUrl, SANDBOX_FOMO_KEY);
    await preflight(cluster.apis[0], preflightAccount, world);
    log(`${accounts.length} accounts signed in over OAuth; every call of the mix answered 200 over REST and /mcp`);
    const db = sql();
    await db.connect();
    const start = await db.query<{ id: string; balance: string }>(`SELECT id, balance FROM accounts WHERE id = ANY($1::uuid[])`, [
      accounts.map((a) => a.accountId),
    ]);
    const startBalances = new Map(start.rows.map((r) => [r.id, Number(r.balance)]));

    log(`load: ${settings.durationMs / 1000} s, concurrency ${settings.concurrency}, tool deadline ${settings.toolDeadlineMs} ms`);
    const balancer = new Balancer(cluster.apis);
    balancer.start();
    const counters: ChaosCounters = { terminated: 0, terminationRounds: 0, terminatedAt: [], kills: 0, sigterms: 0, faultSwitches: 0, stops: [], errors: [] };
    const inFlight = new Set<CallInFlight>();
    const [records] = await Promise.all([
      runLoad(
        balancer,
        accounts,
        costs,
        world,
        {
          durationMs: settings.durationMs,
          concurrency: settings.concurrency,
          maxRequests: settings.maxRequests,
          keyedShare: 0.4,
          keyedAttempts: 3,
          resendShare: 0.2,
          mcpShare: 0.3,
          requestTimeoutMs: settings.toolDeadlineMs + 10_000,
        },
        inFlight,
      ),
      runChaos(cluster, db, settings.durationMs, counters, inFlight),
    ]);
    balancer.stop();

    log(`load done (${records.length} requests); waiting for every hold's deadline and the sweep`);
    await waitForHolds(db);
    const audit = await auditLedger(db, records, startBalances, counters.stops);
    const violations: Violation[] = [...audit.violations];
    const stale = await pendingExpiredHolds(db);
    if (stale > 0) violations.push({ rule: 'pendingHolds', detail: `${stale} holds pending past their deadline` });
    await db.end();
    await cluster.stop();
    // Every stop but the kill -9 was a SIGTERM and must end in exit 0; the kill -9 must find the
    // process alive (an exit code there means it had died on its own before).
    for (const api of cluster.apis) {
      api.exits.forEach((code, i) => {
        const killed = api === cluster!.apis[0] && i === 0;
        if (killed ? code !== null : code !== 0) {
          violations.push({
            rule: 'cleanStop',
            detail: `${api.name} process ${i + 1} ended ${code ?? 'by SIGKILL'}${killed ? ' before its kill -9' : ''}:\n${api.logs[i].slice(-2000)}`,
          });
        }
      });
    }
    if (cluster.workerExit !== 0) violations.push({ rule: 'cleanStop', detail: `worker exited ${cluster.workerExit} on SIGTERM` });
    const verify = ledgerVerify(database.url, 120_000);
    if (!verify.clean) violations.push({ rule: 'ledgerVerify', detail: verify.output.trim().split('\n').slice(-15).join('\n') });

    // A clean audit proves nothing unless the load and the disruptions happened: count them.
    const floors = floorsOf(records, counters, settings, audit);
    violations.push(...floorViolations(floors));

    printSummary({
      records,
      counters,
      floors,
      violations,
      lostAnswersReplayed: audit.lostAnswersReplayed,
      lostInCrash: audit.lostInCrash,
      paths: audit.paths,
      cluster,
      seconds: (Date.now() - startedAt) / 1000,
      settings,
    });
    return violations.length === 0 ? 0 : 1;
  } catch (error) {
    process.stderr.write(`[chaos] could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    if (cluster) process.stderr.write(cluster.output() + '\n');
    return 2;
  } finally {
    await cluster?.stop().catch(() => undefined);
    await database?.dispose().catch((e: unknown) => process.stderr.write(`[chaos] could not drop the database: ${String(e)}\n`));
  }
}

// A hard stop: whatever hangs, the run ends (children are killed by the exit hook).
const HARD_STOP_MS = settings.durationMs + 300_000;
setTimeout(() => {
  process.stderr.write('[chaos] hard time limit reached\n');
  process.exit(2);
}, HARD_STOP_MS).unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(2));

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[chaos] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
