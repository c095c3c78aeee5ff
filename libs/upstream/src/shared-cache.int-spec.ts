import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { RequestContext, SessionUsageTracker, type ToolContext } from '@scout/core';
import { freePort } from '../../../test/processes/child-processes';
import { runSharedCacheChildren } from '../../../test/processes/shared-cache-children';
import { HttpUpstreamSource } from './http-upstream-source';
import { SharedCache } from './shared-cache';
import { ProgrammableUpstream, json, toolContext } from './test/programmable-upstream';

/*
 * The response cache shared through Redis (REDIS_URL): real Redis at 127.0.0.1:6379, one key
 * prefix per run, several HttpUpstreamSources that share nothing but Redis (each its own
 * connection and in-process cache, as separate API processes have), one counting upstream.
 */

const REDIS_URL = process.env.SCOUT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN = randomBytes(4).toString('hex');
let prefixes = 0;
const upstream = new ProgrammableUpstream();
let baseUrl: string;
const clients: Redis[] = [];
const opened: HttpUpstreamSource[] = [];

const cached = (cacheTtlMs: number) => ({ endpoint: 'fx:/board', path: '/board', cacheTtlMs });
const parseValue = (raw: unknown) => raw as { value: number };

function within<T>(ctx: ToolContext, fn: () => Promise<T>): Promise<T> {
  return RequestContext.run(ctx, fn);
}

function redis(url = REDIS_URL): Redis {
  // Options as UpstreamSources sets them; a short disconnect timeout so no socket outlives the test.
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, disconnectTimeout: 100 });
  client.on('error', () => undefined);
  clients.push(client);
  return client;
}

async function connected(url = REDIS_URL): Promise<Redis> {
  const client = redis(url);
  await new Promise<void>((resolve) => client.once('ready', () => resolve()));
  return client;
}

/** `count` sources on one fresh prefix, as `count` API processes would be. */
async function instances(count: number, options: { graceMs?: number; usage?: SessionUsageTracker } = {}): Promise<HttpUpstreamSource[]> {
  const prefix = `scout_test_cache_${RUN}_${(prefixes += 1)}:`;
  const made: HttpUpstreamSource[] = [];
  for (let i = 0; i < count; i += 1) {
    const shared = new SharedCache(await connected(), prefix);
    made.push(
      new HttpUpstreamSource(
        { name: `shared${i}`, baseUrl, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 2_000, retries: 0, cacheGraceMs: options.graceMs },
        { shared, usage: options.usage },
      ),
    );
  }
  opened.push(...made);
  return made;
}

function countingUpstream(delayMs = 0): void {
  upstream.reset((_req, res, _hit, n) => void setTimeout(() => json(res, 200, { value: n }), delayMs));
}

beforeAll(async () => {
  baseUrl = await upstream.start();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  for (const client of clients.splice(0)) client.disconnect();
});

afterAll(async () => {
  await upstream.stop();
});

