import type { Response } from 'supertest';
import { FIXTURES, SANDBOX_KEYS } from '@scout/sandbox';
import { callCharges, directCharges } from '../../../test/ledger-rows';
import { startTestApp, type TestApp } from './support/test-app';
import { SANDBOX_NOW } from './support/fixed-time';

/**
 * The upstream layer seen from outside: faults injected into the sandbox, behaviour asserted on
 * the HTTP answers, the ledger and the sandbox's request counters. Each describe boots its own app
 * (and sandbox), so a breaker opened or a key retired in one never leaks into another.
 */

/** A fixed noon UTC: the sandbox market holds still for the whole run, and is the same every day. */
const NOW = SANDBOX_NOW;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** Provider and tool payloads, read loosely: the assertions say what matters. */
type Json = any;

/** A direct read of the sandbox, past Scout. */
async function sandboxGet(url: string, headers: Record<string, string> = {}): Promise<Json> {
  const res = await fetch(url, { headers });
  expect(res.status).toBe(200);
  return res.json();
}

/** Ledger views of one account. */
function ledger(t: Pick<TestApp, 'sql' | 'spendable'>) {
  return {
    balance: (accountId: string) => t.spendable(accountId),
    /** The hold of one request and what it charged. */
    chargesOf: (accountId: string, requestId: string) => callCharges(t.sql, accountId, requestId),
  };
}

/** A failed call: 502 tool_error with details, its hold voided, nothing charged, balance as before. */
async function expectNotCharged(t: Pick<TestApp, 'sql' | 'spendable'>, accountId: string, res: Response, cost: number, balanceBefore: number) {
  expect(res.status).toBe(502);
  expect(res.body.error.code).toBe('tool_error');
  expect(typeof res.body.error.message).toBe('string');
  expect(typeof res.body.error.details).toBe('string');
  expect(res.headers['x-credits-remaining']).toBe(String(balanceBefore));
  const l = ledger(t);
  expect(await l.balance(accountId)).toBe(balanceBefore);
  expect(await l.chargesOf(accountId, res.headers['x-request-id'])).toEqual([{ hold: 'voided', held: cost, charged: 0 }]);
}

/** Paid (the hold posted, or charged without one when answered from cache): the answer stands even when partial. */
async function expectCharged(t: Pick<TestApp, 'sql' | 'spendable'>, accountId: string, res: Response, cost: number, balanceBefore: number) {
  expect(res.status).toBe(200);
  expect(res.body.credits.creditsSpent).toBe(cost);
  expect(res.body.credits.remaining).toBe(balanceBefore - cost);
  expect(res.headers['x-credits-remaining']).toBe(String(balanceBefore - cost));
  const l = ledger(t);
  expect(await l.balance(accountId)).toBe(balanceBefore - cost);
  const holds = await l.chargesOf(accountId, res.headers['x-request-id']);
  if (holds.length === 0) {
    // Answered from cached upstream answers alone: one charge, no hold.
    expect(res.body.credits.calls).toBe(0);
    expect(await directCharges(t.sql, accountId, res.headers['x-request-id'])).toEqual([cost]);
  } else {
    expect(holds).toEqual([{ hold: 'posted', held: cost, charged: cost }]);
  }
}

/** A new account whose next calls skip any answer another test left in the shared cache. */
async function freshCaller(t: Pick<TestApp, 'createAccount' | 'http'>, name: string): Promise<{ apiKey: string; accountId: string }> {
  const { apiKey, accountId } = await t.createAccount(name);
  const res = await t.http().post('/api/v1/tools/service_usage').set(bearer(apiKey)).send({ clearCache: true });
  expect(res.status).toBe(200);
  return { apiKey, accountId };
}

const sourceState = (health: Json, name: string) => health.data.sources.find((s: Json) => s.name === name);

/**
 * An app whose Jupiter key pool is `jupiterKeys` while its sandbox accepts only SANDBOX_KEYS.jupiter.
 */
function startAppWithJupiterKeys(jupiterKeys: string[]): Promise<TestApp> {
  return startTestApp({ env: { UPSTREAM_RETRIES: '0' }, sandbox: { now: () => NOW }, upstreams: { jupiterKeys } });
}

