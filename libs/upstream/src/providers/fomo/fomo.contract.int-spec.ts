import { setTimeout as sleep } from 'node:timers/promises';
import { RequestContext, SessionUsageTracker, type ToolContext } from '@scout/core';
import { HttpUpstreamSource, type HttpUpstreamSourceDeps } from '../../http-upstream-source';
import { ProgrammableUpstream, json, toolContext } from '../../test/programmable-upstream';
import { UpstreamError, type UpstreamSourceOptions } from '../../upstream.types';
import { FomoClient } from './fomo.client';
import { FomoTokenClient } from './fomo-token.client';
import { FOMO_EXHAUSTED_REST_MS, FomoNotFoundError } from './fomo.errors';
import { fomoSourceOptions } from './fomo.source';
import { LEADERBOARD_7D, PRICEDIN_ID, PROFILE_PRICEDIN } from './fomo.fixture';

/** FOMO's error contract over real HTTP: the client on a real source against a programmable FOMO. */

const KEY_A = 'fomo-key-A-0000000000000001';
const KEY_B = 'fomo-key-B-0000000000000002';
const EXHAUSTED = { error: 'credits_exhausted', plan: 'starter', remaining: 0, message: 'Monthly credits used up', upgradeUrl: 'https://fomoapi.io/pricing' };
const RESOLVING = { error: 'resolving', retryable: true };

const upstream = new ProgrammableUpstream();
let baseUrl: string;
const opened: HttpUpstreamSource[] = [];

function fomo(
  options: Partial<UpstreamSourceOptions> & { keys?: string[] } = {},
  deps: HttpUpstreamSourceDeps = {},
): { client: FomoClient; source: HttpUpstreamSource } {
  const source = new HttpUpstreamSource(
    { ...fomoSourceOptions({ baseUrl, keys: options.keys ?? [KEY_A, KEY_B], timeoutMs: 2_000, retries: 2, name: `fomo${opened.length}` }), ...options },
    { sleep: async () => undefined, ...deps },
  );
  opened.push(source);
  return { client: new FomoClient(source), source };
}

const within = <T>(ctx: ToolContext, fn: () => Promise<T>): Promise<T> => RequestContext.run(ctx, fn);
const bearerOf = (n: number) => upstream.hits[n].headers.authorization;

beforeAll(async () => {
  baseUrl = await upstream.start();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await upstream.stop();
});

