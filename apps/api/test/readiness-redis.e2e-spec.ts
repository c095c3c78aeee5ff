import { freePort, startTestApp, type TestApp } from './support/test-app';

/**
 * Readiness with REDIS_URL set: the rate-limit counters, the job queues and the shared response
 * cache live in that Redis, so /readyz is 503 while it does not answer PING (check `redis`, with the
 * reason and never the URL's credentials); /healthz (liveness) stays 200. Without REDIS_URL there is
 * no `redis` check at all (drain.e2e-spec.ts).
 */

const NO_RATE_LIMIT = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' };

describe('503: /readyz while the configured Redis (REDIS_URL) is unreachable', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // A loopback port nobody listens on: connections are refused.
    port = await freePort();
    t = await startTestApp({ env: { ...NO_RATE_LIMIT, REDIS_URL: `redis://:not-a-real-password@127.0.0.1:${port}` } });
  });
  afterAll(() => t?.close());

  it('/readyz answers 503 with check redis down and the reason; the database and lifecycle checks are up', async () => {
    const res = await t.http().get('/readyz');
    expect(res.status).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.status).toBe('error');
    expect(res.body.details.database).toEqual({ status: 'up' });
    expect(res.body.details.lifecycle).toEqual({ status: 'up', draining: false });
    expect(res.body.error).toEqual({ redis: { status: 'down', message: expect.stringContaining(`Redis at 127.0.0.1:${port} does not answer`) } });
    expect(JSON.stringify(res.body)).not.toContain('not-a-real-password');
  });

  it('/healthz (liveness) still answers 200: an unreachable Redis never gets a live process restarted', async () => {
    const res = await t.http().get('/healthz');
    expect(res.status).toBe(200);
  });
});

describe('200: /readyz with a reachable Redis lists the redis check up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ...NO_RATE_LIMIT, REDIS_URL: process.env.SCOUT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } });
  });
  afterAll(() => t?.close());

  it('database, lifecycle and redis are up', async () => {
    const res = await t.http().get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.details).toEqual({ lifecycle: { status: 'up', draining: false }, database: { status: 'up' }, redis: { status: 'up' } });
  });
});
