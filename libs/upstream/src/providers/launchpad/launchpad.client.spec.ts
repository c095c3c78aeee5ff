import { InvalidRequestError, NotFoundError } from '@scout/core';
import { json } from '../../test/programmable-upstream';
import { UpstreamError } from '../../upstream.types';
import { LAUNCHPAD_TTL_MS, LaunchpadClient } from './launchpad.client';
import { launchpadSite } from '../../test/launchpad-client-harness';
import { LaunchpadRefusedError, LaunchpadNotFoundError } from './launchpad.errors';
import * as fx from './launchpad.fixture';

/** The client on a real source against a programmable stand-in: coins, a token and its per-token routes (paths, queries, caching, parsing, errors). */

const lp = launchpadSite();
const { upstream, calls, within, answering, hit, failure } = lp;
const client = (keys?: string[]) => lp.client(keys);

const KEY = 'launchpad-key-000000000000001';

describe('LaunchpadClient.tokens (GET /api/tokens)', () => {
  it('sends the filters as the query and parses the captured answer, absent figures null', async () => {
    answering(fx.STONK_TOKENS);
    const page = await within(() =>
      client().tokens({ q: ' stonk ', sort: 'newest', mode: 'reward', status: 'graduated', quoteMint: fx.SPYX_MINT, category: 'xstock', page: 2, pageSize: 3 }),
    );
    expect(hit()).toMatchObject({
      method: 'GET',
      url: `/stonk/api/tokens?q=stonk&sort=newest&mode=reward&status=graduated&quoteMint=${fx.SPYX_MINT}&category=xstock&page=2&pageSize=3`,
    });
    expect(hit().headers['x-api-key']).toBeUndefined();
    expect(page.pagination).toEqual({ page: 1, pageSize: 3, total: 161670, totalPages: 53890 });
    expect(page.tokens.map((t) => [t.symbol, t.launchpad, t.mode, t.creator])).toEqual([
      ['STONK', 'raydium', 'standard', fx.STONK_CREATOR],
      ['ZCAT', 'raydium', 'reward', null],
      ['SI', 'launchlab', 'reward', null],
    ]);
    expect(page.tokens.map((t) => t.market.liquidityUsd)).toEqual([null, null, 776274.8710568023]);
    expect(page.tokens[1]).toMatchObject({ transferFee: { bps: 300 }, flywheel: { active: true }, graduationProgress: 1 });
    expect(page.tokens[0].market).toMatchObject({ priceUsd: 0.25684550592166827, marketCapUsd: 206991540.34123912 });
    expect(page._generatedAt).toBe('2026-10-02T06:52:55.677Z');
  });

  it("makes the site's relative asset paths absolute against its base URL, and leaves absolute ones", async () => {
    answering(fx.STONK_TOKENS);
    const [stonk, zcat, si] = (await within(() => client().tokens())).tokens;
    expect(stonk.quote.logoUrl).toBe(`${lp.url}/api/asset/quote-logo/${fx.SPYX_MINT}?v=c2b8ddb3`);
    expect(stonk.imageUrl).toBe(`${lp.url}/api/asset/quote-logo/${fx.STONK_MINT}?v=c3c81410`);
    expect(si.quote.logoUrl).toBe(`${lp.url}/api/asset/quote-logo/${fx.NVDAX_MINT}?v=44a1e3f8`);
    expect(zcat.quote.logoUrl).toBe('https://arweave.net/QSYqnmB7NYlB7n1R6rz935Y07dlRK0tIuKe2mof5Sho');
    expect(si.imageUrl).toMatch(/^https:\/\/axiomtrading\./);
    expect(stonk.metadataUri).toBe('https://gateway.irys.xyz/7HzAyVbL19x2RsKPwFD2NdESBDS1ZhawFojcVLvsFr5N');
    // A null base leaves them as the site gave them.
    const raw = new LaunchpadClient({ name: 'x', request: (_c, parse) => Promise.resolve(parse(structuredClone(fx.STONK_TOKENS))) }, null);
    expect((await raw.tokens()).tokens[0].imageUrl).toBe(fx.STONK_TOKENS.tokens[0].imageUrl);
  });

  it('sends the key in x-api-key when one is configured, and reuses a list for 30 s', async () => {
    answering(fx.STONK_TOKENS);
    const c = client([KEY]);
    await within(() => c.tokens({ pageSize: 3 }));
    await within(() => c.tokens({ pageSize: 3 }));
    expect(upstream.hits).toHaveLength(1);
    expect(hit().headers['x-api-key']).toBe(KEY);
    expect(calls[0]).toMatchObject({ endpoint: 'launchpad:/api/tokens', cacheTtlMs: 30_000 });
  });

  it('refuses bad options before any call', async () => {
    const c = client();
    for (const query of [
      { pageSize: 101 },
      { pageSize: 0 },
      { page: 0 },
      { page: 1.5 },
      { sort: 'price' },
      { mode: 'turbo' },
      { status: 'x' },
      { quoteMint: 'not-a-mint' },
    ]) {
      await expect(within(() => c.tokens(query as never))).rejects.toBeInstanceOf(RangeError);
    }
    expect(upstream.hits).toHaveLength(0);
  });

  it('refuses an answer of the wrong shape (a malformed upstream, not a crash or a zero)', async () => {
    const row = { ...fx.STONK_TOKENS.tokens[0], launchpad: 'moonshot' };
    answering({ ...fx.STONK_TOKENS, tokens: [row] });
    await expect(within(() => client().tokens())).rejects.toMatchObject({ failure: 'malformed' });
    answering({ tokens: fx.STONK_TOKENS.tokens });
    await expect(within(() => client().tokens())).rejects.toMatchObject({ failure: 'malformed' });
  });

  it("lets the site's 400 about a list through as the source's failure", async () => {
    answering({ error: 'bad sort' }, 400);
    const err = await failure(within(() => client().tokens({ sort: 'volume' })));
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).not.toBeInstanceOf(LaunchpadRefusedError);
  });
});