describe('keys and credits', () => {
  it('sends the key as a Bearer token and keeps the credit headers on the key, labels only', async () => {
    upstream.reset((_req, res) => json(res, 200, LEADERBOARD_7D, { 'x-credits-cost': '250', 'x-credits-remaining': '99750' }));
    const { client, source } = fomo({ keys: [KEY_A] });
    await client.leaderboard('7d');
    expect(bearerOf(0)).toBe(`Bearer ${KEY_A}`);
    expect(upstream.hits[0].url).toBe('/v2/leaderboard/7d?limit=150');
    const [state] = source.keyStates();
    expect(state).toMatchObject({ source: source.name, state: 'healthy', credits: { remaining: 99750, lastCost: 250 } });
    expect(Date.parse(state.credits?.seenAt as string)).toBeGreaterThan(Date.now() - 5_000);
    expect(JSON.stringify(source.keyStates())).not.toContain(KEY_A);
  });

  it('records the figures of every answer, a refusal too, and leaves out what the answer left out', async () => {
    upstream.reset((_req, res, _hit, n) =>
      n === 1
        ? json(res, 200, LEADERBOARD_7D, { 'x-credits-remaining': '500' })
        : json(res, 404, { error: 'not_found' }, { 'x-credits-cost': '250', 'x-credits-remaining': '250' }),
    );
    const { client, source } = fomo({ keys: [KEY_A] });
    await client.leaderboard('24h');
    expect(source.keyStates()[0].credits).toMatchObject({ remaining: 500, lastCost: null });
    await client.userByHandle('ghost').catch(() => undefined);
    expect(source.keyStates()[0].credits).toMatchObject({ remaining: 250, lastCost: 250 });
  });

  it('402 credits_exhausted rests that key and rotates to the next one', async () => {
    upstream.reset((req, res) =>
      req.headers.authorization === `Bearer ${KEY_A}` ? json(res, 402, EXHAUSTED, { 'x-credits-remaining': '0' }) : json(res, 200, PROFILE_PRICEDIN),
    );
    const { client, source } = fomo();
    await expect(client.userByHandle('pricedin')).resolves.toMatchObject({ userId: PRICEDIN_ID });
    expect(upstream.hits.map((h) => h.headers.authorization)).toEqual([`Bearer ${KEY_A}`, `Bearer ${KEY_B}`]);
    const [a, b] = source.keyStates();
    expect(a).toMatchObject({ state: 'exhausted', credits: { remaining: 0 } });
    expect(Date.parse(a.resetAt as string)).toBeGreaterThan(Date.now() + FOMO_EXHAUSTED_REST_MS - 60_000);
    expect(b.state).toBe('healthy');

    await client.userById(PRICEDIN_ID);
    expect(bearerOf(2)).toBe(`Bearer ${KEY_B}`);
    expect(source.health().state).toBe('ok');
  });

  it('with every key out of credits fails as no_keys, and the source reads down until the rest ends', async () => {
    upstream.reset((_req, res) => json(res, 402, EXHAUSTED));
    const { client, source } = fomo();
    const error = await client.leaderboard('7d').catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: 'no_keys', upstreamStatus: 402 });
    expect(upstream.hits).toHaveLength(2);
    expect(source.health()).toMatchObject({ state: 'down' });
  });

  it('any other 402 (a route the plan lacks) refuses the call and leaves the key healthy', async () => {
    upstream.reset((_req, res) => json(res, 402, { error: 'plan_required', message: 'Growth plan or above' }));
    const { client, source } = fomo();
    await expect(client.leaderboard('7d')).rejects.toMatchObject({ failure: 'rejected', upstreamStatus: 402 });
    expect(upstream.hits).toHaveLength(1);
    expect(source.keyStates().map((k) => k.state)).toEqual(['healthy', 'healthy']);
  });

  it('candles on a plan without them (402 plan_required) refuse the call, leave the key healthy and are not a not found', async () => {
    upstream.reset((_req, res) =>
      json(res, 402, { error: 'plan_required', plan: 'starter', message: 'Candles need a Growth or Scale plan', upgradeUrl: 'https://fomoapi.io/pricing' }),
    );
    const { source } = fomo();
    const tokens = new FomoTokenClient(source);
    const error = await tokens.candles('Mint1', { resolution: '60', countBack: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ failure: 'rejected', upstreamStatus: 402 });
    expect(upstream.hits).toHaveLength(1);
    expect(upstream.hits[0].url).toBe('/v2/token/Mint1/candles?resolution=60&countBack=10');
    expect(source.keyStates().map((k) => k.state)).toEqual(['healthy', 'healthy']);
  });

  it('401 and 403 mark the key invalid for good and rotate', async () => {
    upstream.reset((req, res) => (req.headers.authorization === `Bearer ${KEY_A}` ? json(res, 401, { error: 'invalid_key' }) : json(res, 200, LEADERBOARD_7D)));
    const { client, source } = fomo();
    await client.leaderboard('7d');
    await client.leaderboard('30d');
    expect(source.keyStates().map((k) => k.state)).toEqual(['invalid', 'healthy']);
    expect(upstream.hits.map((h) => h.headers.authorization)).toEqual([`Bearer ${KEY_A}`, `Bearer ${KEY_B}`, `Bearer ${KEY_B}`]);

    upstream.reset((_req, res) => json(res, 403, { error: 'forbidden' }));
    await expect(client.leaderboard('all')).rejects.toMatchObject({ failure: 'no_keys' });
    expect(source.keyStates().map((k) => k.state)).toEqual(['invalid', 'invalid']);
  });
});

