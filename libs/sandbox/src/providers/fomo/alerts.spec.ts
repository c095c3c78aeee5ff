/**
 * `/v2/alerts` serves FOMO's app feed as FOMO does: a ring of the newest 100 large events at the
 * clock (every trader and token together); every filter and page reads within that ring.
 */
import request from 'supertest';
import { fixedSandbox, NOW } from '../../test/helpers';
import { SANDBOX_KEYS } from '../../server';
import { ALERT_FLOOR_USD, ALERT_RING_SIZE } from './alerts';

type Json = Record<string, any>;
const MIN = 60_000;

describe('FOMO stand-in: the alert feed is a ring of the newest 100 events', () => {
  const sb = fixedSandbox({ keys: { fomo: [{ key: SANDBOX_KEYS.fomo, credits: 1e12 }] } });
  const get = async (query = '', status = 200): Promise<Json> => {
    const res = await request(sb.app).get(`/fomo/v2/alerts${query}`).set('authorization', `Bearer ${SANDBOX_KEYS.fomo}`);
    if (res.status !== status) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };
  const ids = (alerts: Json[]) => alerts.map((a) => a.eventId as string);
  beforeEach(() => {
    sb.clockRef.t = NOW;
  });

  it('holds the newest 100 events at the clock, newest first, none later than the clock, large only', async () => {
    const feed = await get();
    const alerts = feed.alerts as Json[];
    expect(alerts).toHaveLength(ALERT_RING_SIZE);
    expect(feed.cursor).toBeNull();
    for (let i = 1; i < alerts.length; i++) expect(Date.parse(alerts[i - 1].ts)).toBeGreaterThanOrEqual(Date.parse(alerts[i].ts));
    expect(Date.parse(alerts[0].ts)).toBeLessThanOrEqual(NOW);
    expect(new Set(ids(alerts)).size).toBe(alerts.length);
    for (const a of alerts) {
      expect(a).toEqual({
        eventId: `${a.tradeId}:${a.eventId.split(':')[1]}`,
        type: expect.stringMatching(/^(buy|sell)$/),
        alertType: a.type,
        userId: expect.any(String),
        tradeId: expect.any(String),
        trader: expect.any(String),
        token: expect.any(String),
        tokenAddress: expect.any(String),
        chain: expect.any(String),
        chainId: expect.any(Number),
        usdValue: expect.any(Number),
        tradeUsd: expect.any(Number),
        text: expect.any(String),
        ts: expect.any(String),
      });
      if (a.type === 'buy') expect(a.usdValue).toBeGreaterThanOrEqual(ALERT_FLOOR_USD);
    }
    // Nothing newer exists: the events after the ring's newest all lie past the clock.
    expect(sb.fomo.feed.between(Date.parse(alerts[0].ts), NOW)).toEqual([]);
  });

  it('moves with the clock: the events of the next 10 minutes enter at the head and as many leave at the tail', async () => {
    const before = ids((await get()).alerts);
    const entering = sb.fomo.feed.between(NOW, NOW + 10 * MIN);
    expect(entering.length).toBeGreaterThan(0);
    sb.clockRef.t = NOW + 10 * MIN;
    const after = ids((await get()).alerts);
    const expected = [...entering.map((e) => e.body.eventId).reverse(), ...before].slice(0, ALERT_RING_SIZE);
    expect(after).toEqual(expected);
  });

  it('filters within the ring: type, chain, token, userId and since select from the 100, never beyond them', async () => {
    const ring = (await get()).alerts as Json[];
    const within = (pred: (a: Json) => boolean) => ids(ring.filter(pred));
    expect(ids((await get('?type=sell')).alerts)).toEqual(within((a) => a.type === 'sell'));
    expect(ids((await get('?type=buy')).alerts)).toEqual(within((a) => a.type === 'buy'));
    const chain = ring.find((a) => a.chain !== 'solana')!.chain as string;
    expect(ids((await get(`?chain=${chain}`)).alerts)).toEqual(within((a) => a.chain === chain));
    const { tokenAddress, userId } = ring[3];
    expect(ids((await get(`?token=${tokenAddress}`)).alerts)).toEqual(within((a) => a.tokenAddress === tokenAddress));
    expect(ids((await get(`?userId=${userId}`)).alerts)).toEqual(within((a) => a.userId === userId));
    const since = Date.parse(ring[40].ts);
    expect(ids((await get(`?since=${new Date(since).toISOString()}`)).alerts)).toEqual(within((a) => Date.parse(a.ts) >= since));
    expect(ids((await get(`?since=${Math.floor(since / 1000) + 1}`)).alerts)).toEqual(
      within((a) => Date.parse(a.ts) >= Math.floor(since / 1000) * 1000 + 1000),
    );

    // A token whose large events are all older than the ring is not served, whatever `since` says.
    const oldest = Date.parse(ring[ring.length - 1].ts);
    const inRing = new Set(ring.map((a) => a.tokenAddress));
    const older = sb.fomo.feed.between(NOW - 86_400_000, oldest - 1).find((e) => !inRing.has(e.body.tokenAddress))!;
    expect(older).toBeDefined();
    const sinceDay = new Date(NOW - 86_400_000).toISOString();
    expect(await get(`?token=${older.body.tokenAddress}&since=${sinceDay}`)).toEqual({ count: 0, alerts: [], cursor: null });
  });

  it('pages through the ring with limit and cursor, and ends there', async () => {
    const ring = ids((await get()).alerts);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Json = await get(`?limit=30${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.count).toBe(page.alerts.length);
      seen.push(...ids(page.alerts));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual(ring);
    const sells = (await get('?type=sell')).alerts as Json[];
    const firstSells = await get('?type=sell&limit=2');
    expect(ids(firstSells.alerts)).toEqual(ids(sells.slice(0, 2)));
    expect(ids((await get(`?type=sell&limit=2&cursor=${firstSells.cursor}`)).alerts)).toEqual(ids(sells.slice(2, 4)));
  });

  it.each([['?type=hold'], ['?chain=nowhere'], ['?since=yesterday'], ['?limit=0'], ['?limit=101'], ['?cursor=%%%']])('400 on %s', async (query) => {
    expect((await get(query, 400)).error).toBe('invalid_request');
  });
});
