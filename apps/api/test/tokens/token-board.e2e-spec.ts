import { DEXSCREENER_CHAIN_IDS } from '@scout/upstream';
import { callCharges } from '../../../../test/ledger-rows';
import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/**
 * service_fomo_token_board end to end: the provider's ranking from the sandbox FOMO, prices and
 * market caps from the sandbox DexScreener, the last good board kept in PostgreSQL and served,
 * stale, by an app whose provider is down.
 */

const NOW = SANDBOX_NOW;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

async function readDex(t: TestApp, chain: string, address: string): Promise<Json[]> {
  const res = await fetch(`${t.sandbox.urls.dexscreener}/tokens/v1/${chain}/${address}`);
  return (await res.json()) as Json[];
}

/** The most liquid pair where the token is the base: the one Scout's market data reads. */
function mainPair(pairs: Json[], address: string): Json {
  return pairs.filter((p) => p.baseToken.address.toLowerCase() === address.toLowerCase()).sort((a, b) => (b.liquidity?.usd ?? 0) - (a.liquidity?.usd ?? 0))[0];
}

async function account(t: TestApp, name: string): Promise<{ key: string; accountId: string }> {
  const { apiKey: key, accountId } = await t.createAccount(name);
  await t.setBalance(accountId, 100_000);
  return { key, accountId };
}

describe('service_fomo_token_board (end to end against the sandbox)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  const call = (query: Record<string, string | number>) => t.http().get('/api/v1/tools/service_fomo_token_board').query(query).set(bearer(key));

  beforeAll(async () => {
    t = await startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)) });
    ({ key, accountId } = await account(t, 'token board'));
  });
  afterAll(() => t.close());

  it.each(['trending', 'most-held', 'graduated'])("the %s board: the provider's ranking with every item field, live market data over it", async (board) => {
    const before = await t.spendable(accountId);
    const res = await call({ board, limit: 100 });
    expect(res.status).toBe(200);
    const upstream = await readFomo(t, `/v2/leaderboard/tokens/${board}?limit=100`);
    const data = res.body.data;
    expect(data).toMatchObject({ board, source: 'live', stale: false, capturedAt: upstream.capturedAt, boardSize: upstream.tokens.length });
    expect(data.tokens.map((r: Json) => [r.rank, r.token.address])).toEqual(upstream.tokens.map((r: Json) => [r.rank, r.token.address]));
    for (const row of data.tokens) {
      expect(Object.keys(row).sort()).toEqual(
        [
          'rank',
          'token',
          'holders',
          'network',
          'chain',
          'priceUsd',
          'change24h',
          'marketCapUsd',
          'marketCapBasis',
          'marketCapSource',
          'priceSource',
          'fdvUsd',
          'liquidityUsd',
          'volume24hUsd',
          'trackedBuyers',
        ].sort(),
      );
      expect(Object.keys(row.token).sort()).toEqual(['address', 'name', 'symbol']);
      if (board === 'most-held') expect(row.holders).toBeNull();
      else expect(row.holders).toEqual(upstream.tokens.find((u: Json) => u.token.address === row.token.address).holders);
    }
    if (board === 'most-held') expect(data.tokens.length).toBeLessThanOrEqual(25);
    expect(res.body.credits.creditsSpent).toBe(250);
    expect(await t.spendable(accountId)).toBe(before - 250);
  });

  it("prices and market caps are the market source's (circulating), not the provider's", async () => {
    const res = await call({ board: 'trending', limit: 10 });
    const checked = res.body.data.tokens.slice(0, 4);
    for (const row of checked) {
      const pair = mainPair(await readDex(t, DEXSCREENER_CHAIN_IDS[row.chain as keyof typeof DEXSCREENER_CHAIN_IDS], row.token.address), row.token.address);
      expect(pair).toBeDefined();
      expect(row).toMatchObject({
        priceUsd: Number(pair.priceUsd),
        marketCapUsd: pair.marketCap,
        marketCapBasis: 'circulating',
        marketCapSource: 'dexscreener',
        priceSource: 'dexscreener',
        fdvUsd: pair.fdv,
      });
      expect(row.fdvUsd).toBeGreaterThanOrEqual(row.marketCapUsd);
    }
  });

  it('limit cuts the cached board: the same cost, no second provider call', async () => {
    await call({ board: 'graduated' });
    const res = await call({ board: 'graduated', limit: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ count: 1 });
    expect(res.body.data.tokens[0].rank).toBe(1);
    expect(res.body.credits).toMatchObject({ creditsSpent: 250 });
    expect(res.body.credits.endpoints).toContain('fomo:/v2/leaderboard/tokens/{board}');
    expect(res.body.credits.cachedCalls).toBeGreaterThanOrEqual(1);
  });

  it('keeps the board it read in PostgreSQL (unless a newer capture is there already)', async () => {
    const ours = (await call({ board: 'trending', limit: 100 })).body.data;
    const { rows } = await t.sql.query(`SELECT captured_at, board_json FROM token_board_captures WHERE board = 'trending'`);
    // Other apps share this database: a capture newer than ours is never replaced by ours.
    expect(new Date(rows[0].captured_at).getTime()).toBeGreaterThanOrEqual(Date.parse(ours.capturedAt));
    if (rows[0].board_json.capturedAt === ours.capturedAt) {
      expect(rows[0].board_json.tokens.map((r: Json) => r.token.address)).toEqual(ours.tokens.map((r: Json) => r.token.address));
    }
  });

  describe('400: nothing charged', () => {
    it.each([
      [{}, 'board'],
      [{ board: 'hot' }, 'board'],
      [{ board: 'trending', limit: 0 }, 'limit'],
      [{ board: 'trending', limit: 101 }, 'limit'],
      [{ board: 'trending', limit: 2.5 }, 'limit'],
    ])('%j', async (query, field) => {
      const before = await t.spendable(accountId);
      const res = await call(query);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(JSON.stringify(res.body.error)).toContain(field);
      expect(await t.spendable(accountId)).toBe(before);
    });

    it('limit 100 and limit 1 are in bounds', async () => {
      expect((await call({ board: 'trending', limit: 100 })).status).toBe(200);
      expect((await call({ board: 'trending', limit: 1 })).status).toBe(200);
    });
  });
});

