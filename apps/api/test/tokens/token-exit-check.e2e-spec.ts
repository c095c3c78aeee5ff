import { SANDBOX_KEYS } from '@scout/sandbox';
import { startTokensApp, trendingBoard, UNKNOWN_EVM, UNKNOWN_MINT, type Json, type TokensApp, expectRefused } from './support';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/**
 * service_token_exit_check end to end against the sandbox's Jupiter: the sell of the asked size is
 * the router's own quote for floor(usd / price × 10^decimals) into USDC; smaller sizes lose less; a
 * sell too big for the pools is routable false with Jupiter's code; no price is an answer too; bad
 * input is 400 and Jupiter down 502, uncharged.
 */
describe('service_token_exit_check (end to end against the sandbox)', () => {
  let app: TokensApp;
  let board: Json[];

  beforeAll(async () => {
    app = await startTokensApp('token-exit');
    board = (await trendingBoard(app)).filter((r: Json) => r.network === 'solana');
  });
  afterAll(() => app.t.close());

  const jupiter = async (path: string): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${app.t.sandbox.urls.jupiter}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.jupiter } });
    return { status: res.status, body: await res.json() };
  };

  it("sells the asked size for what Jupiter's router quotes, with the smaller sizes beside it and a round trip, charged 500", async () => {
    const mint = board[0].token.address as string;
    const before = await app.balance();
    const res = await app.call('service_token_exit_check', { token: mint, usd: 5_000 });
    await app.expectCharged('service_token_exit_check', res, before);
    const d = res.body.data;
    const price = (await jupiter(`/price/v3?ids=${mint}`)).body[mint];
    expect(d.token).toMatchObject({ mint, priceUsd: price.usdPrice, decimals: price.decimals });
    expect(d).toMatchObject({ usd: 5_000, routable: true, reason: null });
    expect(d.sizes.map((s: Json) => s.usd)).toEqual([100, 1_000, 5_000]);
    const direct = await jupiter(`/swap/v1/quote?inputMint=${mint}&outputMint=${USDC}&amount=${d.sell.amountRaw}&slippageBps=100&swapMode=ExactIn`);
    expect(direct.status).toBe(200);
    expect(d.sell.receivedUsd).toBeCloseTo(Number(direct.body.outAmount) / 1e6, 6);
    expect(d.sell.priceImpactPct).toBeCloseTo(Number(direct.body.priceImpactPct) * 100, 4);
    expect(Number(d.sell.amountRaw)).toBeCloseTo(Math.floor((5_000 / price.usdPrice) * 10 ** price.decimals), -3);
    expect(d.sell.venues.length).toBeGreaterThan(0);
    // Depth as a curve: a bigger sell never loses a smaller share.
    const slips = d.sizes.map((s: Json) => s.slippagePct);
    expect([...slips].sort((a, b) => a - b)).toEqual(slips);
    expect(d.roundTrip).toMatchObject({ usd: 5_000, routable: true });
    expect(d.roundTrip.backUsd).toBeLessThan(5_000);
  });

  it("a coin the router cannot route is routable false with Jupiter's code, at every size and both legs of the round trip", async () => {
    const fixtures: Json = await (await fetch(`${app.t.sandbox.url}/__control/fixtures`)).json();
    const res = await app.call('service_token_exit_check', { token: fixtures.noRouteSolanaMint, usd: 2_000 });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.token.priceUsd).toBeGreaterThan(0);
    expect(d).toMatchObject({ routable: false, reason: 'COULD_NOT_FIND_ANY_ROUTE', sell: null });
    expect(d.sizes).toEqual([100, 1_000, 2_000].map((usd) => ({ usd, routable: false, reason: 'COULD_NOT_FIND_ANY_ROUTE' })));
    expect(d.roundTrip).toMatchObject({ routable: false, reason: 'COULD_NOT_FIND_ANY_ROUTE', backUsd: null });
  });

  it('a mint Jupiter does not price is an answer: routable false, no_price', async () => {
    const res = await app.call('service_token_exit_check', { token: UNKNOWN_MINT });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ routable: false, reason: 'no_price', sizes: [], roundTrip: null, token: { priceUsd: null } });
  });

  it.each([
    [{ token: UNKNOWN_EVM }, 'service_token_info'],
    [{ token: UNKNOWN_MINT, usd: 9 }, 'usd'],
    [{ token: UNKNOWN_MINT, usd: 1_000_001 }, 'usd'],
    [{ token: UNKNOWN_MINT, usd: '10k' }, 'usd'],
    [{}, 'token'],
  ])('400 for %j, uncharged', async (body, text) => {
    await expectRefused(app, 'service_token_exit_check', body, text);
  });

  it('Jupiter down is a 502, uncharged; quotes down with the price up is a 502 too', async () => {
    const mint = board[1].token.address as string;
    for (const rule of [
      { provider: 'jupiter' as const, status: 503 },
      { provider: 'jupiter' as const, route: '/swap/v1/quote', status: 503 },
    ]) {
      await app.freshReads();
      app.t.sandbox.control.add(rule);
      try {
        const before = await app.balance();
        await app.expectUncharged(await app.call('service_token_exit_check', { token: mint, usd: 1_000 }), 502, before);
      } finally {
        app.t.sandbox.control.clear();
      }
    }
  });
});
