import { getQueueToken } from '@nestjs/bullmq';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'pg';
import request from 'supertest';
import { AppConfig } from '@scout/core';
import { FeedHub, FeedStore, type FeedEvent } from '@scout/feeds';
import { LEDGER_QUEUE, verifyLedger } from '@scout/ledger';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { sandboxEndpoints, type UpstreamEndpoints } from '@scout/upstream';
import { createWorkerContext, type WorkerContext } from '@scout/worker';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createApiApp } from '../src/bootstrap';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { findPgBouncer, startPgBouncer, type PgBouncer } from './support/pgbouncer';
import { randomKey } from './support/test-app';

/**
 * Scout behind PgBouncer in transaction mode (docs/operations.md, "Behind a connection pooler"):
 * the API and a worker on a fresh database with DATABASE_URL through a pool of 3 server connections
 * and DATABASE_SESSION_URL straight to PostgreSQL, for the feed hub's LISTEN, the queue backend and
 * the worker's scheduler lock. Needs a PostgreSQL server (DATABASE_URL) and the pgbouncer binary;
 * skipped only on the embedded database, which no pooler can stand in front of.
 */
const SERVER_URL = process.env.DATABASE_URL;
const POOL_SIZE = 3;
const RUN = randomUUID().slice(0, 6);
const TOKEN = `Bnc${RUN.replace(/[0OIl]/g, 'x')}${'1'.repeat(40)}`.slice(0, 44);
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const sum = (row: Record<string, unknown>, columns: string[]) => columns.reduce((n, c) => n + Number(row[c]), 0);
const SERVER_COLUMNS = ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'];
const SCHEDULER_LOCK = `hashtext('scout:job-schedulers')`;

