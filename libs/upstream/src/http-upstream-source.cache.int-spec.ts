import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { CacheOnlyMissError, CallMeter, RequestContext, SessionUsageTracker, type ToolContext } from '@scout/core';
import { HttpUpstreamSource, type HttpUpstreamSourceDeps } from './http-upstream-source';
import { ProgrammableUpstream, json, toolContext } from './test/programmable-upstream';

const Value = z.object({ value: z.number() });
const parseValue = (raw: unknown) => Value.parse(raw);
const cached = (cacheTtlMs: number, query: Record<string, string> = {}) => ({ endpoint: 'fx:/board', path: '/board', query, cacheTtlMs });

const upstream = new ProgrammableUpstream();
let baseUrl: string;
const opened: HttpUpstreamSource[] = [];

function source(deps: HttpUpstreamSourceDeps = {}, options: { cacheGraceMs?: number; breakerThreshold?: number } = {}): HttpUpstreamSource {
  const created = new HttpUpstreamSource(
    { name: `cache${opened.length}`, baseUrl, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 2_000, retries: 0, ...options },
    deps,
  );
  opened.push(created);
  return created;
}

function within<T>(ctx: ToolContext, fn: () => Promise<T>): Promise<T> {
  return RequestContext.run(ctx, fn);
}

/** Each answer carries the server's hit number, so a test can tell a fresh answer from a cached one. */
function countingUpstream(delayMs = 0): void {
  upstream.reset((_req, res, _hit, n) => void setTimeout(() => json(res, 200, { value: n }), delayMs));
}

beforeAll(async () => {
  baseUrl = await upstream.start();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await upstream.stop();
});

describe('the response cache', () => {
  it('answers a second identical call within the TTL without a server hit, metered as a cached call', async () => {
    countingUpstream();
    const s = source();
    const ctx = toolContext();
    const [first, second] = await within(ctx, async () => [await s.request(cached(60_000), parseValue), await s.request(cached(60_000), parseValue)]);
    expect(first).toEqual({ value: 1 });
    expect(second).toEqual({ value: 1 });
    expect(upstream.hits).toHaveLength(1);
    expect(ctx.meter.calls).toBe(1);
    expect(ctx.meter.cachedCalls).toBe(1);
    expect(ctx.meter.endpoints).toEqual(['fx:/board']);
    expect(s.stats()).toMatchObject({ calls: 1, cacheHits: 1 });
  });

  it('goes upstream again once the TTL has passed', async () => {
    countingUpstream();
    const s = source();
    await s.request(cached(80), parseValue);
    await sleep(120);
    await expect(s.request(cached(80), parseValue)).resolves.toEqual({ value: 2 });
    expect(upstream.hits).toHaveLength(2);
  });

  it('keeps different queries apart and never caches calls without a TTL', async () => {
    countingUpstream();
    const s = source();
    await s.request(cached(60_000, { chain: 'base' }), parseValue);
    await s.request(cached(60_000, { chain: 'solana' }), parseValue);
    await s.request(cached(0), parseValue);
    await s.request(cached(0), parseValue);
    expect(upstream.hits.map((h) => h.url)).toEqual(['/board?chain=base', '/board?chain=solana', '/board', '/board']);
  });

  it('does not keep failures', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 200, 'oops') : json(res, 200, { value: 5 })));
    const s = source();
    await expect(s.request(cached(60_000), parseValue)).rejects.toMatchObject({ failure: 'malformed' });
    await expect(s.request(cached(60_000), parseValue)).resolves.toEqual({ value: 5 });
  });
});

describe('single-flight', () => {
  it('turns 100 concurrent identical misses into one upstream call', async () => {
    countingUpstream(50);
    const s = source();
    const ctx = toolContext();
    const answers = await within(ctx, () => Promise.all(Array.from({ length: 100 }, () => s.request(cached(60_000), parseValue))));
    expect(upstream.hits).toHaveLength(1);
    expect(new Set(answers.map((a) => a.value))).toEqual(new Set([1]));
    expect(ctx.meter.calls).toBe(1);
    expect(ctx.meter.cachedCalls).toBe(99);
  });

  it("gives every waiting caller the leader's failure, and caches nothing", async () => {
    upstream.reset((_req, res) => void setTimeout(() => json(res, 503, {}), 30));
    const s = source();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => s.request(cached(60_000), parseValue)));
    expect(results.every((r) => r.status === 'rejected' && (r.reason as { upstreamStatus: number }).upstreamStatus === 503)).toBe(true);
    expect(upstream.hits).toHaveLength(1);
    countingUpstream();
    await expect(s.request(cached(60_000), parseValue)).resolves.toEqual({ value: 1 });
  });
});

