import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { RequestContext, type ToolContext } from '@scout/core';
import { HttpUpstreamSource, type HttpUpstreamSourceDeps } from './http-upstream-source';
import { ProgrammableUpstream, json, toolContext } from './test/programmable-upstream';
import { UpstreamError, type UpstreamSourceOptions } from './upstream.types';

const Value = z.object({ value: z.number() });
const parseValue = (raw: unknown) => Value.parse(raw);
const call = { endpoint: 'fx:/v', path: '/v' };

const KEY_A = 'key-A-secret-000000001';
const KEY_B = 'key-B-secret-000000002';

const upstream = new ProgrammableUpstream();
let baseUrl: string;
const opened: HttpUpstreamSource[] = [];
let sourceCount = 0;

function source(options: Partial<UpstreamSourceOptions> = {}, deps: HttpUpstreamSourceDeps = {}): HttpUpstreamSource {
  sourceCount += 1;
  const created = new HttpUpstreamSource(
    { name: `fx${sourceCount}`, baseUrl, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 2_000, retries: 0, ...options },
    deps,
  );
  opened.push(created);
  return created;
}

/** Runs `fn` inside a tool call, as the gateway does. */
function within<T>(ctx: ToolContext, fn: () => Promise<T>): Promise<T> {
  return RequestContext.run(ctx, fn);
}

async function failureOf(promise: Promise<unknown>): Promise<UpstreamError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UpstreamError);
  return err as UpstreamError;
}

