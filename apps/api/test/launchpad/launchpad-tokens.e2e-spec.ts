import { startTokensApp, UNKNOWN_EVM, type Json, type TokensApp } from '../tokens/support';
import { launchpadFixtures, readLaunchpad, UNKNOWN_ADDRESS } from './support';

/**
 * launchpad_tokens and launchpad_token end to end against the sandbox's launchpad: the rows, their
 * order and the pagination are what the stand-in serves (read past Scout); filters and pages reach
 * it; bad input is a 400, an unknown mint a 404, the site down a 502, all uncharged.
 */
describe('launchpad_tokens and launchpad_token (end to end against the sandbox)', () => {
  let app: TokensApp;
  let fx: Json;

  beforeAll(async () => {
    app = await startTokensApp('launchpad-tokens');
    fx = await launchpadFixtures(app);
  });
  afterAll(() => app.t.close());

  /** A row as Scout answers it, against the site's row (asset paths absolute in Scout's). */
  const expectSameCoin = (row: Json, site: Json) => {
    expect(row).toMatchObject({
      mint: site.mint,
      pool: site.pool ?? null,
      symbol: site.symbol ?? null,
      creator: site.creator ?? null,
      quote: { mint: site.quote.mint, symbol: site.quote.symbol ?? null, category: site.quote.category ?? null },
      launchpad: site.launchpad,
      mode: site.mode,
      transferFee: site.transferFee ?? null,
      flywheel: site.flywheel ?? null,
      market: {
        priceUsd: site.market.priceUsd ?? null,
        marketCapUsd: site.market.marketCapUsd ?? null,
        fdvUsd: site.market.fdvUsd ?? null,
        volume24hUsd: site.market.volume24hUsd ?? null,
        liquidityUsd: site.market.liquidityUsd ?? null,
        priceChange24h: site.market.priceChange24h ?? null,
        peakMarketCapUsd: site.market.peakMarketCapUsd ?? null,
      },
      status: site.status,
      graduationProgress: site.graduationProgress ?? null,
      graduatedAt: site.graduatedAt ?? null,
      createdAt: site.createdAt,
    });
  };

  it('lists the newest coins as the site does, with its pagination, charged 250', async () => {
    const site = await readLaunchpad(app, '/api/tokens?sort=newest&pageSize=5');
    const before = await app.balance();
    const res = await app.call('launchpad_tokens', { sort: 'newest', pageSize: 5 });
    await app.expectCharged('launchpad_tokens', res, before);
    const d = res.body.data;
    expect(d.tokens).toHaveLength(5);
    d.tokens.forEach((row: Json, i: number) => expectSameCoin(row, site.tokens[i]));
    expect(d.pagination).toEqual({ ...site.pagination, nextPage: 2 });
    const created = d.tokens.map((r: Json) => Date.parse(r.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('pages through the listing: page 2 follows page 1, a page past the last is empty with a note', async () => {
    const first = (await app.ok('launchpad_tokens', { sort: 'marketCap', pageSize: 4 })).data;
    const second = (await app.ok('launchpad_tokens', { sort: 'marketCap', page: 2, pageSize: 4 })).data;
    const site = await readLaunchpad(app, '/api/tokens?sort=marketCap&page=2&pageSize=4');
    expect(second.tokens.map((r: Json) => r.mint)).toEqual(site.tokens.map((r: Json) => r.mint));
    expect(new Set([...first.tokens, ...second.tokens].map((r: Json) => r.mint)).size).toBe(8);
    expect(first.tokens.at(-1).market.marketCapUsd).toBeGreaterThanOrEqual(second.tokens[0].market.marketCapUsd);
    const past = first.pagination.totalPages + 1;
    const before = await app.balance();
    const res = await app.call('launchpad_tokens', { page: past, pageSize: 4 });
    await app.expectCharged('launchpad_tokens', res, before);
    expect(res.body.data.tokens).toEqual([]);
    expect(res.body.notes).toContainEqual(expect.stringContaining(`Page ${past} is past the last page`));
  });

  it('filters by mode, quote mint and category at the site', async () => {
    const reward = (await app.ok('launchpad_tokens', { mode: 'reward', pageSize: 100 })).data.tokens;
    expect(reward.length).toBeGreaterThan(0);
    for (const r of reward) expect(r).toMatchObject({ mode: 'reward', transferFee: { bps: expect.any(Number) } });
    const byQuote = (await app.ok('launchpad_tokens', { quoteMint: fx.xstockQuote, pageSize: 100 })).data;
    expect(byQuote.tokens.length).toBeGreaterThan(0);
    for (const r of byQuote.tokens) expect(r.quote.mint).toBe(fx.xstockQuote);
    expect(byQuote.pagination.total).toBe((await readLaunchpad(app, `/api/tokens?quoteMint=${fx.xstockQuote}&pageSize=1`)).pagination.total);
    const xstock = (await app.ok('launchpad_tokens', { category: 'xstock', pageSize: 100 })).data.tokens;
    for (const r of xstock) expect(r.quote.category).toBe('xstock');
    for (const status of ['graduated', 'bonding']) {
      const rows = (await app.ok('launchpad_tokens', { status, pageSize: 100 })).data.tokens;
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r.status).toBe(status);
    }
  });

  it('refuses bad input with a 400 naming the field, uncharged', async () => {
    const before = await app.balance();
    for (const [body, field] of [
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ page: 0 }, 'page'],
      [{ sort: 'price' }, 'sort'],
      [{ mode: 'v3' }, 'mode'],
      [{ quoteMint: UNKNOWN_EVM }, 'quoteMint'],
      [{ quoteMint: 'not-a-mint' }, 'quoteMint'],
      [{ status: 'a b' }, 'status'],
      [{ nonsense: 1 }, 'nonsense'],
    ] as const) {
      const res = await app.call('launchpad_tokens', body);
      await app.expectUncharged(res, 400, before);
      expect(res.body.error.issues.map((i: Json) => i.path)).toContain(field);
    }
  });

  it('a status the site does not know is a 400 naming the values it takes, not a 502 with its path and answer', async () => {
    const before = await app.balance();
    for (const status of ['x', 'Graduated', 'launched']) {
      const res = await app.call('launchpad_tokens', { status });
      await app.expectUncharged(res, 400, before);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', issues: [{ path: 'status', message: expect.stringMatching(/bonding, graduated/) }] });
      expect(res.body.error.details).toBeUndefined();
    }
  });

  it('launchpad_token: the coin as listed plus its launch record, charged 250', async () => {
    for (const mint of [fx.mints.raydium_standard[0], fx.mints.launchlab_reward[0], fx.mints.pump_standard[0]].filter(Boolean)) {
      const site = (await readLaunchpad(app, `/api/tokens/${mint}`)).token;
      const before = await app.balance();
      const res = await app.call('launchpad_token', { mint });
      await app.expectCharged('launchpad_token', res, before);
      const d = res.body.data;
      expectSameCoin(d.token, site);
      expect(d.launch).toMatchObject({
        mint,
        creator: site.launch.creator ?? null,
        launchpad: site.launch.launchpad,
        mode: site.launch.mode,
        quote: { mint: site.launch.quote.mint },
        startMarketCapUsd: site.launch.startMarketCapUsd ?? null,
        targetMarketCapUsd: site.launch.targetMarketCapUsd ?? null,
        createdAt: site.launch.createdAt,
      });
      // The listing and the one-coin read agree.
      const listed = (await app.ok('launchpad_tokens', { q: mint })).data.tokens.find((r: Json) => r.mint === mint);
      expect(listed).toMatchObject({ mint, launchpad: d.token.launchpad, mode: d.token.mode, creator: d.token.creator });
    }
  });

  it('launchpad_token: an unknown mint is a 404, a malformed or EVM one a 400, uncharged', async () => {
    const before = await app.balance();
    const unknown = await app.call('launchpad_token', { mint: UNKNOWN_ADDRESS });
    await app.expectUncharged(unknown, 404, before);
    expect(unknown.body.error.message).toContain(UNKNOWN_ADDRESS);
    await app.expectUncharged(await app.call('launchpad_token', { mint: 'short' }), 400, before);
    await app.expectUncharged(await app.call('launchpad_token', { mint: UNKNOWN_EVM }), 400, before);
    await app.expectUncharged(await app.call('launchpad_token', {}), 400, before);
  });

  it('the launchpad down is a 502 for both, uncharged', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'launchpad', status: 503 });
    try {
      const before = await app.balance();
      await app.expectUncharged(await app.call('launchpad_tokens', { sort: 'volume' }), 502, before);
      await app.expectUncharged(await app.call('launchpad_token', { mint: fx.mints.raydium_standard[0] }), 502, before);
    } finally {
      app.t.sandbox.control.clear();
    }
  });
});