describe('clearCache', () => {
  it('makes that caller fetch fresh while other accounts keep their cached answers', async () => {
    countingUpstream();
    const usage = new SessionUsageTracker();
    const s = source({ usage });
    const x = () => toolContext('account-x');
    const y = () => toolContext('account-y');

    await within(y(), () => s.request(cached(60_000), parseValue));
    await sleep(5);
    usage.clearCache('account-x');

    const yAfterClear = y();
    await expect(within(yAfterClear, () => s.request(cached(60_000), parseValue))).resolves.toEqual({ value: 1 });
    expect(yAfterClear.meter.cachedCalls).toBe(1);

    const xFresh = x();
    await expect(within(xFresh, () => s.request(cached(60_000), parseValue))).resolves.toEqual({ value: 2 });
    expect(xFresh.meter).toMatchObject({ calls: 1, cachedCalls: 0 });

    const xAgain = x();
    await expect(within(xAgain, () => s.request(cached(60_000), parseValue))).resolves.toEqual({ value: 2 });
    expect(xAgain.meter).toMatchObject({ calls: 0, cachedCalls: 1 });

    const yLater = y();
    await expect(within(yLater, () => s.request(cached(60_000), parseValue))).resolves.toEqual({ value: 2 });
    expect(yLater.meter.cachedCalls).toBe(1);
    expect(upstream.hits).toHaveLength(2);
  });
});

describe('a cache-only run (CallMeter.fromCacheOnly)', () => {
  const cacheOnly = (): ToolContext => ({ ...toolContext(), meter: new CallMeter(true) });

  it('answers from the cache without a server hit, and refuses a miss without one, counted even when caught', async () => {
    countingUpstream();
    const s = source();
    const ctx = cacheOnly();
    const missed = await within(ctx, () => s.request(cached(60_000), parseValue).catch((error: unknown) => error));
    expect(missed).toBeInstanceOf(CacheOnlyMissError);
    expect(ctx.meter.refusedFetches).toBe(1);
    expect(upstream.hits).toHaveLength(0);

    await within(toolContext(), () => s.request(cached(60_000), parseValue));
    const warm = cacheOnly();
    await expect(within(warm, () => s.request(cached(60_000), parseValue))).resolves.toEqual({ value: 1 });
    expect(warm.meter.refusedFetches).toBe(0);
    expect(warm.meter.cachedCalls).toBe(1);
    expect(upstream.hits).toHaveLength(1);
  });

  it('joins a fetch already under way, and a refused miss never becomes a fetch others would join', async () => {
    countingUpstream(50);
    const s = source();
    const refused = cacheOnly();
    await expect(within(refused, () => s.request(cached(60_000), parseValue))).rejects.toBeInstanceOf(CacheOnlyMissError);
    // A normal call right after starts its own fetch (nothing failed is left in flight) ...
    const normal = within(toolContext(), () => s.request(cached(60_000), parseValue));
    await sleep(10);
    // ... which a cache-only run joins rather than refuses.
    const joined = cacheOnly();
    await expect(within(joined, () => s.request(cached(60_000), parseValue))).resolves.toEqual({ value: 1 });
    await expect(normal).resolves.toEqual({ value: 1 });
    expect(joined.meter.refusedFetches).toBe(0);
    expect(upstream.hits).toHaveLength(1);
  });

  it('refuses an endpoint that is never cached', async () => {
    countingUpstream();
    const s = source();
    const ctx = cacheOnly();
    await expect(within(ctx, () => s.request({ endpoint: 'fx:/live', path: '/live' }, parseValue))).rejects.toBeInstanceOf(CacheOnlyMissError);
    expect(upstream.hits).toHaveLength(0);
  });
});

describe('serve-stale (in this process, no Redis)', () => {
  it('answers the expired entry while the upstream fails or the breaker is open, metered as a cached call', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 200, { value: 1 }) : json(res, 503, {})));
    const s = source({}, { cacheGraceMs: 60_000, breakerThreshold: 1 });
    await s.request(cached(50), parseValue);
    await sleep(80);
    const failed = toolContext();
    await expect(within(failed, () => s.request(cached(50), parseValue))).resolves.toEqual({ value: 1 });
    expect(failed.meter).toMatchObject({ calls: 1, cachedCalls: 1 });
    expect(failed.meter.staleNotes).toEqual([
      expect.stringMatching(/^fx:\/board failed upstream: answered from Scout's cached copy of \S+Z, past its usual lifetime\.$/),
    ]);
    expect(s.health().state).toBe('down');
    const open = toolContext();
    await expect(within(open, () => s.request(cached(50), parseValue))).resolves.toEqual({ value: 1 });
    expect(open.meter).toMatchObject({ calls: 0, cachedCalls: 1 });
    expect(upstream.hits).toHaveLength(2);
  });

  it('fails as before with no grace, and never stands in for a refusal of the request (404)', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 200, { value: 1 }) : json(res, n === 2 ? 503 : 404, {})));
    const s = source({}, { cacheGraceMs: 0 });
    await s.request(cached(50), parseValue);
    await sleep(80);
    await expect(s.request(cached(50), parseValue)).rejects.toMatchObject({ upstreamStatus: 503 });
    const graced = source({}, { cacheGraceMs: 60_000 });
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 200, { value: 1 }) : json(res, 404, {})));
    await graced.request(cached(50), parseValue);
    await sleep(80);
    await expect(graced.request(cached(50), parseValue)).rejects.toMatchObject({ upstreamStatus: 404 });
  });
});
