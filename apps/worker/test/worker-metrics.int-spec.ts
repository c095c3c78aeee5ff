import Redis from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '@scout/core';
import { metricsRegistry, parsePrometheusText, sampleSum } from '@scout/metrics';
import { startSandbox, SANDBOX_KEYS, type RunningSandbox } from '@scout/sandbox';
import { sandboxEndpoints } from '@scout/upstream';
import { createWorkerContext, queueConnection, ScoutQueue, type WorkerContext } from '@scout/worker';
import { TEST_QUEUE, TestJobsProcessor, WORKER_LABEL } from './support/test-jobs';
import { testDatabaseUrl } from '../../../test/test-database';

/**
 * The worker's metrics: each job it finishes counts by queue and outcome, and each queue's jobs by
 * state are read at scrape time, on both queue backends (Redis, and BullMQ's PostgreSQL backend).
 */

const REDIS_URL = process.env.SCOUT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN = `${process.pid}_${Date.now().toString(36)}`;
const ON_SERVER = Boolean(process.env.DATABASE_URL);

const BACKENDS = [
  { name: 'Redis', redisUrl: REDIS_URL as string | undefined, namespace: `scout_test_metrics_${RUN}` },
  // On the embedded database only BullMQ's default schema is on the search path.
  { name: 'PostgreSQL', redisUrl: undefined, namespace: ON_SERVER ? `bullmq_test_metrics_${RUN}` : undefined },
];

async function metric(sample: string, where: Record<string, string>): Promise<number> {
  return sampleSum(parsePrometheusText(await metricsRegistry.metrics()), sample, where);
}

/** Polls until `read` gives `expected` (jobs finish on the worker's own schedule). */
async function eventually(read: () => Promise<number>, expected: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await sleep(25);
    value = await read();
  }
  expect(value).toBe(expected);
}

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 42 });
});
afterAll(() => sandbox?.close());

describe.each(BACKENDS)('worker metrics on $name', (backend) => {
  let worker: WorkerContext;
  let queue: ScoutQueue;

  beforeAll(async () => {
    const config = AppConfig.fromEnv({
      DATABASE_URL: testDatabaseUrl(),
      DB_POOL_MAX: '4',
      LOG_LEVEL: 'silent',
      ...(backend.redisUrl ? { REDIS_URL: backend.redisUrl, UPSTREAM_CACHE_PREFIX: `${backend.namespace}:cache:` } : {}),
    });
    worker = await createWorkerContext(config, testDatabaseUrl(), sandboxEndpoints({ urls: sandbox.urls, keys: SANDBOX_KEYS }), {
      namespace: backend.namespace,
      schedulers: false,
      feedIngestion: false,
      queues: [TEST_QUEUE],
      processors: [TestJobsProcessor],
      providers: [{ provide: WORKER_LABEL, useValue: 'metrics' }],
    });
    const { connection, prefix } = queueConnection({ redisUrl: backend.redisUrl, databaseUrl: testDatabaseUrl(), namespace: backend.namespace });
    queue = new ScoutQueue(TEST_QUEUE.name, { connection, prefix });
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
    if (backend.redisUrl) {
      const redis = new Redis(backend.redisUrl);
      const keys = await redis.keys(`${backend.namespace}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('counts completed and failed jobs by queue', async () => {
    const queueLabel = { queue: TEST_QUEUE.name };
    const completed = await metric('scout_queue_jobs_finished_total', { ...queueLabel, outcome: 'completed' });
    const failed = await metric('scout_queue_jobs_finished_total', { ...queueLabel, outcome: 'failed' });

    await queue.add('slow', { ms: 1 });
    // A job name no handler knows fails at once, without retries (UnrecoverableError).
    await queue.add('no-such-job', { ms: 1 });

    await eventually(() => metric('scout_queue_jobs_finished_total', { ...queueLabel, outcome: 'completed' }), completed + 1);
    await eventually(() => metric('scout_queue_jobs_finished_total', { ...queueLabel, outcome: 'failed' }), failed + 1);
  });

  it('reads each queue’s depth by state at scrape time', async () => {
    const delayed = { queue: TEST_QUEUE.name, state: 'delayed' };
    expect(await metric('scout_queue_jobs', delayed)).toBe(0);
    const job = await queue.add('slow', { ms: 1 }, { delay: 60_000 });
    expect(await metric('scout_queue_jobs', delayed)).toBe(1);
    // Every state is listed for every queue the worker consumes, zeros included.
    expect(await metric('scout_queue_jobs', { queue: TEST_QUEUE.name, state: 'waiting' })).toBe(0);
    await job.remove();
    expect(await metric('scout_queue_jobs', delayed)).toBe(0);
  });
});
