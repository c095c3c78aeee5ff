import { fomoFixtures } from '@scout/sandbox';
import { UNKNOWN_EVM, UNKNOWN_MINT, expectAddressRules, expectIssueOn, startTokensApp, trendingBoard, type Json, type TokensApp } from './support';

/**
 * The composite token tools end to end against the sandbox FOMO provider: analyze_token against
 * the routes it is made of, top traders across tokens against the holders and the leaderboard,
 * trending analysis against the board and its filters; bounds, unknown tokens, one part lost
 * (null plus a note, charged) and every part lost (502, free).
 */

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

describe('analyze token, top traders across tokens and trending analysis (end to end against the sandbox)', () => {
  let app: TokensApp;
  let board: Json[];
  let mints: string[];
  let launch: ReturnType<typeof fomoFixtures>['launches'][number];

  beforeAll(async () => {
    app = await startTokensApp('token composites');
    board = await trendingBoard(app);
    mints = board.filter((r) => r.network === 'solana').map((r) => r.token.address);
    launch = fomoFixtures(app.t.sandbox.fomo.world).launches[0];
  });
  afterAll(() => app.t.close());

  /** Clears the faults, then one fresh read through Scout, so failures never pile up into an open breaker. */
  const heal = async () => {
    app.t.sandbox.control.clear();
    await app.freshReads();
    await app.ok('service_fomo_token_stats', { address: mints[0] });
  };
  const fault = (route: string, effect: object = { status: 503 }) => app.t.sandbox.control.add({ provider: 'fomo', route, ...effect });

  describe('service_fomo_analyze_token', () => {
    it("stats, tracked holders, devs with flags and the most-liked theses: each the sandbox's", async () => {
      const address = launch.address;
      const before = await app.balance();
      const res = await app.call('service_fomo_analyze_token', { address, includeTheses: true });
      await app.expectCharged('service_fomo_analyze_token', res, before);
      const [stats, holders, devs, theses] = await Promise.all(
        [`/v2/token/${address}/stats`, `/token/${address}/holders`, `/v2/token/${address}/devs`, `/v2/thesis/token/${address}?sort=likes`].map(app.fomo),
      );
      const d = res.body.data;
      expect(d).toMatchObject({
        token: { address, chain: 'solana' },
        // The peer's names beside Scout's: chain repeats token.chain, top10HoldersPercent the concentration's.
        chain: 'solana',
        top10HoldersPercent: stats.top10HoldersPercent,
        priceUsd: stats.priceUsd,
        holders: stats.holders,
        concentration: { top10HoldersPercent: stats.top10HoldersPercent },
        trackedHolderCount: holders.count,
        trackedShareOfHoldersPct: round((100 * holders.count) / stats.holders, 4),
      });
      for (const w of ['5m', '1h', '4h', '24h']) expect(d.flow[w]).toMatchObject({ buys: stats.windows[w].buys, sells: stats.windows[w].sells });
      expect(d.topTrackedHolders.map((h: Json) => h.userId)).toEqual(holders.holders.slice(0, 10).map((h: Json) => h.userId));
      expect(d.devs.map((r: Json) => [r.userId, r.role, r.amount])).toEqual(
        devs.devs.map((r: Json) => [r.userId, r.isDev ? 'developer' : 'insider', r.amount]),
      );
      expect(d.flags).toEqual(expect.any(Array));
      expect(d.theses.map((x: Json) => x.thesisId)).toEqual(theses.theses.slice(0, 10).map((x: Json) => x.thesisId));
    });

    it('includeDevs false reads no devs: devs and flags null; theses are off by default', async () => {
      const address = mints[1];
      const devReads = app.t.sandbox.control.count('fomo', `/v2/token/${address}/devs`);
      const d = (await app.ok('service_fomo_analyze_token', { address, includeDevs: false })).data;
      expect(d).toMatchObject({ devs: null, flags: null, theses: null, holders: (await app.fomo(`/v2/token/${address}/stats`)).holders });
      expect(app.t.sandbox.control.count('fomo', `/v2/token/${address}/devs`)).toBe(devReads);
    });

    it('400 on its inputs; 404 for an unknown token, theses asked or not', async () => {
      await expectAddressRules(app, 'service_fomo_analyze_token', mints[2], {
        address: board.find((r) => r.network === 'ethereum').token.address,
        chain: 'ethereum',
      });
      const before = await app.balance();
      for (const [field, value] of [
        ['includeTheses', 'yes'],
        ['includeDevs', 1],
      ] as const) {
        const res = await app.call('service_fomo_analyze_token', { address: mints[2], [field]: value });
        await app.expectUncharged(res, 400, before);
        expectIssueOn(res, field);
      }
      for (const body of [{ address: UNKNOWN_MINT }, { address: UNKNOWN_EVM }, { address: UNKNOWN_MINT, includeTheses: true }]) {
        const res = await app.call('service_fomo_analyze_token', body);
        await app.expectUncharged(res, 404, before);
        expect(res.body.error).toMatchObject({ code: 'not_found', message: expect.stringContaining(body.address) });
      }
    });

    describe('partial failure', () => {
      beforeEach(() => app.freshReads());
      afterEach(heal);

      it('without the holders (503): the tracked figures null, a note names the part; charged', async () => {
        fault(`/token/${mints[3]}/holders`);
        const before = await app.balance();
        const res = await app.call('service_fomo_analyze_token', { address: mints[3] });
        await app.expectCharged('service_fomo_analyze_token', res, before);
        expect(res.body.data).toMatchObject({ trackedHolderCount: null, trackedValueUsd: null, trackedShareOfHoldersPct: null, topTrackedHolders: null });
        expect(res.body.data.holders).toBe((await app.fomo(`/v2/token/${mints[3]}/stats`)).holders);
        expect(res.body.notes).toContain('FOMO tracked holders did not answer (HTTP 503): trackedHolderCount, trackedValueUsd, topTrackedHolders left null.');
      });

      it('with the devs route hung: devs and flags null, the rest stands', async () => {
        fault(`/v2/token/${launch.address}/devs`, { timeout: true });
        const res = await app.ok('service_fomo_analyze_token', { address: launch.address });
        expect(res.data).toMatchObject({ devs: null, flags: null, trackedHolderCount: expect.any(Number) });
        expect(res.notes.join(' ')).toMatch(/FOMO token devs did not answer \(timeout\): devs, flags left null/);
      });

      it('with every part failing: 502 tool_error, hold voided', async () => {
        for (const route of [`/v2/token/${mints[4]}/`, `/token/${mints[4]}/`]) fault(route);
        const before = await app.balance();
        const res = await app.call('service_fomo_analyze_token', { address: mints[4] });
        await app.expectUncharged(res, 502, before);
        expect(res.body.error).toMatchObject({ code: 'tool_error', details: expect.stringMatching(/503/) });
      });
    });
  });

  describe('service_fomo_top_traders_for_tokens', () => {
    it("traders holding the tokens, ranked by tokens held then leaderboard PnL, with the board's rank and PnL", async () => {
      const tokens = mints.slice(0, 3);
      const before = await app.balance();
      const res = await app.call('service_fomo_top_traders_for_tokens', { tokens, window: '7d', limit: 100 });
      await app.expectCharged('service_fomo_top_traders_for_tokens', res, before);
      const lists = await Promise.all(tokens.map((a) => app.fomo(`/token/${a}/holders`)));
      const lb = new Map<string, Json>((await app.fomo('/v2/leaderboard/7d?limit=150')).traders.map((r: Json) => [r.userId, r]));
      const held = new Map<string, { handle: string; tokens: string[]; value: number }>();
      lists.forEach((l, i) =>
        l.holders.forEach((h: Json) => {
          const e = held.get(h.userId) ?? { handle: h.handle, tokens: [], value: 0 };
          held.set(h.userId, { ...e, tokens: [...e.tokens, tokens[i]], value: e.value + h.valueUsd });
        }),
      );
      const pnl = (u: string) => lb.get(u)?.pnlUsd ?? -Infinity;
      const order = [...held.keys()].sort(
        (a, b) => held.get(b)!.tokens.length - held.get(a)!.tokens.length || pnl(b) - pnl(a) || held.get(b)!.value - held.get(a)!.value,
      );
      const d = res.body.data;
      expect(d).toMatchObject({ window: '7d', tradersFound: held.size, count: Math.min(100, held.size) });
      expect(d.tokens).toEqual(
        tokens.map((a, i) => ({ token: { address: a, chain: 'solana', networkId: expect.any(Number) }, trackedHolders: lists[i].count })),
      );
      expect(d.traders.map((r: Json) => r.userId)).toEqual(order.slice(0, 100));
      for (const r of d.traders) {
        const e = held.get(r.userId)!;
        expect(r).toMatchObject({ tokensHeld: e.tokens.length, leaderboardRank: lb.get(r.userId)?.rank ?? null, pnlUsd: lb.get(r.userId)?.pnlUsd ?? null });
        expect(r.holdings.map((h: Json) => h.address)).toEqual(e.tokens);
        expect(r.totalValueUsd).toBeCloseTo(e.value, 1);
      }
      expect(d.traders.some((r: Json) => r.tokensHeld > 1 && r.leaderboardRank !== null)).toBe(true);
    });

    it('an unknown token among known ones is a note; a token named twice counts once; all unknown is a 404', async () => {
      const res = await app.ok('service_fomo_top_traders_for_tokens', { tokens: [mints[0], UNKNOWN_MINT, mints[0]] });
      expect(res.data.tokens).toEqual([
        expect.objectContaining({ trackedHolders: (await app.fomo(`/token/${mints[0]}/holders`)).count }),
        expect.objectContaining({ trackedHolders: null }),
      ]);
      expect(res.notes).toEqual(
        expect.arrayContaining([
          `FOMO tracked holders of ${UNKNOWN_MINT} answered not found: that token's holders left null.`,
          'Tokens named more than once are counted once.',
        ]),
      );
      const before = await app.balance();
      const none = await app.call('service_fomo_top_traders_for_tokens', { tokens: [UNKNOWN_MINT, UNKNOWN_EVM] });
      await app.expectUncharged(none, 404, before);
      expect(none.body.error.code).toBe('not_found');
    });

    it('400: 1..5 tokens, each an address (the bad one named), the window enum, limit 1..100', async () => {
      await app.ok('service_fomo_top_traders_for_tokens', { tokens: mints.slice(0, 5), window: 'all', limit: 1 });
      await app.ok('service_fomo_top_traders_for_tokens', { tokens: mints.slice(0, 1), window: '24h', limit: 100 });
      const before = await app.balance();
      for (const [body, field, message] of [
        [{ tokens: [] }, 'tokens', /at least 1/],
        [{ tokens: mints.slice(0, 6) }, 'tokens', /no more than 5/],
        [{ tokens: [mints[0], 'nope!'] }, 'tokens', /tokens\[1\]/],
        [{ tokens: mints[0] }, 'tokens', /array/],
        [{ tokens: [mints[0]], window: '1y' }, 'window', /window/],
        [{ tokens: [mints[0]], limit: 0 }, 'limit', /limit/],
        [{ tokens: [mints[0]], limit: 101 }, 'limit', /limit/],
      ] as const) {
        const res = await app.call('service_fomo_top_traders_for_tokens', body);
        await app.expectUncharged(res, 400, before);
        expectIssueOn(res, field);
        expect(res.body.error.message).toMatch(message);
      }
    });

    describe('partial failure', () => {
      beforeEach(() => app.freshReads());
      afterEach(heal);

      it('without the leaderboard: every rank and PnL null with a note; the holders still rank; charged', async () => {
        fault('/v2/leaderboard/30d');
        const before = await app.balance();
        const res = await app.call('service_fomo_top_traders_for_tokens', { tokens: mints.slice(5, 7), window: '30d' });
        await app.expectCharged('service_fomo_top_traders_for_tokens', res, before);
        expect(res.body.data.traders.length).toBeGreaterThan(0);
        for (const r of res.body.data.traders) expect(r).toMatchObject({ leaderboardRank: null, pnlUsd: null, wallets: null });
        expect(res.body.notes.join(' ')).toMatch(/FOMO 30d leaderboard did not answer \(HTTP 503\)/);
      });

      it("one token's holders failing is a note; every token's failing is a 502, uncharged", async () => {
        fault(`/token/${mints[6]}/holders`);
        const one = await app.ok('service_fomo_top_traders_for_tokens', { tokens: mints.slice(5, 7) });
        expect(one.data.tokens.map((x: Json) => x.trackedHolders)).toEqual([(await app.fomo(`/token/${mints[5]}/holders`)).count, null]);
        expect(one.notes.join(' ')).toContain(`FOMO tracked holders of ${mints[6]} did not answer (HTTP 503)`);
        fault('/token/');
        await app.freshReads();
        const before = await app.balance();
        const all = await app.call('service_fomo_top_traders_for_tokens', { tokens: mints.slice(7, 9) });
        await app.expectUncharged(all, 502, before);
        expect(all.body.error.code).toBe('tool_error');
      });
    });
  });

  describe('service_fomo_trending_analysis', () => {
    it('the top three of the trending board, each analysed as analyze_token would', async () => {
      const before = await app.balance();
      const res = await app.call('service_fomo_trending_analysis', {});
      await app.expectCharged('service_fomo_trending_analysis', res, before);
      const d = res.body.data;
      expect(d).toMatchObject({ board: 'trending', source: 'live', stale: false, candidates: board.length });
      expect(d.tokens.map((x: Json) => [x.rank, x.board.token.address])).toEqual(board.slice(0, 3).map((r) => [r.rank, r.token.address]));
      for (const x of d.tokens) {
        const [stats, holders] = await Promise.all([app.fomo(`/v2/token/${x.board.token.address}/stats`), app.fomo(`/token/${x.board.token.address}/holders`)]);
        const address = x.board.token.address as string;
        expect(x.analysis).toMatchObject({
          token: { address: address.startsWith('0x') ? address.toLowerCase() : address, chain: x.board.chain },
          holders: stats.holders,
          trackedHolderCount: holders.count,
          theses: null,
        });
      }
    });

    it("chain keeps that chain's tokens; topN caps the count", async () => {
      const eth = board.filter((r) => r.network === 'ethereum');
      const d = (await app.ok('service_fomo_trending_analysis', { chain: 'ethereum', topN: 5 })).data;
      expect(d.candidates).toBe(eth.length);
      expect(d.tokens.map((x: Json) => x.board.token.address)).toEqual(eth.slice(0, 5).map((r) => r.token.address));
      for (const x of d.tokens) expect([x.board.chain, x.analysis.token.chain]).toEqual(['ethereum', 'ethereum']);
      const one = (await app.ok('service_fomo_trending_analysis', { chain: 'ethereum', topN: 1 })).data;
      expect(one.tokens.map((x: Json) => x.board.token.address)).toEqual([eth[0].token.address]);
    });

    it('maxMarketCapUsd keeps the tokens at or under it, in board order', async () => {
      // A threshold in a wide gap between two market caps, so live and provider caps fall on the same side.
      const caps = board.map((r) => r.marketCapUsd as number).sort((a, b) => a - b);
      const k = caps.findIndex((c, i) => i >= caps.length / 3 && caps[i + 1] > c * 1.5);
      const max = Math.sqrt(caps[k] * caps[k + 1]);
      const cheap = board.filter((r) => r.marketCapUsd <= max);
      const d = (await app.ok('service_fomo_trending_analysis', { maxMarketCapUsd: max, topN: 4 })).data;
      expect(d.candidates).toBe(cheap.length);
      expect(d.tokens.map((x: Json) => x.board.token.address)).toEqual(cheap.slice(0, 4).map((r) => r.token.address));
      for (const x of d.tokens) expect(x.board.marketCapUsd).toBeLessThanOrEqual(max);
      const none = await app.ok('service_fomo_trending_analysis', { maxMarketCapUsd: 0 });
      expect(none.data).toMatchObject({ candidates: 0, tokens: [] });
      expect(none.notes).toContain('No token on the board passed the filters.');
    });

    it('400: topN 1..5, the chain and board enums, maxMarketCapUsd 0..1e13', async () => {
      await app.ok('service_fomo_trending_analysis', { board: 'most-held', topN: 1, maxMarketCapUsd: 1e13, includeTheses: true });
      const before = await app.balance();
      for (const [field, value] of [
        ['topN', 0],
        ['topN', 6],
        ['topN', 2.5],
        ['chain', 'tron'],
        ['board', 'hot'],
        ['maxMarketCapUsd', -1],
        ['maxMarketCapUsd', 1e13 + 1],
        ['maxMarketCapUsd', 'cheap'],
        ['includeTheses', 'no'],
      ] as const) {
        const res = await app.call('service_fomo_trending_analysis', { [field]: value });
        await app.expectUncharged(res, 400, before);
        expectIssueOn(res, field);
      }
    });

    describe('partial failure', () => {
      beforeEach(() => app.freshReads());
      afterEach(heal);

      it("one token's stats failing: its figures null with a note naming the token; one token failing whole: its analysis null", async () => {
        const [first, second] = board;
        // Scout asks for EVM tokens lowercased; the fault routes match the path as sent.
        const sent = (a: string) => (a.startsWith('0x') ? a.toLowerCase() : a);
        fault(`/v2/token/${sent(first.token.address)}/stats`);
        for (const route of [`/v2/token/${sent(second.token.address)}/`, `/token/${sent(second.token.address)}/`]) fault(route);
        const before = await app.balance();
        const res = await app.call('service_fomo_trending_analysis', { topN: 3 });
        await app.expectCharged('service_fomo_trending_analysis', res, before);
        const [a, b, c] = res.body.data.tokens;
        expect(a.analysis).toMatchObject({ priceUsd: null, holders: null, flow: null, trackedHolderCount: expect.any(Number) });
        expect(b.analysis).toBeNull();
        expect(c.analysis.holders).toEqual(expect.any(Number));
        expect(res.body.notes).toContain(
          `${first.token.symbol}: FOMO token stats did not answer (HTTP 503): priceUsd, holders, concentration, flow left null.`,
        );
        expect(res.body.notes.join(' ')).toMatch(new RegExp(`${second.token.symbol}: the analysis failed .*analysis left null`));
      });

      it('every analysis failing: 502 tool_error, uncharged', async () => {
        for (const route of ['/v2/token/', '/token/']) fault(route);
        const before = await app.balance();
        const res = await app.call('service_fomo_trending_analysis', { topN: 1 });
        await app.expectUncharged(res, 502, before);
        expect(res.body.error).toMatchObject({ code: 'tool_error', details: expect.stringMatching(/503/) });
      });
    });
  });
});