describe('LaunchpadClient.token (GET /api/tokens/{mint})', () => {
  it('reads the listing and its launch record; a coin without one has launch null', async () => {
    answering(fx.TOKEN_DETAIL);
    const { token } = await within(() => client().token(` ${fx.STONK_MINT} `));
    expect(hit().url).toBe(`/stonk/api/tokens/${fx.STONK_MINT}`);
    expect(token.launch).toMatchObject({ creator: fx.STONK_CREATOR, launchpad: 'raydium', startMarketCapUsd: 25_000, targetMarketCapUsd: null });
    expect(token.launch?.quote.logoUrl).toBe(`${lp.url}/api/asset/quote-logo/${fx.SPYX_MINT}?v=c2b8ddb3`);
    expect(calls[0]).toMatchObject({ endpoint: 'launchpad:/api/tokens/{mint}', cacheTtlMs: 60_000 });

    answering(fx.TOKEN_DETAIL_UNLAUNCHED);
    const other = await within(() => client().token(fx.ZCAT_MINT));
    expect(other.token).toMatchObject({ launch: null, creator: null });
  });

  it('turns a 404 into LaunchpadNotFoundError (a NotFoundError naming the mint)', async () => {
    answering({ error: 'Token not found' }, 404);
    const err = await failure(within(() => client().token(fx.STONK_MINT)));
    expect(err).toBeInstanceOf(LaunchpadNotFoundError);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ subject: 'token', ref: fx.STONK_MINT });
  });

  it('refuses a malformed mint before any call', async () => {
    const c = client();
    for (const bad of ['', 'abc', `${fx.STONK_MINT}0`, '0x0000000000000000000000000000000000000001', 'I'.repeat(40)]) {
      await expect(within(() => c.token(bad))).rejects.toBeInstanceOf(RangeError);
    }
    expect(upstream.hits).toHaveLength(0);
  });
});