/** Records requested waits instead of waiting. */
function recordingSleep(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

function expectNoSecrets(...texts: unknown[]): void {
  const all = JSON.stringify(texts);
  expect(all).not.toContain(KEY_A);
  expect(all).not.toContain(KEY_B);
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

describe('a successful answer', () => {
  it('is parsed, sent to the right path with the query, and metered as one call', async () => {
    upstream.reset((_req, res) => json(res, 200, { value: 42, extra: 'ignored' }));
    const ctx = toolContext();
    const answer = await within(ctx, () =>
      source({ baseUrl: `${baseUrl}/api/` }).request({ ...call, query: { a: 1, skip: undefined, list: ['x', 'y'] } }, parseValue),
    );
    expect(answer).toEqual({ value: 42 });
    expect(upstream.hits.map((h) => h.url)).toEqual(['/api/v?a=1&list=x&list=y']);
    expect(ctx.meter.calls).toBe(1);
    expect(ctx.meter.cachedCalls).toBe(0);
    expect(ctx.meter.endpoints).toEqual(['fx:/v']);
  });

  it('sends a POST body as JSON', async () => {
    upstream.reset((_req, res) => json(res, 200, { value: 1 }));
    await source().request({ ...call, method: 'POST', body: { ids: ['a', 'b'] } }, parseValue);
    expect(upstream.hits[0]).toMatchObject({ method: 'POST', body: '{"ids":["a","b"]}' });
    expect(upstream.hits[0].headers['content-type']).toBe('application/json');
  });
});

describe('a malformed payload', () => {
  it('that is not JSON is an upstream error naming the endpoint, not retried', async () => {
    upstream.reset((_req, res) => json(res, 200, 'not json {'));
    const s = source({ retries: 2 });
    const err = await failureOf(s.request(call, parseValue));
    expect(err.failure).toBe('malformed');
    expect(err.detail).toContain('fx:/v');
    expect(err.detail).toContain('not JSON');
    expect(upstream.hits).toHaveLength(1);
    expect(s.stats()).toMatchObject({ calls: 1, failures: 1 });
  });

  it('of the wrong shape is an upstream error naming the first problem', async () => {
    upstream.reset((_req, res) => json(res, 200, { value: 'lots' }));
    const err = await failureOf(source().request(call, parseValue));
    expect(err.failure).toBe('malformed');
    expect(err.detail).toMatch(/fx:\/v: malformed payload: at value: .*expected number/);
    expect(err.code).toBe('tool_error');
  });

  it('from a parser that throws a plain error keeps its message', async () => {
    upstream.reset((_req, res) => json(res, 200, []));
    const err = await failureOf(
      source().request(call, () => {
        throw new Error('expected an object');
      }),
    );
    expect(err.failure).toBe('malformed');
    expect(err.detail).toContain('expected an object');
  });
});

describe('retries', () => {
  it('retry a 503 with jittered exponential backoff, then succeed; the meter counts one call', async () => {
    upstream.reset((_req, res, _hit, n) => (n <= 2 ? json(res, 503, { error: 'busy' }) : json(res, 200, { value: 7 })));
    const { waits, sleep: fakeSleep } = recordingSleep();
    const ctx = toolContext();
    const s = source({ retries: 2 }, { sleep: fakeSleep, random: () => 0.5 });
    await expect(within(ctx, () => s.request(call, parseValue))).resolves.toEqual({ value: 7 });
    expect(upstream.hits).toHaveLength(3);
    expect(waits).toEqual([100, 200]);
    expect(ctx.meter.calls).toBe(1);
    expect(s.stats()).toMatchObject({ calls: 1, attempts: 3, failures: 0 });
  });

  it('stop after the configured number and report the last status', async () => {
    upstream.reset((_req, res) => json(res, 502, {}));
    const err = await failureOf(source({ retries: 1 }, recordingSleep()).request(call, parseValue));
    expect(err).toMatchObject({ failure: 'http', upstreamStatus: 502 });
    expect(upstream.hits).toHaveLength(2);
  });

  it('are not made for a call marked non-idempotent', async () => {
    upstream.reset((_req, res) => json(res, 503, {}));
    await failureOf(source({ retries: 2 }, recordingSleep()).request({ ...call, method: 'POST', body: {}, idempotent: false }, parseValue));
    expect(upstream.hits).toHaveLength(1);
  });

  it('are not made for 404 (http, status 404) or 400 (rejected)', async () => {
    upstream.reset((_req, res) => json(res, 404, {}));
    const notFound = await failureOf(source({ retries: 2 }, recordingSleep()).request(call, parseValue));
    expect(notFound).toMatchObject({ failure: 'http', upstreamStatus: 404 });
    expect(upstream.hits).toHaveLength(1);

    upstream.reset((_req, res) => json(res, 400, {}));
    const bad = await failureOf(source({ retries: 2 }, recordingSleep()).request(call, parseValue));
    expect(bad).toMatchObject({ failure: 'rejected', upstreamStatus: 400 });
    expect(upstream.hits).toHaveLength(1);
  });

  it('cover network errors', async () => {
    const closed = new ProgrammableUpstream();
    const deadUrl = await closed.start();
    await closed.stop();
    const err = await failureOf(source({ baseUrl: deadUrl, retries: 1 }, recordingSleep()).request(call, parseValue));
    expect(err.failure).toBe('network');
    expect(err.detail).toContain('ECONNREFUSED');
  });
});

describe('Retry-After', () => {
  it('is waited for (1 s) before the retry', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 503, {}, { 'retry-after': '1' }) : json(res, 200, { value: 1 })));
    const started = Date.now();
    await within(toolContext(), () => source({ retries: 1 }).request(call, parseValue));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(upstream.hits).toHaveLength(2);
  });

  it('as an HTTP date on a keyless 429 sets the wait', async () => {
    const at = new Date(Date.now() + 3_000).toUTCString();
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 429, {}, { 'retry-after': at }) : json(res, 200, { value: 1 })));
    const { waits, sleep: fakeSleep } = recordingSleep();
    await within(toolContext('a', 8_000), () => source({ retries: 1 }, { sleep: fakeSleep }).request(call, parseValue));
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(1_000);
    expect(waits[0]).toBeLessThanOrEqual(3_000);
  });

  it('that does not fit in the deadline fails at once', async () => {
    upstream.reset((_req, res) => json(res, 503, {}, { 'retry-after': '30' }));
    const { waits, sleep: fakeSleep } = recordingSleep();
    const err = await failureOf(within(toolContext('a', 5_000), () => source({ retries: 3 }, { sleep: fakeSleep }).request(call, parseValue)));
    expect(waits).toEqual([]);
    expect(err).toMatchObject({ failure: 'http', upstreamStatus: 503 });
    expect(err.detail).toContain('does not fit');
    expect(upstream.hits).toHaveLength(1);
  });
});