describe('upstream resilience against the sandbox (spec "Errors" 502, service_health, service_usage)', () => {
  describe('200 partial answer: a composite tool loses one part, answers the rest and is charged', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { UPSTREAM_RETRIES: '0' }, sandbox: { now: () => NOW } });
    });
    afterAll(() => t.close());
    afterEach(() => t.sandbox.control.clear());

    it('service_chain_health without /stablecoinchains: TVL from the sandbox, stablecoin fields null, a note naming the part', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'partial chain health');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', route: '/stablecoins/stablecoinchains', status: 503 });
      const res = await t.http().get('/api/v1/tools/service_chain_health').set(bearer(apiKey));
      await expectCharged(t, accountId, res, 250, before);
      const llamaChains: Json[] = await sandboxGet(`${t.sandbox.urls.defillamaApi}/v2/chains`);
      expect(res.body.data.chains).toHaveLength(7);
      for (const row of res.body.data.chains) {
        expect(row.stablecoinSupplyUsd).toBeNull();
        expect(row.stablecoinsPerTvlDollar).toBeNull();
        expect(row.tvlUsd).toBeGreaterThan(0);
      }
      expect(res.body.data.chains[0].tvlUsd).toBe(llamaChains.find((c) => c.name === 'Solana')!.tvl);
      expect(res.body.notes).toEqual([
        'DefiLlama /stablecoinchains did not answer (HTTP 503): stablecoinSupplyUsd and stablecoinsPerTvlDollar left null.',
        expect.stringMatching(/sandbox upstream/),
      ]);
      expect(res.body.credits.endpoints.sort()).toEqual(['defillama:/stablecoinchains', 'defillama:/v2/chains']);
    });

    it('service_protocol_report without /hacks: TVL and audits answered, exploits null with a note', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'partial protocol report');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', status: 500 });
      const res = await t.http().post('/api/v1/tools/service_protocol_report').set(bearer(apiKey)).send({ protocol: FIXTURES.protocols.dex });
      await expectCharged(t, accountId, res, 250, before);
      expect(res.body.data.protocol.slug).toBe(FIXTURES.protocols.dex);
      expect(res.body.data.tvlUsd).toBeGreaterThan(0);
      expect(res.body.data).toMatchObject({ exploits: null, exploitCount: null, totalLostUsd: null });
      expect(res.body.notes).toContain('DefiLlama /hacks did not answer (HTTP 500): exploits left null.');
    });

    it('service_protocol_report without /protocols: answered from the protocol page; the note calls null only what is null', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'partial protocol list');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', route: '/api/protocols', status: 503 });
      const res = await t.http().post('/api/v1/tools/service_protocol_report').set(bearer(apiKey)).send({ protocol: FIXTURES.protocols.lending });
      await expectCharged(t, accountId, res, 250, before);
      const detail = await sandboxGet(`${t.sandbox.urls.defillamaApi}/protocol/${FIXTURES.protocols.lending}`);
      const latest = [...detail.tvl].sort((a: Json, b: Json) => a.date - b.date).pop();
      expect(res.body.data.protocol).toMatchObject({ slug: FIXTURES.protocols.lending, name: detail.name });
      expect(res.body.data.tvlUsd).toBe(latest.totalLiquidityUSD);
      expect(res.body.data.audit.audits).toBe(Number(detail.audits));
      expect(res.body.data.exploitCount).toBeGreaterThanOrEqual(1);
      const note = (res.body.notes as string[]).find((n) => n.includes('/protocols'));
      expect(note).toMatch(/^DefiLlama \/protocols did not answer \(HTTP 503\): /);
      // tvlUsd and the audit count came from /protocol/{slug}: a note must not say they were left null.
      expect(note).not.toMatch(/tvlUsd|audit count/);
    });

    it('service_token_prices_multichain without prices by ticker: addresses priced, symbols null with a note', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'partial multichain');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'alchemy', route: '/prices/v1/tokens/by-symbol', status: 503 });
      const res = await t
        .http()
        .post('/api/v1/tools/service_token_prices_multichain')
        .set(bearer(apiKey))
        .send({ tokens: [`base:${FIXTURES.baseUsdc}`], symbols: ['ETH'] });
      await expectCharged(t, accountId, res, 250, before);
      expect(res.body.data.tokens[0].priceUsd).toBeGreaterThan(0.9);
      expect(res.body.data.symbols).toEqual([{ symbol: 'ETH', priceUsd: null, lastUpdatedAt: null }]);
      expect(res.body.notes).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Prices by ticker are unavailable \(.+\): every symbol's priceUsd is null\.$/)]),
      );
    });

    it("service_token_info on Solana without the price API: the token list's price, with a note", async () => {
      const { apiKey, accountId } = await freshCaller(t, 'partial token info');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'jupiter', route: '/price/v3', status: 502 });
      const res = await t.http().get(`/api/v1/tools/service_token_info?chain=solana&address=${FIXTURES.jupMint}`).set(bearer(apiKey));
      await expectCharged(t, accountId, res, 250, before);
      const [listed] = await sandboxGet(`${t.sandbox.urls.jupiter}/tokens/v2/search?query=${FIXTURES.jupMint}`, { 'x-api-key': SANDBOX_KEYS.jupiter });
      expect(res.body.data).toMatchObject({ symbol: 'JUP', name: listed.name, priceUsd: listed.usdPrice });
      expect(res.body.notes).toEqual(expect.arrayContaining([expect.stringMatching(/The price API is unavailable .*the token list's last known price/)]));
    });
  });

  describe('502 tool_error: total failure charges nothing (the hold is voided)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { UPSTREAM_RETRIES: '0' }, sandbox: { now: () => NOW } });
    });
    afterAll(() => t.close());
    afterEach(() => t.sandbox.control.clear());

    it('service_chain_health with every DefiLlama route answering 5xx', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'total failure');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', status: 503 });
      const res = await t.http().get('/api/v1/tools/service_chain_health').set(bearer(apiKey));
      await expectNotCharged(t, accountId, res, 250, before);
      expect(res.body.error.details).toMatch(/^defillama-(api|stablecoins): defillama:\/(v2\/chains|stablecoinchains): answered HTTP 503$/);
      expect(res.body.error.message).toMatch(/^The defillama-(api|stablecoins) data source failed\.$/);
    });

    it('service_protocol_fees (500 credits) with /overview/fees failing: the 500 credits come back', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'total failure fees');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', route: '/api/overview/fees', status: 500 });
      const res = await t.http().post('/api/v1/tools/service_protocol_fees').set(bearer(apiKey)).send({ limit: 5 });
      await expectNotCharged(t, accountId, res, 500, before);
      expect(res.body.error.details).toMatch(/^defillama-api: defillama:\/overview\/fees\?dataType=daily(Fees|Revenue): answered HTTP 500$/);
    });

    it('service_token_prices with Jupiter failing', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'total failure jupiter');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'jupiter', route: '/price/v3', status: 503 });
      const res = await t.http().get(`/api/v1/tools/service_token_prices?tokens=${FIXTURES.solMint}`).set(bearer(apiKey));
      await expectNotCharged(t, accountId, res, 250, before);
      expect(res.body.error.details).toBe('jupiter: jupiter:/price/v3: answered HTTP 503');
    });
  });

  describe('502 tool_error under concurrency: callers sharing one failing upstream request are each charged nothing', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { UPSTREAM_RETRIES: '0' }, sandbox: { now: () => NOW } });
    });
    afterAll(() => t.close());

    it('20 parallel service_defi_hacks calls on one account against a failing /hacks: 20 holds voided, balance unchanged', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'parallel failures');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', status: 503, latencyMs: 300 });
      const responses = await Promise.all(Array.from({ length: 20 }, () => t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(apiKey))));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(502));
      for (const r of responses) expect(r.body.error).toMatchObject({ code: 'tool_error', details: 'defillama-api: defillama:/hacks: answered HTTP 503' });
      // Failures are shared by the callers in flight, never cached: far fewer requests than calls.
      expect(t.sandbox.control.count('defillama', '/api/hacks')).toBeLessThan(5);
      expect(await ledger(t).balance(accountId)).toBe(before);
      const { rows } = await t.sql.query(
        `SELECT count(*)::int AS holds, count(*) FILTER (WHERE state = 'voided')::int AS voided,
                (SELECT count(*)::int FROM credit_entries WHERE account_id = $1 AND kind = 'usage') AS usage
           FROM credit_holds WHERE account_id = $1 AND tool = 'service_defi_hacks'`,
        [accountId],
      );
      expect(rows[0]).toEqual({ holds: 20, voided: 20, usage: 0 });
    });
  });

  describe('502 tool_error: a malformed payload is the source failing, never a crash', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { UPSTREAM_RETRIES: '0' }, sandbox: { now: () => NOW } });
    });
    afterAll(() => t.close());
    afterEach(() => t.sandbox.control.clear());

    it.each([
      ['truncated', /^defillama-api: defillama:\/hacks: malformed payload: not JSON \(.+\)$/],
      ['shape', /^defillama-api: defillama:\/hacks: malformed payload: at .+$/],
      ['html', /^defillama-api: defillama:\/hacks: malformed payload: not JSON \(.+\)$/],
    ] as const)('a %s /hacks body: 502 with details, charged nothing, and the API keeps serving', async (mode, details) => {
      const { apiKey, accountId } = await freshCaller(t, `malformed ${mode}`);
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', malformed: mode, times: 1 });
      const res = await t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(apiKey));
      await expectNotCharged(t, accountId, res, 250, before);
      expect(res.body.error.details).toMatch(details);
      expect(t.sandbox.control.count('defillama', '/api/hacks')).toBeGreaterThanOrEqual(1);

      const health = await t.http().get('/api/v1/tools/service_health');
      expect(health.status).toBe(200);
      // The failure was not cached: the next identical call reads the (now healthy) upstream again.
      const again = await t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(apiKey));
      expect(again.status).toBe(200);
      expect(again.body.credits.calls).toBe(1);
      expect(again.body.data.matched).toBeGreaterThan(0);
    });

    it('a wrong-shaped /v2/chains in a composite tool: 200 with that part null and a note', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'malformed composite');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', route: '/api/v2/chains', malformed: 'shape' });
      const res = await t.http().get('/api/v1/tools/service_chain_health?chains=solana,ethereum').set(bearer(apiKey));
      await expectCharged(t, accountId, res, 250, before);
      expect(res.body.data.chains.map((c: Json) => c.tvlUsd)).toEqual([null, null]);
      expect(res.body.data.chains.every((c: Json) => c.stablecoinSupplyUsd > 0)).toBe(true);
      expect(res.body.notes).toContain('DefiLlama /v2/chains did not answer (malformed): tvlUsd and stablecoinsPerTvlDollar left null.');
    });
  });

  describe('retries: a passing upstream failure is retried inside the call', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { UPSTREAM_RETRIES: '2' }, sandbox: { now: () => NOW } });
    });
    afterAll(() => t.close());
    afterEach(() => t.sandbox.control.clear());

    it.each([
      ['a 503', { status: 503 }],
      ['a 429 with Retry-After', { rateLimited: true, retryAfterSec: 1 }],
    ])('%s once on /hacks: 200, two requests upstream, one call in the envelope', async (_label, fault) => {
      const { apiKey } = await freshCaller(t, 'retry');
      const seen = t.sandbox.control.count('defillama', '/api/hacks');
      t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', times: 1, ...fault });
      const res = await t.http().get('/api/v1/tools/service_defi_hacks?limit=1').set(bearer(apiKey));
      expect(res.status).toBe(200);
      expect(res.body.credits).toMatchObject({ calls: 1, cachedCalls: 0, creditsSpent: 250 });
      expect(t.sandbox.control.count('defillama', '/api/hacks') - seen).toBe(2);
    });
  });

  describe('circuit breaker: repeated failures open it, service_health shows the source down, calls fail fast', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { UPSTREAM_RETRIES: '0' }, sandbox: { now: () => NOW } });
    });
    afterAll(() => t.close());

    it('five 5xx on defillama-api open its breaker; the next calls never reach the sandbox and charge nothing', async () => {
      const { apiKey, accountId } = await t.createAccount('breaker');
      t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', status: 503 });

      for (let i = 0; i < 5; i++) {
        const before = await ledger(t).balance(accountId);
        const res = await t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(apiKey));
        await expectNotCharged(t, accountId, res, 250, before);
        expect(res.body.error.details).toBe('defillama-api: defillama:/hacks: answered HTTP 503');
      }
      expect(t.sandbox.control.count('defillama', '/api/hacks')).toBe(5);

      const health = await t.http().get('/api/v1/tools/service_health');
      expect(health.status).toBe(200);
      expect(health.body.data.status).toBe('down');
      const api = sourceState(health.body, 'defillama-api');
      expect(api.state).toBe('down');
      const retryAt = Date.parse(api.retryAt);
      expect(retryAt).toBeGreaterThan(Date.now());
      expect(retryAt).toBeLessThanOrEqual(Date.now() + 30_000);
      expect(api.detail).toMatch(/circuit open/);
      for (const other of ['defillama-coins', 'defillama-stablecoins', 'defillama-yields', 'jupiter', 'token-data-prices']) {
        expect(sourceState(health.body, other)).toEqual({ name: other, state: 'ok', retryAt: null });
      }

      // Fails fast: even with the fault gone the breaker holds until retryAt, and nothing is sent.
      t.sandbox.control.clear();
      const apiRequests = t.sandbox.control.count('defillama', '/api');
      const before = await ledger(t).balance(accountId);
      const fast = await t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(apiKey));
      await expectNotCharged(t, accountId, fast, 250, before);
      expect(fast.body.error.details).toMatch(
        /^defillama-api: defillama:\/hacks: circuit open after repeated failures \(last: defillama:\/hacks: answered HTTP 503\); not called$/,
      );
      expect(t.sandbox.control.count('defillama', '/api')).toBe(apiRequests);

      // Another tool on the same source loses that part only; the other source still answers.
      const stablesBefore = t.sandbox.control.count('defillama', '/stablecoins');
      const partial = await t.http().get('/api/v1/tools/service_chain_health?chains=solana').set(bearer(apiKey));
      expect(partial.status).toBe(200);
      expect(partial.body.data.chains[0]).toMatchObject({ chain: 'solana', tvlUsd: null });
      expect(partial.body.data.chains[0].stablecoinSupplyUsd).toBeGreaterThan(0);
      expect(partial.body.notes).toContain('DefiLlama /v2/chains did not answer (circuit open): tvlUsd and stablecoinsPerTvlDollar left null.');
      expect(t.sandbox.control.count('defillama', '/api')).toBe(apiRequests);
      expect(t.sandbox.control.count('defillama', '/stablecoins') - stablesBefore).toBe(1);

      const admin = await t.http().get('/api/v1/admin/upstreams').set(bearer(t.adminKey));
      expect(admin.status).toBe(200);
      expect(admin.body.sources.find((s: Json) => s.name === 'defillama-api')).toMatchObject({ state: 'down', retryAt: api.retryAt });
      expect(admin.body.counters.find((c: Json) => c.source === 'defillama-api')).toMatchObject({ failures: 7, attempts: 5 });
      // Every source is listed from the start, the token-analytics one (no tool has called it) too.
      expect(admin.body.sources.find((s: Json) => s.name === 'token-analytics')).toMatchObject({ state: 'ok', retryAt: null });
      expect(admin.body.counters.find((c: Json) => c.source === 'token-analytics')).toMatchObject({ attempts: 0 });
      expect(admin.body.keys).toEqual(
        expect.arrayContaining([{ source: 'token-analytics', key: expect.stringMatching(/^key#1\b/), state: 'healthy', resetAt: null }]),
      );
      expect(JSON.stringify(admin.body)).not.toContain(SANDBOX_KEYS.solanaTracker);
    });
  });

  describe('key rotation: a refused key is retired and the call goes through on the next one', () => {
    const REFUSED = 'scout-test-refused-jupiter-key-7f3a9c';
    let t: Omit<TestApp, 'setBalance'>;
    beforeAll(async () => {
      t = await startAppWithJupiterKeys([REFUSED, SANDBOX_KEYS.jupiter]);
    });
    afterAll(() => t.close());

    it('service_token_prices succeeds via key#2; service_usage and /admin/upstreams list key#1 as invalid by label only', async () => {
      const { apiKey } = await t.createAccount('rotation');
      const res = await t.http().get(`/api/v1/tools/service_token_prices?tokens=${FIXTURES.solMint}`).set(bearer(apiKey));
      expect(res.status).toBe(200);
      const direct = await sandboxGet(`${t.sandbox.urls.jupiter}/price/v3?ids=${FIXTURES.solMint}`, { 'x-api-key': SANDBOX_KEYS.jupiter });
      expect(res.body.data.prices[0].priceUsd).toBe(direct[FIXTURES.solMint].usdPrice);
      expect(res.body.credits).toMatchObject({ calls: 1, creditsSpent: 250 });
      const priceRequests = t.sandbox.control.requests().recent.filter((r) => r.provider === 'jupiter' && r.route === '/price/v3');
      // The refused attempt, the accepted one, then our own direct read.
      expect(priceRequests.map((r) => r.status)).toEqual([401, 200, 200]);

      const usage = await t.http().get('/api/v1/tools/service_usage').set(bearer(apiKey));
      expect(usage.status).toBe(200);
      expect(usage.body.data.upstreamKeys.invalid).toEqual([{ source: 'jupiter', key: expect.stringMatching(/^key#1\b/), state: 'invalid', resetAt: null }]);
      expect(usage.body.data.upstreamKeys.exhausted).toEqual([]);
      expect(JSON.stringify(usage.body)).not.toContain(REFUSED);
      expect(JSON.stringify(usage.body)).not.toContain(SANDBOX_KEYS.jupiter);

      const admin = await t.http().get('/api/v1/admin/upstreams').set(bearer(t.adminKey));
      expect(admin.status).toBe(200);
      expect(admin.body.keys).toEqual(
        expect.arrayContaining([
          { source: 'jupiter', key: expect.stringMatching(/^key#1\b/), state: 'invalid', resetAt: null },
          { source: 'jupiter', key: expect.stringMatching(/^key#2\b/), state: 'healthy', resetAt: null },
        ]),
      );
      expect(JSON.stringify(admin.body)).not.toContain(REFUSED);
      expect(JSON.stringify(admin.body)).not.toContain(SANDBOX_KEYS.jupiter);

      const health = await t.http().get('/api/v1/tools/service_health');
      expect(sourceState(health.body, 'jupiter')).toEqual({ name: 'jupiter', state: 'ok', retryAt: null });

      // The retired key is not tried again: one request for the next (uncached) call.
      const seen = t.sandbox.control.count('jupiter', '/price/v3');
      const next = await t.http().get(`/api/v1/tools/service_token_prices?tokens=${FIXTURES.jupMint}`).set(bearer(apiKey));
      expect(next.status).toBe(200);
      expect(t.sandbox.control.count('jupiter', '/price/v3') - seen).toBe(1);
    });
  });

  describe('a key pool that runs dry: every key refused', () => {
    const REFUSED = ['scout-test-refused-jupiter-key-aaaa01', 'scout-test-refused-jupiter-key-bbbb02'];
    let t: Omit<TestApp, 'setBalance'>;
    beforeAll(async () => {
      t = await startAppWithJupiterKeys(REFUSED);
    });
    afterAll(() => t.close());

    it('502 charged nothing, no secret in any answer, jupiter down in service_health, later calls not sent', async () => {
      const { apiKey, accountId } = await t.createAccount('dry pool');
      const before = await ledger(t).balance(accountId);
      const res = await t.http().get(`/api/v1/tools/service_token_prices?tokens=${FIXTURES.solMint}`).set(bearer(apiKey));
      await expectNotCharged(t, accountId, res, 250, before);
      expect(res.body.error.details).toBe('jupiter: jupiter:/price/v3: no usable API key for jupiter: 2 rejected as invalid (401/403) of 2');
      expect(t.sandbox.control.count('jupiter', '/price/v3')).toBe(2);

      const health = await t.http().get('/api/v1/tools/service_health');
      expect(sourceState(health.body, 'jupiter')).toMatchObject({ state: 'down', retryAt: null });
      const usage = await t.http().post('/api/v1/tools/service_usage').set(bearer(apiKey)).send({});
      expect(usage.body.data.upstreamKeys.invalid.map((k: Json) => k.key)).toEqual([expect.stringMatching(/^key#1\b/), expect.stringMatching(/^key#2\b/)]);
      for (const body of [res.body, health.body, usage.body]) {
        for (const secret of REFUSED) expect(JSON.stringify(body)).not.toContain(secret);
      }

      const again = await t.http().get(`/api/v1/tools/service_token_prices?tokens=${FIXTURES.jupMint}`).set(bearer(apiKey));
      expect(again.status).toBe(502);
      expect(t.sandbox.control.count('jupiter', '/price/v3')).toBe(2);
    });
  });

  describe('single-flight: identical concurrent calls share one upstream request', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ sandbox: { now: () => NOW } });
    });
    afterAll(() => t.close());

    it('50 concurrent service_defi_hacks calls from five accounts reach /hacks exactly once', async () => {
      const accounts: Array<{ accountId: string; apiKey: string }> = [];
      for (let i = 0; i < 5; i++) accounts.push(await t.createAccount(`single flight ${i}`));
      const l = ledger(t);
      const before = await Promise.all(accounts.map((a) => l.balance(a.accountId)));
      // A slow upstream keeps the first request in flight while the others arrive.
      t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', latencyMs: 1000 });
      const seen = t.sandbox.control.count('defillama', '/api/hacks');

      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t
            .http()
            .get('/api/v1/tools/service_defi_hacks?limit=5')
            .set(bearer(accounts[i % 5].apiKey)),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(t.sandbox.control.count('defillama', '/api/hacks') - seen).toBe(1);
      const calls = responses.map((r) => r.body.credits.calls as number);
      const cached = responses.map((r) => r.body.credits.cachedCalls as number);
      expect(calls.reduce((a, b) => a + b, 0)).toBe(1);
      expect(cached.reduce((a, b) => a + b, 0)).toBe(49);
      responses.forEach((r) => expect(r.body.credits.calls + r.body.credits.cachedCalls).toBe(1));
      // They joined the request in flight (each waited for the slow upstream) rather than arriving
      // after it finished and reading the cache.
      expect(responses.filter((r) => r.body.meta.durationMs >= 500).length).toBeGreaterThanOrEqual(25);
      // One upstream answer behind all fifty: the same data in every envelope.
      const answers = new Set(responses.map((r) => JSON.stringify(r.body.data)));
      expect(answers.size).toBe(1);
      expect(responses[0].body.data.hacks).toHaveLength(5);
      for (let i = 0; i < 5; i++) expect(await l.balance(accounts[i].accountId)).toBe(before[i] - 10 * 250);
    });
  });

  describe('response cache: hits within the TTL, service_usage clearCache per caller', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ sandbox: { now: () => NOW } });
    });
    afterAll(() => t.close());

    const hacks = (key: string, query = '') => t.http().get(`/api/v1/tools/service_defi_hacks${query}`).set(bearer(key));
    const clearCache = (key: string) => t.http().post('/api/v1/tools/service_usage').set(bearer(key)).send({ clearCache: true });
    const hackRequests = () => t.sandbox.control.count('defillama', '/api/hacks');

    it('a second identical call is a cache hit: cachedCalls 1, calls 0, nothing sent, still charged', async () => {
      const { apiKey, accountId } = await t.createAccount('cache hit');
      await clearCache(apiKey);
      const first = await hacks(apiKey);
      expect(first.status).toBe(200);
      expect(first.body.credits).toMatchObject({ calls: 1, cachedCalls: 0, endpoints: ['defillama:/hacks'] });
      const seen = hackRequests();
      const before = await ledger(t).balance(accountId);

      const second = await hacks(apiKey);
      await expectCharged(t, accountId, second, 250, before);
      expect(second.body.credits).toMatchObject({ calls: 0, cachedCalls: 1, endpoints: ['defillama:/hacks'] });
      expect(second.body.data).toEqual(first.body.data);
      // Other local filters over the same upstream answer share the cached entry.
      const filtered = await hacks(apiKey, '?query=ae&limit=3');
      expect(filtered.body.credits).toMatchObject({ calls: 0, cachedCalls: 1 });
      expect(hackRequests()).toBe(seen);
    });

    it('Jupiter prices share one cache entry whatever order the mints come in', async () => {
      const { apiKey } = await t.createAccount('cache order');
      await clearCache(apiKey);
      const seen = t.sandbox.control.count('jupiter', '/price/v3');
      const ab = await t.http().get(`/api/v1/tools/service_token_prices?tokens=${FIXTURES.solMint},${FIXTURES.bonkMint}`).set(bearer(apiKey));
      const ba = await t.http().get(`/api/v1/tools/service_token_prices?tokens=${FIXTURES.bonkMint},${FIXTURES.solMint}`).set(bearer(apiKey));
      expect(ab.body.credits).toMatchObject({ calls: 1, cachedCalls: 0 });
      expect(ba.body.credits).toMatchObject({ calls: 0, cachedCalls: 1 });
      expect(ba.body.data.prices.map((p: Json) => p.mint)).toEqual([FIXTURES.bonkMint, FIXTURES.solMint]);
      expect(ba.body.data.prices[1].priceUsd).toBe(ab.body.data.prices[0].priceUsd);
      expect(t.sandbox.control.count('jupiter', '/price/v3') - seen).toBe(1);
    });

    it('clearCache=true makes the same caller fetch again while another account still gets the cached answer', async () => {
      const a = await t.createAccount('cache clearer');
      const b = await t.createAccount('cache bystander');
      await clearCache(a.apiKey);
      expect((await hacks(a.apiKey)).body.credits).toMatchObject({ calls: 1, cachedCalls: 0 });
      let seen = hackRequests();
      expect((await hacks(b.apiKey)).body.credits).toMatchObject({ calls: 0, cachedCalls: 1 });
      expect(hackRequests()).toBe(seen);

      const cleared = await clearCache(a.apiKey);
      expect(cleared.status).toBe(200);
      expect(cleared.body.credits.creditsSpent).toBe(0);
      expect(cleared.body.notes).toEqual([expect.stringMatching(/^Cache cleared for your calls at .+: your next calls read fresh upstream data\.$/)]);
      expect(cleared.body.data.session.cacheClearedAt).toEqual(expect.any(String));

      const refetched = await hacks(a.apiKey);
      expect(refetched.body.credits).toMatchObject({ calls: 1, cachedCalls: 0 });
      expect(hackRequests()).toBe(seen + 1);
      seen = hackRequests();
      const bystander = await hacks(b.apiKey);
      expect(bystander.body.credits).toMatchObject({ calls: 0, cachedCalls: 1 });
      expect(hackRequests()).toBe(seen);
      // A's own later calls hit the entry A's refetch stored.
      expect((await hacks(a.apiKey)).body.credits).toMatchObject({ calls: 0, cachedCalls: 1 });

      const usageB = await t.http().get('/api/v1/tools/service_usage').set(bearer(b.apiKey));
      expect(usageB.body.data.session).toMatchObject({ calls: 2, upstreamCalls: 0, cachedCalls: 2, cacheHitRate: 1, cacheClearedAt: null });
      const usageA = await t.http().get('/api/v1/tools/service_usage').set(bearer(a.apiKey));
      expect(usageA.body.data.session).toMatchObject({ upstreamCalls: 2, cachedCalls: 1, cacheHitRate: 0.3333 });
    });
  });

  describe('timeouts: a slow upstream is cut at UPSTREAM_TIMEOUT_MS', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { UPSTREAM_TIMEOUT_MS: '300', UPSTREAM_RETRIES: '0' }, sandbox: { now: () => NOW } });
    });
    afterAll(() => t.close());
    afterEach(() => t.sandbox.control.clear());

    it('latency above the timeout on /hacks: 502 well before the latency ends, charged nothing', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'slow upstream');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', latencyMs: 5000 });
      const res = await t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(apiKey));
      // Answered while the sandbox still held its one request (it answers only when the latency ends).
      expect(
        t.sandbox.control
          .requests()
          .recent.filter((r) => r.route === '/api/hacks')
          .map((r) => r.status),
      ).toEqual([undefined]);
      await expectNotCharged(t, accountId, res, 250, before);
      expect(res.body.error.details).toBe('defillama-api: defillama:/hacks: no answer within 300 ms');
    });

    it('an upstream that never answers one part of a composite tool: 200 partial within the deadline, charged', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'hanging part');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', route: '/stablecoins/stablecoinchains', timeout: true });
      // The part never answers: the answer (and its note that the part timed out) shows it was cut.
      const res = await t.http().get('/api/v1/tools/service_chain_health?chains=base').set(bearer(apiKey));
      await expectCharged(t, accountId, res, 250, before);
      expect(res.body.data.chains[0]).toMatchObject({ chain: 'base', stablecoinSupplyUsd: null, stablecoinsPerTvlDollar: null });
      expect(res.body.data.chains[0].tvlUsd).toBeGreaterThan(0);
      expect(res.body.notes).toContain('DefiLlama /stablecoinchains did not answer (timeout): stablecoinSupplyUsd and stablecoinsPerTvlDollar left null.');
    });
  });

  describe('timeouts: the tool deadline bounds a call whatever the upstream timeout', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { TOOL_DEADLINE_MS: '600', UPSTREAM_TIMEOUT_MS: '8000', UPSTREAM_RETRIES: '2' }, sandbox: { now: () => NOW } });
    });
    afterAll(() => t.close());

    it('an upstream that never answers: 502 at about TOOL_DEADLINE_MS, no retry past the deadline, charged nothing', async () => {
      const { apiKey, accountId } = await freshCaller(t, 'deadline');
      const before = await ledger(t).balance(accountId);
      t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', timeout: true });
      const res = await t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(apiKey));
      await expectNotCharged(t, accountId, res, 250, before);
      expect(res.body.error.details).toMatch(
        /^defillama-api: defillama:\/hacks: (no answer within \d+ ms|the request's deadline passed before the upstream answered)$/,
      );
      // Cut at the deadline, not at the 8 s upstream timeout.
      expect(Number(/within (\d+) ms/.exec(res.body.error.details)?.[1] ?? 0)).toBeLessThanOrEqual(600);
      expect(t.sandbox.control.count('defillama', '/api/hacks')).toBe(1);
    });
  });
});