describe('retries', () => {
  it('409 resolving is asked again until it answers, beyond the retry budget, and never trips the breaker', async () => {
    upstream.reset((_req, res, _hit, n) => (n <= 4 ? json(res, 409, RESOLVING) : json(res, 200, PROFILE_PRICEDIN)));
    const waits: number[] = [];
    const { client, source } = fomo({ retries: 0, breakerThreshold: 1 }, { sleep: async (ms) => void waits.push(ms) });
    const ctx = toolContext('a', 10_000);
    await expect(within(ctx, () => client.userByHandle('pricedin'))).resolves.toMatchObject({ handle: 'pricedin' });
    expect(upstream.hits).toHaveLength(5);
    expect(waits).toHaveLength(4);
    expect(waits.every((ms) => ms > 0 && ms <= 2_000)).toBe(true);
    expect(source.health().state).toBe('ok');
    expect(source.keyStates().map((k) => k.state)).toEqual(['healthy', 'healthy']);
  });

  it('409 until the deadline fails as an upstream error (pending), and the source stays usable', async () => {
    upstream.reset((_req, res) => json(res, 409, RESOLVING));
    const waits: number[] = [];
    const { client, source } = fomo({ breakerThreshold: 1 }, { sleep: (ms) => (waits.push(ms), sleep(ms)) });
    const error = await within(toolContext('a', 1_200), () => client.userByHandle('pricedin')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ failure: 'pending', upstreamStatus: 409 });
    expect((error as UpstreamError).detail).toContain('resolving');
    // It waited only within the deadline, never past it.
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(1_200);
    expect(upstream.hits.length).toBeGreaterThanOrEqual(2);

    upstream.reset((_req, res) => json(res, 200, LEADERBOARD_7D));
    await expect(client.leaderboard('7d')).resolves.toMatchObject({ window: '7d' });
    expect(source.health().state).not.toBe('down');
  });

  it('without a call deadline to bound it, 409 is asked again only within the retry budget', async () => {
    upstream.reset((_req, res) => json(res, 409, RESOLVING));
    const error = await fomo({ retries: 2 })
      .client.userByHandle('pricedin')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: 'pending', upstreamStatus: 409 });
    expect(upstream.hits).toHaveLength(3);
  });

  it('503 is retried within the retry budget', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 503, { error: 'upstream did not answer in time' }) : json(res, 200, LEADERBOARD_7D)));
    const { client } = fomo();
    await expect(within(toolContext(), () => client.leaderboard('7d'))).resolves.toMatchObject({ window: '7d' });
    expect(upstream.hits).toHaveLength(2);

    upstream.reset((_req, res) => json(res, 503, { error: 'upstream did not answer in time' }));
    await expect(fomo({ retries: 2 }).client.leaderboard('24h')).rejects.toMatchObject({ failure: 'http', upstreamStatus: 503 });
    expect(upstream.hits).toHaveLength(3);
  });

  it('404 is a typed not found, asked once, with the keys and the breaker untouched', async () => {
    upstream.reset((_req, res) => json(res, 404, { error: 'not_found', message: 'user not found' }));
    const { client, source } = fomo({ breakerThreshold: 1 });
    const error = await client.userByHandle('@nobody').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FomoNotFoundError);
    expect(error).toMatchObject({ code: 'not_found', subject: 'trader', ref: 'nobody' });
    expect(upstream.hits).toHaveLength(1);
    expect(upstream.hits[0].url).toBe('/v2/users/nobody');
    await expect(client.trade('t-1')).rejects.toMatchObject({ subject: 'trade', ref: 't-1' });
    expect(source.health().state).toBe('ok');
    expect(source.keyStates().map((k) => k.state)).toEqual(['healthy', 'healthy']);
  });

  it('a malformed payload is an upstream error, never a crash or a zero', async () => {
    upstream.reset((_req, res) => json(res, 200, { ...LEADERBOARD_7D, traders: [{ ...LEADERBOARD_7D.traders[0], pnlUsd: 'lots' }] }));
    await expect(fomo().client.leaderboard('7d')).rejects.toMatchObject({ failure: 'malformed' });
  });
});

describe('cache', () => {
  // The TTL values per route are asserted on the calls in fomo.client.spec.ts; the base's own
  // tests prove an entry expires at its TTL.
  it('answers a repeated leaderboard or profile from cache, and each window and handle apart', async () => {
    upstream.reset((req, res) => json(res, 200, req.url?.startsWith('/v2/leaderboard') ? LEADERBOARD_7D : PROFILE_PRICEDIN));
    const { client, source } = fomo();
    const ctx = toolContext();
    await within(ctx, async () => {
      await client.leaderboard('7d');
      await client.leaderboard('7d');
      await client.leaderboard('30d');
      await client.userByHandle('pricedin');
      await client.userByHandle('@pricedin');
    });
    expect(upstream.hits.map((h) => h.url)).toEqual(['/v2/leaderboard/7d?limit=150', '/v2/leaderboard/30d?limit=150', '/v2/users/pricedin']);
    expect(ctx.meter).toMatchObject({ calls: 3, cachedCalls: 2 });
    expect(source.stats()).toMatchObject({ calls: 3, cacheHits: 2 });
  });

  it('clearCache makes that caller read fresh while others keep the cached board', async () => {
    upstream.reset((_req, res, _hit, n) => json(res, 200, { ...LEADERBOARD_7D, capturedAt: `capture-${n}` }));
    const usage = new SessionUsageTracker();
    const { client } = fomo({}, { usage });
    const board = (account: string) => within(toolContext(account), () => client.leaderboard('7d'));
    expect((await board('y')).capturedAt).toBe('capture-1');
    await sleep(5);
    usage.clearCache('x');
    expect((await board('y')).capturedAt).toBe('capture-1');
    expect((await board('x')).capturedAt).toBe('capture-2');
    expect((await board('x')).capturedAt).toBe('capture-2');
    expect(upstream.hits).toHaveLength(2);
  });
});