describe('timeouts', () => {
  const slow = (ms: number) => (_req: unknown, res: Parameters<typeof json>[0]) => void setTimeout(() => json(res, 200, { value: 1 }), ms);

  it('end an attempt after timeoutMs', async () => {
    let answered = false;
    upstream.reset((_req, res) => void setTimeout(() => ((answered = true), json(res, 200, { value: 1 })), 1_000));
    const err = await failureOf(source({ timeoutMs: 150 }).request(call, parseValue));
    expect(err.failure).toBe('timeout');
    // Given up at timeoutMs, before the upstream's answer came.
    expect(answered).toBe(false);
    expect(err.detail).toContain('within 150 ms');
  });

  it('are retried like other transient failures', async () => {
    upstream.reset((req, res, hit, n) => (n === 1 ? slow(1_000)(req, res) : json(res, 200, { value: 2 })));
    await expect(source({ timeoutMs: 150, retries: 1 }, recordingSleep()).request(call, parseValue)).resolves.toEqual({ value: 2 });
    expect(upstream.hits).toHaveLength(2);
  });

  it('are cut to the request deadline', async () => {
    let answered = false;
    upstream.reset((_req, res) => void setTimeout(() => ((answered = true), json(res, 200, { value: 1 })), 1_000));
    const err = await failureOf(within(toolContext('a', 200), () => source({ timeoutMs: 5_000, retries: 3 }).request(call, parseValue)));
    expect(err.failure).toBe('timeout');
    // Cut at the deadline, before the upstream's answer came, and not tried again.
    expect(answered).toBe(false);
    expect(Number(/within (\d+) ms/.exec(err.detail ?? '')?.[1])).toBeLessThanOrEqual(200);
    expect(upstream.hits).toHaveLength(1);
  });

  it('fail without calling when the deadline has already passed', async () => {
    upstream.reset(slow(0));
    const ctx = toolContext('a', -1);
    const err = await failureOf(within(ctx, () => source().request(call, parseValue)));
    expect(err.failure).toBe('timeout');
    expect(upstream.hits).toHaveLength(0);
    expect(ctx.meter.calls).toBe(0);
  });
});

