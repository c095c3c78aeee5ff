import type { Job } from 'bullmq';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig, jobNamesOf, type JobQueueDefinition } from '@scout/core';
import { EMBEDDED_QUEUE_SCHEMA } from '@scout/database';
import {
  EXPIRE_GRANTS_JOB,
  GRANT_EXPIRY_SCHEDULER_ID,
  HOLD_SWEEP_SCHEDULER_ID,
  LEDGER_QUEUE,
  LedgerQueueProducer,
  PLAN_RENEWAL_SCHEDULER_ID,
  RENEW_PLANS_JOB,
  VOID_EXPIRED_HOLDS_JOB,
} from '@scout/ledger';
import { startSandbox, SANDBOX_KEYS, type RunningSandbox } from '@scout/sandbox';
import { DIRECTORY_REFRESH_SCHEDULER_ID, REFRESH_DIRECTORY_JOB, TRADERS_QUEUE, TradersQueueProducer } from '@scout/traders';
import { sandboxEndpoints, type UpstreamEndpoints } from '@scout/upstream';
import { ManualClock } from '../../../test/manual-clock';
import { ledgerInvariantViolations } from '../../../test/ledger-invariants';
import { ledgerRows } from '../../../test/ledger-rows';
import {
  createWorkerContext,
  HandlesJob,
  JobProcessor,
  QueueProcessor,
  queueConnection,
  ScoutQueue,
  type WorkerContext,
  type WorkerContextOptions,
} from '@scout/worker';
import { TEST_QUEUE, TestJobsProcessor, WORKER_LABEL } from './support/test-jobs';
import { testDatabaseUrl } from '../../../test/test-database';
import { directoryMismatches, sandboxBoards } from '../../../test/trader-boards';

/**
 * The worker (apps/worker) booted through createWorkerContext, as main.ts and the API's in-process
 * worker boot it, on both queue backends: Redis, and BullMQ's PostgreSQL backend on the test's
 * ledger database (embedded PGlite or a PostgreSQL server).
 *
 * Isolation: each test gets its own Redis key prefix or PostgreSQL schema, except on the embedded
 * database, where only BullMQ's default schema is on the search path (the queues are emptied after
 * each test there; the database itself is new for every run). Workers here never upsert the real
 * every-minute expiry schedule while consuming (it would sweep every account of the shared test
 * database, including grants other test files leave expired on purpose), nor the directory refresh
 * schedule, and expiry jobs name their account.
 *
 * Upstreams: a sandbox of the file's own, its clock pinned a day ahead so the directory refresh's
 * sightings of its (fixed-universe) traders are not overtaken by other test files' during a test.
 */

const REDIS_URL = process.env.SCOUT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN = `${process.pid}_${Date.now().toString(36)}`;
const ON_SERVER = Boolean(process.env.DATABASE_URL);
const DAY_MS = 24 * 60 * 60 * 1000;

let sandbox: RunningSandbox;
let endpoints: UpstreamEndpoints;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 42 });
  sandbox.clock.pin(Math.ceil((Date.now() + DAY_MS) / 60_000) * 60_000);
  endpoints = sandboxEndpoints({ urls: sandbox.urls, keys: SANDBOX_KEYS });
});

afterAll(() => sandbox?.close());

const BACKENDS = [
  { name: 'Redis', redisUrl: REDIS_URL, namespace: (n: number) => `scout_test_${RUN}_${n}` },
  { name: 'PostgreSQL', redisUrl: undefined, namespace: (n: number) => (ON_SERVER ? `bullmq_test_${RUN}_${n}` : EMBEDDED_QUEUE_SCHEMA) },
];

