import Redis from 'ioredis';
import type { Response } from 'supertest';
import { randomKey, startTestApp, type TestApp } from './support/test-app';
import { UnauthenticatedRateLimiter } from '@scout/auth';

/**
 * The per-IP limit on unauthenticated requests (spec "Authentication" rule 5, "Errors" 429;
 * docs/architecture.md section 4 step 2). Every request here comes from 127.0.0.1. Without REDIS_URL the
 * counters live in the app's memory, so each describe boots its own app and starts from zero.
 */
const LIMIT = 5;
const LIMITED_ENV = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(LIMIT) };
const REDIS_URL = 'redis://127.0.0.1:6379';
const LIMITER_KEYS = 'scout:unauth*';

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

function expectRateLimited(res: Response): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 429,
    body: { error: { code: 'rate_limited', message: expect.any(String) } },
  });
  const retryAfter = res.headers['retry-after'];
  expect(retryAfter).toMatch(/^[1-9][0-9]*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  expect(res.headers['x-credits-remaining']).toBeUndefined();
}

const health = (t: TestApp) => t.http().get('/api/v1/tools/service_health');

describe('429: unauthenticated requests past the per-IP budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: LIMITED_ENV });
  });
  afterAll(() => t?.close());

  it(`the first ${LIMIT} keyless calls get 200, the next gets 429 rate_limited with Retry-After`, async () => {
    for (let i = 1; i <= LIMIT; i++) {
      const res = await health(t);
      expect({ call: i, status: res.status }).toEqual({ call: i, status: 200 });
    }
    const limited = await health(t);
    expectRateLimited(limited);
    // The budget is per IP, not per route: the public catalog is refused too.
    expectRateLimited(await t.http().get('/api/v1/tools'));
    expectRateLimited(await t.http().get('/api/v1/openapi.json'));
    expectRateLimited(await t.http().get('/llms.txt'));
    // A keyless call to a key-only route is limited before it is refused for the missing key.
    expectRateLimited(await t.http().get('/api/v1/tools/service_account'));
  });
});

describe('200: authenticated calls are not limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: LIMITED_ENV });
  });
  afterAll(() => t?.close());

  it('20 calls with a valid key all get 200 while the same IP is limited for keyless calls', async () => {
    const { apiKey } = await t.createAccount('not limited');
    for (let i = 0; i < LIMIT; i++) expect((await health(t)).status).toBe(200);
    expectRateLimited(await health(t));

    for (let i = 1; i <= 20; i++) {
      const res = await t.http().get('/api/v1/tools/service_account').set(bearer(apiKey));
      expect({ call: i, status: res.status }).toEqual({ call: i, status: 200 });
      expect(res.headers['x-credits-remaining']).toBe(String(res.body.credits.remaining));
    }
    // A key also reaches public routes past the limit.
    expect((await health(t).set(bearer(apiKey))).status).toBe(200);
    expect((await t.http().get('/api/v1/me').set(bearer(apiKey))).status).toBe(200);
    // And the IP is still limited without one.
    expectRateLimited(await health(t));
  });
});

describe('bad keys count against the IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: LIMITED_ENV });
  });
  afterAll(() => t?.close());

  it(`${LIMIT} refused keys use up the budget: then a keyless call and a bad key both get 429`, async () => {
    const { apiKey } = await t.createAccount('bad keys');
    const bad = [randomKey(), 'sc_short', randomKey(), 'not_a_scout_key', randomKey()];
    expect(bad).toHaveLength(LIMIT);
    for (const key of bad) {
      const res = await t.http().get('/api/v1/tools/service_account').set(bearer(key));
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
    expectRateLimited(await health(t));
    // Past the limit a guessed key is not even checked: 429, not 401.
    expectRateLimited(await t.http().get('/api/v1/tools/service_account').set(bearer(randomKey())));
    expectRateLimited(await t.http().get('/api/v1/me').set('Authorization', 'Basic xyz'));
    // The real key still works.
    expect((await t.http().get('/api/v1/tools/service_account').set(bearer(apiKey))).status).toBe(200);
  });

  it('a valid key does not spend the budget (control, fresh app)', async () => {
    const fresh = await startTestApp({ env: LIMITED_ENV });
    try {
      const { apiKey } = await fresh.createAccount('valid keys only');
      for (let i = 0; i < LIMIT * 3; i++) {
        expect((await fresh.http().get('/api/v1/me').set(bearer(apiKey))).status).toBe(200);
      }
      for (let i = 0; i < LIMIT; i++) expect((await health(fresh)).status).toBe(200);
      expectRateLimited(await health(fresh));
    } finally {
      await fresh.close();
    }
  });
});