describe('the key pool', () => {
  const withKeys = (extra: Partial<UpstreamSourceOptions> = {}) =>
    source({ keys: [KEY_A, KEY_B], keyPlacement: { kind: 'header', header: 'x-api-key' }, ...extra }, recordingSleep());

  it('marks a key answered 401 invalid and retries with the next key', async () => {
    upstream.reset((req, res) => (req.headers['x-api-key'] === KEY_A ? json(res, 401, { error: `bad key ${KEY_A}` }) : json(res, 200, { value: 3 })));
    const s = withKeys();
    await expect(s.request(call, parseValue)).resolves.toEqual({ value: 3 });
    expect(upstream.hits.map((h) => h.headers['x-api-key'])).toEqual([KEY_A, KEY_B]);
    expect(s.keyStates()).toEqual([
      { source: s.name, key: 'key#1 (key-…)', state: 'invalid', resetAt: null },
      { source: s.name, key: 'key#2 (key-…)', state: 'healthy', resetAt: null },
    ]);

    await s.request(call, parseValue);
    expect(upstream.hits.map((h) => h.headers['x-api-key'])).toEqual([KEY_A, KEY_B, KEY_B]);
    expectNoSecrets(s.keyStates(), s.health());
  });

  it('rests a key answered 429 until its Retry-After and uses the other key', async () => {
    upstream.reset((req, res) => (req.headers['x-api-key'] === KEY_A ? json(res, 429, {}, { 'retry-after': '30' }) : json(res, 200, { value: 4 })));
    const s = withKeys();
    await expect(s.request(call, parseValue)).resolves.toEqual({ value: 4 });
    const [a, b] = s.keyStates();
    expect(a.state).toBe('exhausted');
    expect(Date.parse(a.resetAt as string) - Date.now()).toBeGreaterThan(28_000);
    expect(b).toMatchObject({ state: 'healthy', resetAt: null });
    expect(s.health().state).toBe('ok');
  });

  it('reads a 402 reset from x-ratelimit-reset (unix seconds)', async () => {
    const reset = Math.floor(Date.now() / 1000) + 120;
    upstream.reset((req, res) =>
      req.headers['x-api-key'] === KEY_A ? json(res, 402, {}, { 'x-ratelimit-reset': String(reset) }) : json(res, 200, { value: 4 }),
    );
    const s = withKeys();
    await s.request(call, parseValue);
    expect(s.keyStates()[0]).toMatchObject({ state: 'exhausted', resetAt: new Date(reset * 1000).toISOString() });
  });

  it('waits for the only key when its announced reset (1 s) fits, then reuses it', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 429, {}, { 'retry-after': '1' }) : json(res, 200, { value: 5 })));
    const s = source({ keys: [KEY_A], keyPlacement: { kind: 'header', header: 'x-api-key' }, retries: 1 });
    const started = Date.now();
    await expect(within(toolContext(), () => s.request(call, parseValue))).resolves.toEqual({ value: 5 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(upstream.hits.map((h) => h.headers['x-api-key'])).toEqual([KEY_A, KEY_A]);
    expect(s.keyStates()[0]).toMatchObject({ state: 'healthy', resetAt: null });
  });

  it('puts path keys first in the path', async () => {
    upstream.reset((_req, res) => json(res, 200, { value: 6 }));
    await source({ keys: [KEY_A], keyPlacement: { kind: 'path' }, baseUrl: `${baseUrl}/pro` }).request({ ...call, query: { q: 1 } }, parseValue);
    expect(upstream.hits[0].url).toBe(`/pro/${KEY_A}/v?q=1`);
  });

  it('fails fast with no_keys, without a server hit, once every key is refused', async () => {
    upstream.reset((_req, res) => json(res, 403, {}));
    const s = source({ keys: [KEY_A, KEY_B], keyPlacement: { kind: 'path' } });
    const first = await failureOf(s.request(call, parseValue));
    expect(first.failure).toBe('no_keys');
    expect(upstream.hits).toHaveLength(2);

    upstream.reset((_req, res) => json(res, 200, { value: 1 }));
    const ctx = toolContext();
    const again = await failureOf(within(ctx, () => s.request(call, parseValue)));
    expect(again.failure).toBe('no_keys');
    expect(again.detail).toContain('no usable API key');
    expect(again.detail).toContain('2 rejected as invalid');
    expect(upstream.hits).toHaveLength(0);
    expect(ctx.meter.calls).toBe(0);
    expect(s.health()).toMatchObject({ state: 'down', retryAt: null });
    expectNoSecrets(first.message, first.detail, again.detail, s.health(), s.keyStates());
  });

  it('reports all keys throttled as no_keys with the earliest reset', async () => {
    upstream.reset((_req, res) => json(res, 429, {}, { 'retry-after': '45' }));
    const s = withKeys();
    const err = await failureOf(s.request(call, parseValue));
    expect(err.failure).toBe('no_keys');
    expect(err.detail).toMatch(/2 rate-limited or out of quota until \d{4}-/);
    expect(s.health().state).toBe('down');
    expect(Date.parse(s.health().retryAt as string)).toBeGreaterThan(Date.now() + 40_000);
  });

  it('with no key configured fails every call with no_keys', async () => {
    upstream.reset((_req, res) => json(res, 200, { value: 1 }));
    const err = await failureOf(source({ keyPlacement: { kind: 'header', header: 'x-api-key' } }).request(call, parseValue));
    expect(err.failure).toBe('no_keys');
    expect(err.detail).toContain('no API key is configured');
    expect(upstream.hits).toHaveLength(0);
  });
});