describe('service_fomo_token_board while a provider is down', () => {
  let live: TestApp;
  let down: TestApp;

  beforeAll(async () => {
    [live, down] = await Promise.all([
      startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)) }),
      // No retries: each fault below costs the breaker one failure, not three.
      startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW + 3 * 60_000)), env: { UPSTREAM_RETRIES: '0' } }),
    ]);
  });
  afterAll(() => Promise.all([live.close(), down.close()]));

  it("without live market data the rows keep the provider's figures, marked so, with a note", async () => {
    down.sandbox.control.add({ provider: 'dexscreener', status: 503 });
    const b = await account(down, 'board no market');
    const res = await down.http().get('/api/v1/tools/service_fomo_token_board').query({ board: 'trending', limit: 5 }).set(bearer(b.key));
    expect(res.status).toBe(200);
    const upstream = await readFomo(down, '/v2/leaderboard/tokens/trending?limit=100');
    for (const row of res.body.data.tokens) {
      const provider = upstream.tokens.find((u: Json) => u.token.address === row.token.address);
      expect(row).toMatchObject({
        priceUsd: provider.priceUsd,
        priceSource: 'fomo',
        marketCapUsd: provider.marketCapUsd,
        marketCapSource: 'fomo',
        fdvUsd: null,
        liquidityUsd: null,
      });
    }
    expect(res.body.notes.join(' ')).toMatch(/Live market data \(dexscreener\) did not answer/);
    down.sandbox.control.clear();
  });

  it('serves the last captured board, source captured and stale, charged as an answer', async () => {
    const a = await account(live, 'board live');
    const fresh = await live.http().get('/api/v1/tools/service_fomo_token_board').query({ board: 'graduated', limit: 100 }).set(bearer(a.key));
    expect(fresh.status).toBe(200);

    down.sandbox.control.add({ provider: 'fomo', route: '/v2/leaderboard/tokens', status: 503 });
    // The board kept now: the one just read, or a newer one another app (sharing this database) read.
    const { rows } = await down.sql.query(`SELECT board_json FROM token_board_captures WHERE board = 'graduated'`);
    const kept = rows[0].board_json;
    expect(Date.parse(kept.capturedAt)).toBeGreaterThanOrEqual(Date.parse(fresh.body.data.capturedAt));
    const b = await account(down, 'board down');
    const res = await down.http().get('/api/v1/tools/service_fomo_token_board').query({ board: 'graduated', limit: 100 }).set(bearer(b.key));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ board: 'graduated', source: 'captured', stale: true, capturedAt: kept.capturedAt });
    expect(res.body.data.tokens.map((r: Json) => r.token.address)).toEqual(kept.tokens.map((r: Json) => r.token.address));
    expect(res.body.notes.join(' ')).toMatch(/the last board Scout captured, read \d+ min ago/);
    // Prices are still live: the market source answers.
    expect(res.body.data.tokens[0].marketCapSource).toBe('dexscreener');
    expect(await callCharges(down.sql, b.accountId, res.body.meta.requestId)).toEqual([{ hold: 'posted', held: 250, charged: 250 }]);
    down.sandbox.control.clear();
  });

  it('without any captured board the failure stands: 502, nothing charged', async () => {
    await down.sql.query(`DELETE FROM token_board_captures WHERE board = 'most-held'`);
    down.sandbox.control.add({ provider: 'fomo', route: '/v2/leaderboard/tokens/most-held', status: 503 });
    const b = await account(down, 'board none');
    const res = await down.http().get('/api/v1/tools/service_fomo_token_board').query({ board: 'most-held' }).set(bearer(b.key));
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('tool_error');
    expect(await down.spendable(b.accountId)).toBe(100_000);
    down.sandbox.control.clear();
  });
});