describe('one budget per IPv6 network (RATE_LIMIT_IPV6_PREFIX), per whole IPv4 address', () => {
  /** A keyless call from `ip`, as the proxy in front of Scout reports it (TRUST_PROXY trusts loopback). */
  const from = (t: TestApp, ip: string) => health(t).set('X-Forwarded-For', ip);
  const expectServed = async (t: TestApp, ips: string[]) => {
    for (const ip of ips) expect({ ip, status: (await from(t, ip)).status }).toEqual({ ip, status: 200 });
  };

  it(`addresses of one /64 share a budget of ${LIMIT}, the next /64 has its own; IPv4 is keyed the same written plainly or IPv4-mapped`, async () => {
    const t = await startTestApp({ env: { ...LIMITED_ENV, TRUST_PROXY: 'loopback' } });
    try {
      await expectServed(t, ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9', '2001:db8:1:2::1', '2001:db8:1:2:abcd::']);
      expectRateLimited(await from(t, '2001:db8:1:2::77'));
      await expectServed(t, ['2001:db8:1:3::1']);

      await expectServed(t, ['198.51.100.7', '::ffff:198.51.100.7', '198.51.100.7', '::ffff:c633:6407', '198.51.100.7']);
      expectRateLimited(await from(t, '::ffff:198.51.100.7'));
      await expectServed(t, ['198.51.100.8']);
    } finally {
      await t.close();
    }
  });

  it('TRUST_PROXY=1 (one proxy hop) keys the budget on the address that proxy reports, not on the proxy', async () => {
    const t = await startTestApp({ env: { ...LIMITED_ENV, TRUST_PROXY: '1' } });
    try {
      await expectServed(t, Array<string>(LIMIT).fill('198.51.100.20'));
      expectRateLimited(await from(t, '198.51.100.20'));
      // A spoofed address further left is not trusted: only the last hop's report counts.
      expectRateLimited(await from(t, '203.0.113.9, 198.51.100.20'));
      await expectServed(t, ['198.51.100.21']);
    } finally {
      await t.close();
    }
  });

  it('RATE_LIMIT_IPV6_PREFIX=128 gives every IPv6 address its own budget', async () => {
    const t = await startTestApp({ env: { ...LIMITED_ENV, TRUST_PROXY: 'loopback', RATE_LIMIT_IPV6_PREFIX: '128' } });
    try {
      await expectServed(t, Array<string>(LIMIT).fill('2001:db8:1:2::1'));
      expectRateLimited(await from(t, '2001:db8:1:2::1'));
      await expectServed(t, ['2001:db8:1:2::2']);
    } finally {
      await t.close();
    }
  });
});

describe('429 shared across instances through Redis (REDIS_URL)', () => {
  let redis: Redis;
  let a: TestApp | undefined;
  let b: TestApp | undefined;

  /** The limiter's prefix is fixed and its key is the IP, so clear what any earlier run left. */
  async function clearLimiterKeys(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', LIMITER_KEYS, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  /**
   * The limiter's Redis client connects without an offline queue; until it is ready, calls fall
   * back to the per-process insurance limiter. Wait for it so every counted call reaches Redis.
   */
  async function waitForLimiterRedis(t: TestApp): Promise<void> {
    const client = t.app.get<UnauthenticatedRateLimiter, { redis?: Redis }>(UnauthenticatedRateLimiter).redis;
    expect(client).toBeDefined();
    const deadline = Date.now() + 10_000;
    while (client!.status !== 'ready') {
      if (Date.now() > deadline) throw new Error(`limiter Redis client is ${client!.status}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await clearLimiterKeys();
    const env = { ...LIMITED_ENV, REDIS_URL };
    a = await startTestApp({ env });
    b = await startTestApp({ env: { ...env, ADMIN_BOOTSTRAP_KEY: a.adminKey } });
    await waitForLimiterRedis(a);
    await waitForLimiterRedis(b);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (redis) {
      await clearLimiterKeys();
      redis.disconnect();
    }
  });

  it(`3 keyless calls on instance A and 3 on B with a limit of ${LIMIT}: the 6th overall is 429`, async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await health(a!);
      expect({ instance: 'A', call: i, status: res.status }).toEqual({ instance: 'A', call: i, status: 200 });
    }
    for (let i = 4; i <= 5; i++) {
      const res = await health(b!);
      expect({ instance: 'B', call: i, status: res.status }).toEqual({ instance: 'B', call: i, status: 200 });
    }
    expectRateLimited(await health(b!));
    // A sees the same spent budget.
    expectRateLimited(await health(a!));

    const keys = await redis.keys(LIMITER_KEYS);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]))).toBeGreaterThanOrEqual(LIMIT + 1);
    const ttl = await redis.pttl(keys[0]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