describe('the circuit breaker', () => {
  it('opens after consecutive failures, fails fast, reports down, then half-opens and recovers', async () => {
    upstream.reset((_req, res) => json(res, 500, {}));
    const s = source({ breakerThreshold: 3, halfOpenAfterMs: 300 });
    for (let i = 0; i < 3; i += 1) expect((await failureOf(s.request(call, parseValue))).failure).toBe('http');
    expect(upstream.hits).toHaveLength(3);

    const open = await failureOf(s.request(call, parseValue));
    expect(open.failure).toBe('circuit_open');
    expect(upstream.hits).toHaveLength(3);
    const down = s.health();
    expect(down.state).toBe('down');
    expect(Date.parse(down.retryAt as string)).toBeGreaterThan(Date.now());
    expect(Date.parse(down.retryAt as string)).toBeLessThanOrEqual(Date.now() + 300);
    expect(down.detail).toContain('HTTP 500');

    upstream.reset((_req, res) => json(res, 200, { value: 9 }));
    await sleep(350);
    await expect(s.request(call, parseValue)).resolves.toEqual({ value: 9 });
    await expect(s.request(call, parseValue)).resolves.toEqual({ value: 9 });
    expect(upstream.hits).toHaveLength(2);
    // The passing test call proved the source back: the failures before it no longer count.
    expect(s.health()).toEqual({ name: s.name, state: 'ok', retryAt: null });
  });

  it('opens again when the half-open test call fails', async () => {
    upstream.reset((_req, res) => json(res, 200, 'garbage'));
    const s = source({ breakerThreshold: 2, halfOpenAfterMs: 200 });
    await failureOf(s.request(call, parseValue));
    await failureOf(s.request(call, parseValue));
    expect(s.health().state).toBe('down');
    await sleep(250);
    expect((await failureOf(s.request(call, parseValue))).failure).toBe('malformed');
    expect((await failureOf(s.request(call, parseValue))).failure).toBe('circuit_open');
    expect(upstream.hits).toHaveLength(3);
  });

  it("does not count answers that are the caller's fault (404)", async () => {
    upstream.reset((_req, res) => json(res, 404, {}));
    const s = source({ breakerThreshold: 2 });
    for (let i = 0; i < 4; i += 1) expect((await failureOf(s.request(call, parseValue))).failure).toBe('http');
    expect(upstream.hits).toHaveLength(4);
    expect(s.health().state).toBe('ok');
  });

  it("does not count a timeout that the caller's deadline cut short", async () => {
    upstream.reset((_req, res) => void setTimeout(() => json(res, 200, { value: 1 }), 400));
    const s = source({ breakerThreshold: 1, timeoutMs: 5_000 });
    await failureOf(within(toolContext('a', 150), () => s.request(call, parseValue)));
    expect(s.health().state).not.toBe('down');
  });
});

describe('health', () => {
  it('is ok for a fresh source and degraded after a slow answer', async () => {
    upstream.reset((_req, res) => void setTimeout(() => json(res, 200, { value: 1 }), 120));
    const s = source({ slowCallMs: 50 });
    expect(s.health()).toEqual({ name: s.name, state: 'ok', retryAt: null });
    await s.request(call, parseValue);
    expect(s.health()).toMatchObject({ state: 'degraded', retryAt: null, detail: 'of the last 1 calls, 1 slower than 50 ms' });
  });
});