let seq = 0;
function feedEvent(): FeedEvent {
  seq += 1;
  return {
    eventId: `pooler-${RUN}-${seq}`,
    side: 'buy',
    userId: `u-${RUN}`,
    trader: `pooler${RUN}`,
    tradeId: `t-${seq}`,
    tokenAddress: TOKEN,
    tokenSymbol: 'POOL',
    chain: 'solana',
    chainId: 1399811149,
    positionUsd: 500,
    realizedPnlUsd: null,
    tradeUsd: 100,
    text: null,
    at: new Date().toISOString(),
  };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

(SERVER_URL ? describe : describe.skip)('behind PgBouncer in transaction mode (PostgreSQL server only)', () => {
  let db: TestDatabase;
  let bouncer: PgBouncer;
  let sandbox: RunningSandbox;
  let app: NestExpressApplication;
  let worker: WorkerContext;
  let config: AppConfig;
  let endpoints: UpstreamEndpoints;
  /** Straight to the database, for assertions. */
  let direct: Pool;
  let dbName: string;
  const adminKey = randomKey();
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    const binary = findPgBouncer();
    if (!binary) {
      throw new Error('pgbouncer is not installed: `apt-get install -y pgbouncer` (.ci/run installs it); this spec runs wherever DATABASE_URL is set');
    }
    db = await createTestDatabase(SERVER_URL);
    dbName = new URL(db.url).pathname.slice(1);
    direct = new Pool({ connectionString: db.url, max: 2 });
    bouncer = await startPgBouncer(binary, db.url, { poolSize: POOL_SIZE });
    config = AppConfig.fromEnv({
      DATABASE_URL: bouncer.url,
      DATABASE_SESSION_URL: db.url,
      DB_MIGRATE_ON_START: 'false',
      DB_POOL_MAX: '10',
      LOG_LEVEL: 'silent',
      LOG_FORMAT: 'json',
      ADMIN_BOOTSTRAP_KEY: adminKey,
      UPSTREAM_CACHE_PREFIX: `scout_test_cache_${RUN}:`,
    });
    sandbox = await startSandbox();
    endpoints = sandboxEndpoints({ urls: sandbox.urls, keys: SANDBOX_KEYS });
    app = await createApiApp(config, bouncer.url, endpoints, { modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS });
    await app.listen(0, '127.0.0.1');
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await sandbox?.close();
    await direct?.end();
    await bouncer?.stop();
    await db?.dispose();
  }, 60_000);

  /** Backends of the test database other than the assertion pool's, by pid. */
  async function backends(): Promise<Array<{ pid: number; application_name: string; wait_event_type: string | null }>> {
    const { rows } = await direct.query(
      `SELECT pid, application_name, wait_event_type FROM pg_stat_activity
        WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      [dbName],
    );
    return rows;
  }

  /** The backends behind PgBouncer's server connections to the test database. */
  const pooledPids = async () => (await bouncer.show('SHOW SERVERS')).filter((s) => s.database === dbName).map((s) => Number(s.remote_pid));

  async function account(name: string, credits: number): Promise<{ accountId: string; apiKey: string }> {
    const created = await http().post('/api/v1/admin/accounts').set(bearer(adminKey)).send({ name });
    expect(created.status).toBe(201);
    const accountId: string = created.body.account.id;
    const delta = credits - created.body.account.balance;
    const adjusted = await http()
      .post(`/api/v1/admin/accounts/${accountId}/credits`)
      .set(bearer(adminKey))
      .send({ credits: delta, kind: 'adjustment', reason: 'test set-up' });
    expect(adjusted.status).toBe(201);
    return { accountId, apiKey: created.body.apiKey };
  }

  it('starts a worker (as main.ts does) whose job-scheduler lock is a session of its own: it waits for the lock off the pooler', async () => {
    // Holding the schedulers' lock here makes the worker's start wait for it, where its connection can be seen.
    const holder = await direct.connect();
    await holder.query(`SELECT pg_advisory_lock(${SCHEDULER_LOCK})`);
    let starting: Promise<WorkerContext>;
    try {
      starting = createWorkerContext(config, bouncer.url, endpoints, { feedIngestion: false, shutdownTimeoutMs: 2000 });
      starting.catch(() => undefined);
      let waiting: { pid: number } | undefined;
      await until(
        async () => (waiting = (await backends()).find((b) => b.application_name === 'scout-worker-schedulers' && b.wait_event_type === 'Lock')) !== undefined,
        'the worker to wait for the job-scheduler lock',
        60_000,
      );
      expect(await pooledPids()).not.toContain(waiting!.pid);
    } finally {
      await holder.query(`SELECT pg_advisory_unlock(${SCHEDULER_LOCK})`);
      holder.release();
    }
    worker = await starting;
    expect(worker.backend).toBe('postgres');
  }, 90_000);

  it('answers and charges paid calls of many concurrent callers exactly, on 3 server connections shared by many clients', async () => {
    const funded = await Promise.all(Array.from({ length: 8 }, (_, i) => account(`pooled ${i}`, 20 * 250)));
    const short = await account('pooled, 5 calls of credits', 5 * 250);
    const callsEach = 12;
    let peakServers = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const pool = (await bouncer.show('SHOW POOLS')).find((p) => p.database === dbName);
        if (pool) peakServers = Math.max(peakServers, sum(pool, SERVER_COLUMNS));
        await sleep(25);
      }
    })();
    const call = (apiKey: string) => http().post('/api/v1/tools/fixture_paid').set(bearer(apiKey)).send({ delayMs: 20 });
    const answers = await Promise.all(
      [...funded, short].map((a) => Promise.all(Array.from({ length: callsEach }, () => call(a.apiKey).then((r) => r.status)))),
    );
    sampling = false;
    await sampler;

    for (const statuses of answers.slice(0, -1)) expect(statuses).toEqual(Array(callsEach).fill(200));
    const shortStatuses = answers.at(-1)!;
    expect([shortStatuses.filter((s) => s === 200).length, shortStatuses.filter((s) => s === 402).length]).toEqual([5, callsEach - 5]);
    for (const [a, charged] of [...funded.map((f) => [f, callsEach] as const), [short, 5] as const]) {
      const { rows } = await direct.query(
        `SELECT scout_spendable($1) AS spendable, count(*)::int AS entries, coalesce(sum(amount), 0)::int AS total
           FROM credit_entries WHERE account_id = $1 AND kind = 'usage'`,
        [a.accountId],
      );
      const start = a === short ? 5 * 250 : 20 * 250;
      expect(rows[0]).toEqual({ spendable: start - charged * 250, entries: charged, total: -charged * 250 });
    }
    const ids = [...funded, short].map((a) => a.accountId);
    await expect(verifyLedger(async (sql, params) => (await direct.query(sql, params)).rows, { accountIds: ids })).resolves.toEqual([]);

    // The pool was shared: never more than 3 server connections, more clients than that, and clients waited for one.
    expect(peakServers).toBeGreaterThan(0);
    expect(peakServers).toBeLessThanOrEqual(POOL_SIZE);
    expect((await bouncer.show('SHOW CLIENTS')).filter((c) => c.database === dbName).length).toBeGreaterThan(POOL_SIZE);
    const stats = (await bouncer.show('SHOW STATS')).find((s) => s.database === dbName)!;
    expect(Number(stats.total_wait_time)).toBeGreaterThan(0);
  });

  it("keeps the queue backend's connections off the pooler; the scheduler lock is released and its connection closed", async () => {
    const schedulers = await worker.app.get<Queue>(getQueueToken(LEDGER_QUEUE.name), { strict: false }).getJobSchedulersCount();
    expect(schedulers).toBeGreaterThan(0);
    const pooled = new Set(await pooledPids());
    expect(pooled.size).toBeLessThanOrEqual(POOL_SIZE);
    const sessions = (await backends()).filter((b) => !pooled.has(b.pid));
    expect(sessions.some((b) => b.application_name.startsWith('scout-queue') || b.application_name.includes(LEDGER_QUEUE.name))).toBe(true);
    expect(sessions.filter((b) => b.application_name === 'scout-worker-schedulers')).toEqual([]);
    const { rows } = await direct.query(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 AND objid = (${SCHEDULER_LOCK}::bigint & 4294967295)::oid`,
    );
    expect(rows[0].n).toBe(0);
  });

  it("delivers a feed event inserted through the pooler to a held watch: the hub's LISTEN is on the session URL", async () => {
    const { apiKey } = await account('pooled watcher', 1000);
    const hub = app.get(FeedHub);
    const watch = http()
      .post('/api/v1/tools/service_fomo_watch_stream')
      .set(bearer(apiKey))
      .send({ token: TOKEN, durationSeconds: 15, maxEvents: 1, includeReplay: false });
    const answered = watch.then((r) => r);
    await until(() => hub.size === 1 && hub.listening, 'the watch to start');
    const listener = (await backends()).find((b) => b.application_name === `scout-feed-hub:${process.pid}`);
    expect(listener).toBeDefined();
    expect(await pooledPids()).not.toContain(listener!.pid);

    const e = feedEvent();
    await app.get(FeedStore).insert([e], 'stream');
    const res = await answered;
    expect(res.status).toBe(200);
    expect(res.body.data.events.map((x: { eventId: string }) => x.eventId)).toEqual([e.eventId]);
  });

  it('control: a hub whose LISTEN goes through the transaction pooler too never hears the event the session hub delivers', async () => {
    const { apiKey } = await account('control watcher', 1000);
    const hub = app.get(FeedHub);
    await until(() => hub.size === 0, 'the earlier watch to be removed');
    const throughPooler = new FeedHub(bouncer.url);
    const heard: FeedEvent[] = [];
    try {
      await throughPooler.watch({ matches: (event) => event.tokenAddress === TOKEN, deliver: (event) => heard.push(event), end: () => undefined });
      expect(throughPooler.listening).toBe(true);
      const answered = http()
        .post('/api/v1/tools/service_fomo_watch_stream')
        .set(bearer(apiKey))
        .send({ token: TOKEN, durationSeconds: 15, maxEvents: 1, includeReplay: false })
        .then((r) => r);
      await until(() => hub.size === 1 && hub.listening, 'the watch to start');
      const e = feedEvent();
      await app.get(FeedStore).insert([e], 'stream');
      // The event was announced and reached the session hub's watch...
      expect((await answered).body.data.events.map((x: { eventId: string }) => x.eventId)).toEqual([e.eventId]);
      // ...but the LISTEN through the pooler went back to the pool with its server connection when its statement ended.
      await sleep(1000);
      expect(heard).toEqual([]);
      expect(throughPooler.listening).toBe(true);
    } finally {
      await throughPooler.onApplicationShutdown();
    }
  });
});
