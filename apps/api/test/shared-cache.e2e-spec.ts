import { randomBytes } from 'node:crypto';
import { SANDBOX_KEYS } from '@scout/sandbox';
import { UpstreamSources, sandboxEndpoints } from '@scout/upstream';
import { startTestApp, type TestApp } from './support/test-app';
import { SANDBOX_NOW } from './support/fixed-time';

/**
 * One cache for every instance (issue 22): two API instances with REDIS_URL, both reading one
 * sandbox, share their upstream answers, so an answer one instance fetched is a cached call on the
 * other and the provider is asked once. Without REDIS_URL each instance caches on its own.
 */

const REDIS_URL = process.env.SCOUT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

async function sharedCacheReady(t: TestApp): Promise<void> {
  const sources = t.app.get(UpstreamSources);
  const deadline = Date.now() + 10_000;
  while (sources.sharedCacheStatus !== 'ready') {
    if (Date.now() > deadline) throw new Error(`shared cache Redis is ${sources.sharedCacheStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('200 from either instance: an answer fetched by one is a cached call on the other (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const shared = { REDIS_URL, UPSTREAM_CACHE_PREFIX: `scout_test_cache_${randomBytes(6).toString('hex')}:` };
    a = await startTestApp({ env: shared, sandbox: { now: () => SANDBOX_NOW } });
    // B reads A's sandbox and shares A's cache prefix, so both instances ask for the same entries.
    b = await startTestApp({
      env: { ...shared, ADMIN_BOOTSTRAP_KEY: a.adminKey },
      sandbox: { now: () => SANDBOX_NOW },
      upstreams: sandboxEndpoints({ urls: a.sandbox.urls, keys: SANDBOX_KEYS }),
    });
    await sharedCacheReady(a);
    await sharedCacheReady(b);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('service_defi_hacks on A, then on B: one /hacks request, B metered as cached and charged as usual', async () => {
    const { apiKey } = await a.createAccount(`shared cache ${randomBytes(3).toString('hex')}`);
    const seen = a.sandbox.control.count('defillama', '/api/hacks');
    const first = await a.http().get('/api/v1/tools/service_defi_hacks?limit=3').set(bearer(apiKey));
    expect(first.status).toBe(200);
    expect(first.body.credits).toMatchObject({ calls: 1, cachedCalls: 0 });
    const second = await b.http().get('/api/v1/tools/service_defi_hacks?limit=3').set(bearer(apiKey));
    expect(second.status).toBe(200);
    expect(second.body.credits).toMatchObject({ calls: 0, cachedCalls: 1, creditsSpent: first.body.credits.creditsSpent });
    expect(second.body.data).toEqual(first.body.data);
    expect(a.sandbox.control.count('defillama', '/api/hacks') - seen).toBe(1);
    expect(b.sandbox.control.count('defillama')).toBe(0);
  });

  it('20 concurrent identical calls, half on each instance: one /v2/chains request', async () => {
    const { apiKey } = await a.createAccount(`shared cache burst ${randomBytes(3).toString('hex')}`);
    a.sandbox.control.add({ provider: 'defillama', route: '/api/v2/chains', latencyMs: 500 });
    const seen = a.sandbox.control.count('defillama', '/api/v2/chains');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).http().get('/api/v1/tools/service_chain_health').set(bearer(apiKey))),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(a.sandbox.control.count('defillama', '/api/v2/chains') - seen).toBe(1);
    a.sandbox.control.clear();
  });
});

describe('200 from either instance without REDIS_URL: each instance caches on its own, as before', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ sandbox: { now: () => SANDBOX_NOW } });
    b = await startTestApp({
      env: { ADMIN_BOOTSTRAP_KEY: a.adminKey },
      sandbox: { now: () => SANDBOX_NOW },
      upstreams: sandboxEndpoints({ urls: a.sandbox.urls, keys: SANDBOX_KEYS }),
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('service_defi_hacks on A, then on B: B asks the provider again', async () => {
    expect(a.app.get(UpstreamSources).sharedCacheStatus).toBeNull();
    const { apiKey } = await a.createAccount('per-process cache');
    const seen = a.sandbox.control.count('defillama', '/api/hacks');
    expect((await a.http().get('/api/v1/tools/service_defi_hacks?limit=3').set(bearer(apiKey))).body.credits).toMatchObject({ calls: 1 });
    expect((await b.http().get('/api/v1/tools/service_defi_hacks?limit=3').set(bearer(apiKey))).body.credits).toMatchObject({ calls: 1, cachedCalls: 0 });
    expect(a.sandbox.control.count('defillama', '/api/hacks') - seen).toBe(2);
  });
});
