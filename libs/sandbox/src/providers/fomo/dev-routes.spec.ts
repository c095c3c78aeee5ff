/**
 * Developers and insiders are real positions, checked from the wire: each dev row opens in
 * /v2/trades/{tradeId} with the same figures, is in the trader's positions and swaps, opens at the
 * token's launch (insiders within minutes), and a dev still holding is among the token's holders.
 */
import request from 'supertest';
import { fixedSandbox, NOW } from '../../test/helpers';
import { SANDBOX_KEYS } from '../../server';
import { fomoFixtures } from './fixtures';
import { INSIDER_WINDOW_MS } from './launches';

type Json = Record<string, any>;

describe('FOMO stand-in: token developers and insiders', () => {
  const sb = fixedSandbox({ keys: { fomo: [{ key: SANDBOX_KEYS.fomo, credits: 1e12 }] } });
  const get = async (path: string, status = 200): Promise<Json> => {
    const call = () => request(sb.app).get(`/fomo${path}`).set('authorization', `Bearer ${SANDBOX_KEYS.fomo}`);
    let res = await call();
    if (res.status === 409 && res.body.retryable) res = await call();
    if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };
  // The launches this spec's clock has passed (the peer's named coins launch later).
  const launches = fomoFixtures(sb.fomo.world).launches.filter((l) => Date.parse(l.launchedAt) <= NOW);
  const devsOf = new Map<string, Json[]>();
  beforeAll(async () => {
    for (const l of launches) devsOf.set(l.address, (await get(`/v2/token/${l.address}/devs`)).devs as Json[]);
  });

  it('several launchpad tokens have a tracked developer, listed first, and the fixtures name them', () => {
    expect(launches.length).toBeGreaterThanOrEqual(5);
    for (const l of launches) {
      const devs = devsOf.get(l.address)!;
      expect(devs[0]).toMatchObject({ isDev: true, userId: l.dev.userId, handle: l.dev.handle, tradeId: l.dev.tradeId });
      expect(devs.slice(1).every((d) => d.isDev === false)).toBe(true);
      expect(devs.length - 1).toBe(l.insiders);
      expect(devs.length).toBeLessThanOrEqual(4);
    }
    // What the devs did with their bags: kept it all, sold part, sold everything.
    const fates = new Set(launches.map((l) => l.dev.fate));
    expect(fates.has('holding') && fates.has('rugged') && fates.has('partial')).toBe(true);
    expect(launches.find((l) => l.symbol === 'RUGZ')?.dev.fate).toBe('rugged');
  });

  it('a dev or insider row opens in /v2/trades/{tradeId} with the same amount, cost and PnL; the dev fills at launch', async () => {
    let rows = 0;
    for (const l of launches) {
      const launchMs = Date.parse(l.launchedAt);
      for (const d of devsOf.get(l.address)!) {
        const trade = await get(`/v2/trades/${d.tradeId}`);
        expect(trade).toMatchObject({
          userId: d.userId,
          handle: d.handle,
          isDev: d.isDev,
          amount: d.amount,
          costBasisUsd: d.costBasisUsd,
          realizedPnlUsd: d.realizedPnlUsd,
          unrealizedPnlUsd: d.unrealizedPnlUsd,
          avgEntryPrice: d.averageEntryPrice,
          valueUsd: d.valueUsd,
        });
        expect(trade.token.address).toBe(l.address);
        const first = Date.parse(trade.swaps[0].at);
        expect(trade.swaps[0].side).toBe('buy');
        if (d.isDev) expect(first).toBe(launchMs);
        else {
          expect(first - launchMs).toBeGreaterThan(0);
          expect(first - launchMs).toBeLessThanOrEqual(INSIDER_WINDOW_MS);
        }
        expect(Date.parse(trade.createdAt)).toBe(first);
        expect(d.openedAt).toBe(trade.createdAt);
        const held = trade.status === 'open' ? NOW : Date.parse(trade.closedAt);
        expect(d.averageHoldTimeSeconds).toBe(Math.round((held - first) / 1000));
        if (d.thesis) expect(trade.thesis).toMatchObject({ thesisId: d.thesis.thesisId, text: d.thesis.text, likes: d.thesis.likes });
        else expect(trade.thesis).toBeNull();
        rows++;
      }
    }
    expect(rows).toBeGreaterThan(launches.length);
  });

  it("the dev's position is in the trader's positions (isDev) and swaps, and the wallet is the trader's", async () => {
    for (const l of launches.slice(0, 6)) {
      const d = devsOf.get(l.address)![0];
      const positions: Json[] = [];
      let cursor = 'start';
      for (;;) {
        const page = await get(`/v2/users/${d.userId}/positions?status=all&cursor=${cursor}`);
        positions.push(...(page.trades as Json[]));
        if (!page.cursor) break;
        cursor = page.cursor;
      }
      const mine = positions.find((p) => p.tradeId === d.tradeId);
      expect(mine).toMatchObject({ isDev: true, amount: d.amount, realizedPnlUsd: d.realizedPnlUsd, status: d.amount > 0 ? 'open' : 'closed' });
      expect(positions.filter((p) => p.isDev).every((p) => launches.some((x) => x.dev.tradeId === p.tradeId))).toBe(true);
      const swaps = (await get(`/v2/users/${d.userId}/swaps?tokenAddress=${l.address}`)).swaps as Json[];
      expect(swaps.some((s) => s.tradeIdOut === d.tradeId && s.at === l.launchedAt && s.side === 'buy')).toBe(true);
      const profile = await get(`/v2/users/id/${d.userId}`);
      expect(d.wallet).toBe(profile.wallets.solana);
    }
  });

  it('a dev still holding is among the tracked holders with at least the dev position; one who sold out holds no more than other positions', async () => {
    let holding = 0;
    let out = 0;
    for (const l of launches) {
      const d = devsOf.get(l.address)![0];
      const holders = (await get(`/token/${l.address}/holders`)).holders as Json[];
      // Holders are traders (their positions summed), so the dev position is part of their row.
      const row = holders.find((h) => h.userId === d.userId);
      if (d.amount > 0) {
        expect(row!.amount).toBeGreaterThanOrEqual(d.amount);
        holding++;
      } else {
        if (row) expect(row.tradeId).not.toBe(d.tradeId);
        out++;
      }
    }
    expect(holding).toBeGreaterThan(0);
    expect(out).toBeGreaterThan(0);
  });

  it('before the launch the dev row is not there yet; unknown tokens are 404, others have no devs', async () => {
    const l = launches[0];
    sb.clockRef.t = Date.parse(l.launchedAt) - 1000;
    try {
      const before = (await get(`/v2/token/${l.address}/devs`)).devs as Json[];
      expect(before.some((d) => d.tradeId === l.dev.tradeId)).toBe(false);
      await get(`/v2/trades/${l.dev.tradeId}`, 404);
    } finally {
      sb.clockRef.t = NOW;
    }
    await get('/v2/token/NoSuchToken1111111111111111111111111111111/devs', 404);
    const jup = sb.market.tokens.find((t) => t.symbol === 'JUP')!;
    expect((await get(`/v2/token/${jup.address}/devs`)).devs).toEqual([]);
  });
});