describe("LaunchpadClient: a token's burns, rewards, airdrop, fees and backing", () => {
  /** Answers each route its fixture. */
  const site = (routes: Record<string, unknown>) =>
    upstream.reset((req, res) => {
      const path = new URL(req.url ?? '', 'http://x').pathname.replace(/^\/stonk/, '');
      const found = Object.entries(routes).find(([suffix]) => path.endsWith(suffix));
      json(res, found ? 200 : 404, found ? found[1] : { error: 'Not found' });
    });

  it('reads each route with its limit, cached 60 s', async () => {
    site({ '/burns': fx.BURNS, '/rewards': fx.TOKEN_REWARDS, '/airdrop': fx.AIRDROP, '/fees': fx.FEES, '/backing': fx.BACKING });
    const c = client();
    const [burns, rewards, airdrop, fees, backing] = await within(() =>
      Promise.all([c.burns(fx.ZCAT_MINT, 2), c.tokenRewards(fx.ZCAT_MINT, 1), c.airdrop(fx.SI_MINT, 2), c.fees(fx.STONK_MINT), c.backing(fx.PUMP_MINT)]),
    );
    expect(upstream.hits.map((h) => h.url).sort()).toEqual(
      [
        `/stonk/api/tokens/${fx.ZCAT_MINT}/burns?limit=2`,
        `/stonk/api/tokens/${fx.ZCAT_MINT}/rewards?limit=1`,
        `/stonk/api/tokens/${fx.SI_MINT}/airdrop?limit=2`,
        `/stonk/api/tokens/${fx.STONK_MINT}/fees`,
        `/stonk/api/tokens/${fx.PUMP_MINT}/backing`,
      ].sort(),
    );
    expect(calls.map((call) => [call.endpoint, call.cacheTtlMs])).toEqual(
      ['burns', 'rewards', 'airdrop', 'fees', 'backing'].map((route) => [`launchpad:/api/tokens/{mint}/${route}`, LAUNCHPAD_TTL_MS.token]),
    );
    expect(burns.totals).toMatchObject({ amountRaw: '125000000000000', burnCount: 14 });
    expect(burns.burns[1]).toMatchObject({ valueUsdAtBurn: null, source: 'flywheel' });
    expect(rewards).toMatchObject({ mode: 'reward', rewards: { distributedRaw: '1250000000', holderCount: 812 }, base: { symbol: 'ZCAT' } });
    expect(rewards.payouts).toHaveLength(1);
    expect(airdrop.airdrop).toMatchObject({ supplySharePct: 5, walletCount: 2, recipients: [{ wallet: fx.HOLDER_1 }, { wallet: fx.HOLDER_2 }] });
    expect(fees.claimable).toMatchObject({ quoteRaw: '220000000', valueUsd: 1_602.31 });
    expect(backing).toMatchObject({ launchpad: 'pump', lockedRaw: '18250000000', quote: { symbol: 'USDC', decimals: 6 } });
  });

  it('reads what a coin without rewards, airdrop or claimable fees answers as null or empty, never 0', async () => {
    site({ '/rewards': fx.TOKEN_REWARDS_STANDARD, '/airdrop': fx.AIRDROP_NONE, '/fees': fx.FEES_NONE });
    const c = client();
    const [rewards, airdrop, fees] = await within(() => Promise.all([c.tokenRewards(fx.STONK_MINT), c.airdrop(fx.STONK_MINT), c.fees(fx.ZCAT_MINT)]));
    expect(rewards).toMatchObject({ mode: 'standard', rewards: null, base: null, payouts: [] });
    expect(airdrop).toMatchObject({ airdrop: null, message: 'This token launched without an airdrop.' });
    expect(fees).toMatchObject({ creator: null, claimable: null, reason: 'Reward launches pay their fees to holders.' });
  });

  it('turns a 404 on any route into LaunchpadNotFoundError naming the mint', async () => {
    site({});
    const c = client();
    const reads: (() => Promise<unknown>)[] = [
      () => c.burns(fx.STONK_MINT),
      () => c.tokenRewards(fx.STONK_MINT),
      () => c.airdrop(fx.STONK_MINT),
      () => c.fees(fx.STONK_MINT),
      () => c.backing(fx.STONK_MINT),
    ];
    for (const read of reads) {
      await expect(within(read)).rejects.toMatchObject({ name: 'LaunchpadNotFoundError', subject: 'token', ref: fx.STONK_MINT });
    }
  });

  it("turns the site's 400 on backing into LaunchpadRefusedError naming `mint`, in the site's words", async () => {
    answering({ error: 'Backing is only available for pump launches' }, 400);
    const err = await failure(within(() => client().backing(fx.STONK_MINT)));
    expect(err).toBeInstanceOf(LaunchpadRefusedError);
    expect(err).toBeInstanceOf(InvalidRequestError);
    expect(err).toMatchObject({ field: 'mint', reason: 'Backing is only available for pump launches' });
    // A 400 without the site's message gets Scout's.
    answering('Bad Request', 400);
    await expect(within(() => client().backing(fx.STONK_MINT))).rejects.toMatchObject({ field: 'mint', reason: expect.stringContaining('pump') });
  });

  it('refuses a bad mint or limit before any call, and a raw amount that is not digits', async () => {
    const c = client();
    await expect(within(() => c.burns('nope', 2))).rejects.toBeInstanceOf(RangeError);
    await expect(within(() => c.burns(fx.ZCAT_MINT, 101))).rejects.toBeInstanceOf(RangeError);
    await expect(within(() => c.airdrop(fx.ZCAT_MINT, 0))).rejects.toBeInstanceOf(RangeError);
    expect(upstream.hits).toHaveLength(0);
    answering({ ...fx.BACKING, lockedRaw: 18_250_000_000 });
    await expect(within(() => c.backing(fx.PUMP_MINT))).rejects.toMatchObject({ failure: 'malformed' });
  });
});