describe.each(BACKENDS)('worker on $name', (backend) => {
  let pool: Pool;
  let config: AppConfig;
  let testNumber = 0;
  let namespace: string;
  let contexts: WorkerContext[] = [];
  let queues: ScoutQueue[] = [];

  beforeAll(() => {
    pool = new Pool({ connectionString: testDatabaseUrl(), max: 20 });
    config = AppConfig.fromEnv({
      DATABASE_URL: testDatabaseUrl(),
      // Up to three workers run at once beside the rest of the suite's clients on one server (a
      // default max_connections of 100): a few connections each are plenty for these jobs.
      DB_POOL_MAX: '4',
      LOG_LEVEL: 'silent',
      ...(backend.redisUrl ? { REDIS_URL: backend.redisUrl } : {}),
    });
  });

  beforeEach(() => {
    namespace = backend.namespace(++testNumber);
    // Each test's workers share upstream answers through Redis only among themselves (afterAll
    // deletes the keys with the namespaces).
    if (backend.redisUrl) config.UPSTREAM_CACHE_PREFIX = `${namespace}:cache:`;
  });

  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    sandbox.control.clear();
    for (const name of [LEDGER_QUEUE.name, TRADERS_QUEUE.name, TEST_QUEUE.name]) await adminQueue(name).obliterate({ force: true });
    await Promise.all(queues.map((queue) => queue.close()));
    queues = [];
  });

  afterAll(async () => {
    await pool.end();
    if (backend.redisUrl) {
      const redis = new Redis(backend.redisUrl);
      const keys = await redis.keys(`scout_test_${RUN}_*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  // --- helpers -------------------------------------------------------------------------------

  async function boot(label: string, options: WorkerContextOptions = {}): Promise<WorkerContext> {
    const context = await createWorkerContext(config, testDatabaseUrl(), endpoints, {
      namespace,
      schedulers: false,
      queues: [TEST_QUEUE],
      processors: [TestJobsProcessor],
      providers: [{ provide: WORKER_LABEL, useValue: label }],
      ...options,
    });
    contexts.push(context);
    return context;
  }

  /** A queue handle of the test's own, on the same backend and namespace as the workers. */
  function adminQueue(name: string): ScoutQueue {
    const { connection, prefix } = queueConnection({ redisUrl: backend.redisUrl, databaseUrl: testDatabaseUrl(), namespace });
    const queue = new ScoutQueue(name, { connection, prefix });
    queues.push(queue);
    return queue;
  }

  async function waitForState(queue: ScoutQueue, id: string, states: string[], timeoutMs = 15_000): Promise<Job> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await queue.getJob(id);
      const state = job ? await job.getState() : 'missing';
      // Read again: the state may have moved on since the job was read.
      if (job && states.includes(state)) return (await queue.getJob(id))!;
      if (Date.now() > deadline) throw new Error(`job ${id} is ${state}, not ${states.join('|')}, after ${timeoutMs} ms`);
      await sleep(25);
    }
  }

  async function newAccount(): Promise<string> {
    const { rows } = await pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('worker int-spec') RETURNING id`);
    return rows[0].id;
  }

  async function topUp(accountId: string, credits: number): Promise<string> {
    const { rows } = await pool.query(`SELECT grant_id FROM scout_grant($1, 'topup', $2, $3, 'int-spec', 'test')`, [
      accountId,
      credits,
      new Date(Date.now() + 30 * DAY_MS),
    ]);
    return rows[0].grant_id as string;
  }

  async function spend(accountId: string, credits: number): Promise<string> {
    const { rows } = await pool.query(`SELECT status FROM scout_spend($1, $2, 'usage', 'int_tool', $3, NULL, NULL)`, [
      accountId,
      credits,
      `req-${Math.random().toString(36).slice(2)}`,
    ]);
    return rows[0].status as string;
  }

  async function balanceOf(accountId: string): Promise<number> {
    const { rows } = await pool.query(`SELECT balance FROM accounts WHERE id = $1`, [accountId]);
    return Number(rows[0].balance);
  }

  // --- tests ---------------------------------------------------------------------------------

  it('keeps one schedule per ledger job (expiry, renewal, hold sweep) and for the directory refresh however many workers boot', async () => {
    const ledger = adminQueue(LEDGER_QUEUE.name);
    const traders = adminQueue(TRADERS_QUEUE.name);
    // Paused: these workers upsert the real schedules, whose first runs would sweep the shared database.
    await ledger.pause();
    await traders.pause();

    // Three workers: two booting at once, one after. (Each worker holds a few PostgreSQL connections
    // per queue on the PostgreSQL backend, so more would crowd a default max_connections of 100.)
    await Promise.all(['a', 'b'].map((label) => boot(label, { schedulers: true })));
    await boot('c', { schedulers: true });

    const schedulers = await ledger.getJobSchedulers();
    expect(schedulers.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      expect.objectContaining({ key: GRANT_EXPIRY_SCHEDULER_ID, name: EXPIRE_GRANTS_JOB, every: 60_000 }),
      expect.objectContaining({ key: PLAN_RENEWAL_SCHEDULER_ID, name: RENEW_PLANS_JOB, every: 60_000 }),
      expect.objectContaining({ key: HOLD_SWEEP_SCHEDULER_ID, name: VOID_EXPIRED_HOLDS_JOB, every: 15_000 }),
    ]);
    expect(await ledger.getJobSchedulersCount()).toBe(3);
    expect(await traders.getJobSchedulers()).toEqual([
      expect.objectContaining({ key: DIRECTORY_REFRESH_SCHEDULER_ID, name: REFRESH_DIRECTORY_JOB, every: 5 * 60_000 }),
    ]);
    // Its runs: one job per 60 s slot (the job id names the slot), never two due at once.
    const runs = (await ledger.getJobs(['waiting', 'delayed', 'prioritized', 'active'])).filter((job) => job.repeatJobKey === GRANT_EXPIRY_SCHEDULER_ID);
    const slots = runs.map((job) => Number(job.id!.split(':').pop())).sort((a, b) => a - b);
    expect(slots.length).toBeGreaterThanOrEqual(1);
    expect(slots.filter((slot) => slot <= Date.now())).toHaveLength(1);
    for (let i = 1; i < slots.length; i++) expect(slots[i] - slots[i - 1]).toBeGreaterThanOrEqual(60_000);
  });

  it('a triggered expire-grants job writes off what was left of a due top-up, once', async () => {
    const worker = await boot('w');
    const producer = worker.app.get(LedgerQueueProducer);
    const ledger = adminQueue(LEDGER_QUEUE.name);
    const accountId = await newAccount();
    const topup = await topUp(accountId, 10_000);
    const { rows } = await pool.query(`SELECT grant_id FROM scout_grant($1, 'adjustment', 500, NULL, 'int-spec', 'test')`, [accountId]);
    const forever = rows[0].grant_id as string;
    expect(await spend(accountId, 3_000)).toBe('ok'); // soonest expiry first: all from the top-up
    await pool.query(`UPDATE credit_grants SET expires_at = now() - interval '1 minute' WHERE id = $1`, [topup]);
    const entriesBefore = await ledgerRows(pool, accountId);
    expect(await balanceOf(accountId)).toBe(7_500);

    const first = await waitForState(ledger, (await producer.expireGrants({ accountId })).id!, ['completed', 'failed']);

    expect(first.returnvalue).toEqual({ expired: 1 });
    const entries = await ledgerRows(pool, accountId);
    expect(entries.slice(0, entriesBefore.length)).toEqual(entriesBefore);
    expect(entries.slice(entriesBefore.length)).toEqual([expect.objectContaining({ kind: 'expiry', amount: -7_000, balanceAfter: 500, grantId: topup })]);
    expect(await balanceOf(accountId)).toBe(500);
    const { rows: grants } = await pool.query(`SELECT id, remaining FROM credit_grants WHERE account_id = $1 ORDER BY remaining`, [accountId]);
    expect(grants.map((g) => [g.id, Number(g.remaining)])).toEqual([
      [topup, 0],
      [forever, 500],
    ]);
    expect(await ledgerInvariantViolations(pool, accountId)).toEqual([]);

    const second = await waitForState(ledger, (await producer.expireGrants({ accountId })).id!, ['completed', 'failed']);
    expect(second.returnvalue).toEqual({ expired: 0 });
    expect(await ledgerRows(pool, accountId)).toEqual(entries);
  });

  it('a triggered void-expired-holds job records a hold past its deadline as voided, charging nothing', async () => {
    const worker = await boot('w');
    const producer = worker.app.get(LedgerQueueProducer);
    const ledger = adminQueue(LEDGER_QUEUE.name);
    const accountId = await newAccount();
    await topUp(accountId, 1_000);
    const { rows } = await pool.query(`SELECT hold_id, status FROM scout_hold($1, 250, 'int-spec', 'crashed-call', 300)`, [accountId]);
    expect(rows[0].status).toBe('ok');
    const spendable = async () => Number((await pool.query(`SELECT scout_spendable($1) AS s`, [accountId])).rows[0].s);
    expect(await spendable()).toBe(750);
    await sleep(400);
    expect(await spendable()).toBe(1_000); // past its deadline a hold sets nothing aside

    const run = await waitForState(ledger, (await producer.voidExpiredHolds()).id!, ['completed', 'failed']);
    expect(run.returnvalue.voided).toBeGreaterThanOrEqual(1);
    const { rows: holds } = await pool.query(`SELECT state, void_reason FROM credit_holds WHERE id = $1`, [rows[0].hold_id]);
    expect(holds).toEqual([{ state: 'voided', void_reason: 'expired: never posted by its deadline' }]);
    expect(await ledgerRows(pool, accountId)).toEqual([expect.objectContaining({ kind: 'grant', amount: 1_000 })]);
    expect(await ledgerInvariantViolations(pool, accountId)).toEqual([]);
  });

  it('renew-plans jobs open a period when the clock passes its end, once however often they run', async () => {
    const clock = new ManualClock('2027-01-31T10:00:00Z');
    const worker = await boot('w', { clock });
    const producer = worker.app.get(LedgerQueueProducer);
    const ledger = adminQueue(LEDGER_QUEUE.name);
    const accountId = await newAccount();
    await pool.query(`SELECT * FROM scout_change_plan($1, 'starter', $2, 'key:test', NULL)`, [accountId, clock.now()]);
    const run = async () => (await waitForState(ledger, (await producer.renewPlans({ accountId })).id!, ['completed', 'failed'])).returnvalue;

    clock.set('2027-02-28T09:59:00Z');
    expect(await run()).toEqual({ renewed: 0 });
    clock.set('2027-02-28T10:00:30Z');
    expect(await run()).toEqual({ renewed: 1 });
    expect(await run()).toEqual({ renewed: 0 });
    clock.set('2027-04-30T10:00:00Z');
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.renewed + b.renewed).toBe(2);

    const { rows } = await pool.query(`SELECT starts_at FROM plan_periods WHERE account_id = $1 ORDER BY id`, [accountId]);
    expect(rows.map((r) => (r.starts_at as Date).toISOString())).toEqual([
      '2027-01-31T10:00:00.000Z',
      '2027-02-28T10:00:00.000Z',
      '2027-03-31T10:00:00.000Z',
      '2027-04-30T10:00:00.000Z',
    ]);
    expect(await balanceOf(accountId)).toBe(4 * 375_000);
    expect(await ledgerInvariantViolations(pool, accountId)).toEqual([]);
  });

  it('expiry jobs racing 50 debits as the only grant expires: every credit is spent or written off exactly once', async () => {
    const worker = await boot('w');
    const producer = worker.app.get(LedgerQueueProducer);
    const ledger = adminQueue(LEDGER_QUEUE.name);
    const accountId = await newAccount();
    const topup = await topUp(accountId, 10_000);
    await pool.query(`UPDATE credit_grants SET expires_at = clock_timestamp() + interval '150 milliseconds' WHERE id = $1`, [topup]);

    const spends = Array.from({ length: 50 }, async (_, i) => {
      await sleep(i * 6);
      return spend(accountId, 250);
    });
    const jobs = Array.from({ length: 4 }, async (_, i) => {
      await sleep(i * 80);
      return producer.expireGrants({ accountId });
    });
    const [statuses, added] = await Promise.all([Promise.all(spends), Promise.all(jobs)]);
    await sleep(200);
    added.push(await producer.expireGrants({ accountId }));
    const done = await Promise.all(added.map((job) => waitForState(ledger, job.id!, ['completed', 'failed'])));

    expect(done.map((job) => job.failedReason)).toEqual(done.map(() => undefined));
    const ok = statuses.filter((s) => s === 'ok').length;
    const entries = await ledgerRows(pool, accountId);
    const expiries = entries.filter((e) => e.kind === 'expiry');
    expect(entries.filter((e) => e.kind === 'usage')).toHaveLength(ok);
    expect(expiries.length).toBeLessThanOrEqual(1);
    expect(done.reduce((sum, job) => sum + (job.returnvalue as { expired: number }).expired, 0)).toBe(expiries.length);
    expect(ok * 250 - expiries.reduce((sum, e) => sum + e.amount, 0)).toBe(10_000);
    expect(await balanceOf(accountId)).toBe(0);
    expect(await ledgerInvariantViolations(pool, accountId)).toEqual([]);
  });

  it('a triggered refresh-directory job fills the trader directory from the four boards of the upstream it was given', async () => {
    const worker = await boot('w');
    const traders = adminQueue(TRADERS_QUEUE.name);
    const boards = await sandboxBoards(sandbox);
    const capturedAt = new Date(sandbox.clock.now()).toISOString();

    const run = await waitForState(traders, (await worker.app.get(TradersQueueProducer).refreshDirectory()).id!, ['completed', 'failed']);

    expect(run.failedReason).toBeUndefined();
    expect(run.returnvalue.boards).toEqual(
      (['24h', '7d', '30d', 'all'] as const).map((window) => ({ window, capturedAt, traders: boards[window].traders.length })),
    );
    expect(run.returnvalue.failed).toEqual([]);
    for (const board of Object.values(boards)) expect(await directoryMismatches(pool, board)).toEqual([]);
  });

  it('a refresh-directory job that reads no board fails and is retried later', async () => {
    const worker = await boot('w');
    const traders = adminQueue(TRADERS_QUEUE.name);
    sandbox.control.add({ provider: 'fomo', route: '/v2/leaderboard', status: 404 });

    const run = await waitForState(traders, (await worker.app.get(TradersQueueProducer).refreshDirectory()).id!, ['delayed', 'failed', 'completed']);

    expect(await run.getState()).toBe('delayed');
    expect(run.attemptsMade).toBe(1);
    expect(run.failedReason).toMatch(/^no leaderboard could be read \(24h: .+; 7d: .+; 30d: .+; all: .+\)$/);
  });

  it('fails a job with a name no handler knows at once, without retrying it', async () => {
    await boot('w');
    const ledger = adminQueue(LEDGER_QUEUE.name);

    const job = await ledger.add('no-such-job', {}, { attempts: 3 });
    const failed = await waitForState(ledger, job.id!, ['completed', 'failed']);

    expect(await failed.getState()).toBe('failed');
    expect(failed.failedReason).toBe('No handler for job "no-such-job" on queue "ledger"');
    expect(failed.attemptsMade).toBe(1);
  });

  it('does not boot when a job name of a consumed queue has no handler', async () => {
    interface GappyJobs {
      slow: { ms: number };
      fast: { ms: number };
    }
    const gappy: JobQueueDefinition<GappyJobs> = { name: 'worker-test', jobNames: jobNamesOf<GappyJobs>({ slow: true, fast: true }), schedulers: [] };
    @QueueProcessor(gappy)
    class GappyProcessor extends JobProcessor {
      @HandlesJob('slow')
      async slow() {
        return null;
      }
    }

    await expect(
      createWorkerContext(config, testDatabaseUrl(), endpoints, { namespace, schedulers: false, queues: [gappy], processors: [GappyProcessor] }),
    ).rejects.toThrow('queue "worker-test": no handler for job "fast" in GappyProcessor');
  });

  it('graceful shutdown lets an in-flight job finish before the worker closes', async () => {
    const worker = await boot('first');
    const jobs = adminQueue(TEST_QUEUE.name);
    const job = await jobs.add('slow', { ms: 1_500 });
    await waitForState(jobs, job.id!, ['active']);

    const started = Date.now();
    await worker.close();
    const took = Date.now() - started;

    const finished = await jobs.getJob(job.id!);
    expect(await finished!.getState()).toBe('completed');
    expect(finished!.returnvalue).toEqual({ by: 'first' });
    expect(took).toBeGreaterThan(500);
  });

  it('a job still running at the shutdown timeout goes back to the queue and another worker finishes it', async () => {
    const first = await boot('first', { shutdownTimeoutMs: 200 });
    const jobs = adminQueue(TEST_QUEUE.name);
    const job = await jobs.add('slow', { ms: 2_500 });
    await waitForState(jobs, job.id!, ['active']);

    await first.close();
    // Closed without waiting the job out: it is still not completed once close returns.
    expect(await (await jobs.getJob(job.id!))!.getState()).not.toBe('completed');

    await boot('second');
    const finished = await waitForState(jobs, job.id!, ['completed', 'failed'], 20_000);
    expect(await finished.getState()).toBe('completed');
    expect(finished.returnvalue).toEqual({ by: 'second' });
  });
});