describe('one cache for every instance', () => {
  it('turns 1,000 identical concurrent misses over 4 instances into 1 upstream request, metered as 1 call and 999 cached', async () => {
    countingUpstream(100);
    const sources = await instances(4);
    const contexts = sources.map(() => toolContext());
    const answers = await Promise.all(
      sources.flatMap((s, i) => Array.from({ length: 250 }, () => within(contexts[i], () => s.request(cached(60_000), parseValue)))),
    );
    expect(upstream.hits).toHaveLength(1);
    expect(new Set(answers.map((a) => a.value))).toEqual(new Set([1]));
    expect(contexts.reduce((sum, c) => sum + c.meter.calls, 0)).toBe(1);
    expect(contexts.reduce((sum, c) => sum + c.meter.cachedCalls, 0)).toBe(999);
    expect(sources.reduce((sum, s) => sum + s.stats().cacheHits, 0)).toBe(999);
  });

  it('does the same across 4 real processes: 4 × 250 concurrent misses, 1 upstream request', async () => {
    countingUpstream(200);
    const reads = await runSharedCacheChildren({
      processes: 4,
      perProcess: 250,
      baseUrl,
      redisUrl: REDIS_URL,
      prefix: `scout_test_cache_${RUN}_children:`,
      ttlMs: 60_000,
    });
    expect(upstream.hits).toHaveLength(1);
    expect(new Set(reads.flatMap((r) => r.values))).toEqual(new Set([1]));
    expect(reads.reduce((sum, r) => sum + r.calls, 0)).toBe(1);
    expect(reads.reduce((sum, r) => sum + r.cachedCalls, 0)).toBe(999);
  }, 60_000);

  it("answers a later miss in another instance from Redis, within the first answer's TTL only", async () => {
    countingUpstream();
    const [a, b] = await instances(2);
    await expect(a.request(cached(300), parseValue)).resolves.toEqual({ value: 1 });
    const ctx = toolContext();
    await expect(within(ctx, () => b.request(cached(300), parseValue))).resolves.toEqual({ value: 1 });
    expect(ctx.meter).toMatchObject({ calls: 0, cachedCalls: 1 });
    await new Promise((resolve) => setTimeout(resolve, 350));
    await expect(b.request(cached(300), parseValue)).resolves.toEqual({ value: 2 });
    expect(upstream.hits).toHaveLength(2);
  });

  it("keeps a caller's clear-cache moment: an entry another instance stored before it is a miss for them", async () => {
    countingUpstream();
    const usage = new SessionUsageTracker();
    const [a, b] = await instances(2, { usage });
    await within(toolContext('x'), () => a.request(cached(60_000), parseValue));
    await new Promise((resolve) => setTimeout(resolve, 5));
    usage.clearCache('x');
    const x = toolContext('x');
    await expect(within(x, () => b.request(cached(60_000), parseValue))).resolves.toEqual({ value: 2 });
    expect(x.meter).toMatchObject({ calls: 1, cachedCalls: 0 });
    const y = toolContext('y');
    await expect(within(y, () => a.request(cached(60_000), parseValue))).resolves.toEqual({ value: 1 });
    expect(y.meter).toMatchObject({ calls: 0, cachedCalls: 1 });
  });

  it("shares the provider's body, not a parsed value: each instance parses it itself (bigints and all)", async () => {
    countingUpstream();
    const [a, b] = await instances(2);
    await a.request(cached(60_000), parseValue);
    const ctx = toolContext();
    const asBigint = (raw: unknown) => ({ big: BigInt((raw as { value: number }).value) });
    await expect(within(ctx, () => b.request(cached(60_000), asBigint))).resolves.toEqual({ big: 1n });
    expect(ctx.meter).toMatchObject({ calls: 0, cachedCalls: 1 });
    expect(upstream.hits).toHaveLength(1);
  });

  it('fetches anew when its parser refuses the stored body, and stores what it fetched', async () => {
    countingUpstream();
    const [a, b, c] = await instances(3);
    await a.request(cached(60_000), parseValue);
    const atLeastTwo = (raw: unknown) => {
      if ((raw as { value: number }).value < 2) throw new Error('value below 2');
      return raw as { value: number };
    };
    await expect(b.request(cached(60_000), atLeastTwo)).resolves.toEqual({ value: 2 });
    await expect(c.request(cached(60_000), parseValue)).resolves.toEqual({ value: 2 });
    expect(upstream.hits).toHaveLength(2);
  });

  it('never shares a failure: the next instance asks the upstream again', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 503, {}) : json(res, 200, { value: n })));
    const [a, b] = await instances(2, { graceMs: 0 });
    await expect(a.request(cached(60_000), parseValue)).rejects.toMatchObject({ failure: 'http', upstreamStatus: 503 });
    await expect(b.request(cached(60_000), parseValue)).resolves.toEqual({ value: 2 });
  });
});

describe('serve-stale', () => {
  it('answers an expired entry still in its grace, from another instance through Redis, when the upstream fails', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 200, { value: 1 }) : json(res, 503, {})));
    const [a, b] = await instances(2, { graceMs: 60_000 });
    await a.request(cached(50), parseValue);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const ctx = toolContext();
    await expect(within(ctx, () => b.request(cached(50), parseValue))).resolves.toEqual({ value: 1 });
    // The failed attempt was sent (a live call); the answer came from the cache.
    expect(ctx.meter).toMatchObject({ calls: 1, cachedCalls: 1 });
    expect(ctx.meter.staleNotes).toHaveLength(1);
    expect(upstream.hits).toHaveLength(2);
  });

  it('fails as before once the grace has passed, or for a caller who cleared their cache since', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 200, { value: 1 }) : json(res, 503, {})));
    const usage = new SessionUsageTracker();
    // A grace long enough that the calls inside it stay inside it on a busy CI host (a 200 ms grace
    // once ran out before the third call), and a wait measured from the write, not from the calls.
    const graceMs = 1_500;
    const [a, b] = await instances(2, { graceMs, usage });
    await a.request(cached(50), parseValue);
    const storedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 80));
    usage.clearCache('x');
    await expect(within(toolContext('x'), () => b.request(cached(50), parseValue))).rejects.toMatchObject({ upstreamStatus: 503 });
    await expect(within(toolContext('y'), () => b.request(cached(50), parseValue))).resolves.toEqual({ value: 1 });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, storedAt + 50 + graceMs + 100 - Date.now())));
    await expect(a.request(cached(50), parseValue)).rejects.toMatchObject({ upstreamStatus: 503 });
  });
});

describe('Redis unavailable', () => {
  it('never fails a call: reads go upstream, single-flight within the instance still holds', async () => {
    countingUpstream(50);
    const closed = `redis://127.0.0.1:${await freePort()}`;
    const source = new HttpUpstreamSource(
      { name: 'no-redis', baseUrl, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 2_000, retries: 0 },
      { shared: new SharedCache(redis(closed), `scout_test_cache_${RUN}_closed:`) },
    );
    opened.push(source);
    const answers = await Promise.all(Array.from({ length: 100 }, () => source.request(cached(60_000), parseValue)));
    expect(new Set(answers.map((a) => a.value))).toEqual(new Set([1]));
    expect(upstream.hits).toHaveLength(1);
    await expect(source.request(cached(60_000), parseValue)).resolves.toEqual({ value: 1 });
  });
});
