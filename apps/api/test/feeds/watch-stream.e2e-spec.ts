import { randomUUID } from 'node:crypto';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { DrainState } from '@scout/core';
import { FeedHub, FeedStore, type FeedEvent } from '@scout/feeds';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * service_fomo_watch_stream and GET /api/v1/stream/alerts: requests held open on one fan-out,
 * receiving the events the store announces while they wait.
 */

const RUN = randomUUID().slice(0, 6);
const TOKEN = `Watch${RUN.replace(/[0OIl]/g, 'x')}${'1'.repeat(33)}`.slice(0, 44);
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

let seq = 0;
function event(over: Partial<FeedEvent> = {}): FeedEvent {
  seq += 1;
  return {
    eventId: `watch-${RUN}-${seq}`,
    side: 'buy',
    userId: `u-${RUN}`,
    trader: `watcher${RUN}`,
    tradeId: `t-${seq}`,
    tokenAddress: TOKEN,
    tokenSymbol: 'WTCH',
    chain: 'solana',
    chainId: 1399811149,
    positionUsd: 900,
    realizedPnlUsd: null,
    tradeUsd: 100 * seq,
    text: null,
    at: new Date().toISOString(),
    ...over,
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('watching the live feed', () => {
  let t: TestApp;
  let key: string;
  let store: FeedStore;
  let hub: FeedHub;

  beforeAll(async () => {
    t = await startTestApp();
    ({ apiKey: key } = await t.createAccount('watch'));
    store = t.app.get(FeedStore);
    hub = t.app.get(FeedHub);
  });
  afterAll(() => t.close());

  const watch = (body: object) =>
    t
      .http()
      .post('/api/v1/tools/service_fomo_watch_stream')
      .set(bearer(key))
      .send({ token: TOKEN, ...body });

  it('returns as soon as maxEvents matching events arrived, oldest first; other events are not returned; free', async () => {
    const pending = watch({ durationSeconds: 30, maxEvents: 2, includeReplay: false, type: 'buy' }).then((r) => r);
    await until(() => hub.size === 1 && hub.listening, 'the watch to start');
    await store.insert([event({ side: 'sell' }), event({ tokenAddress: `${TOKEN.slice(0, -1)}9` }), event(), event(), event()], 'stream');
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.data.endedBy).toBe('maxEvents');
    expect(res.body.data.events.map((e: Json) => e.eventId)).toEqual([`watch-${RUN}-${seq - 2}`, `watch-${RUN}-${seq - 1}`]);
    expect(res.body.credits.creditsSpent).toBe(0);
    await until(() => hub.size === 0, 'the watch to be removed');
  });

  it('times out at durationSeconds with what arrived; the replay holds the recent matching history', async () => {
    const started = Date.now();
    const res = await watch({ durationSeconds: 1, maxEvents: 500 });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(res.body.data).toMatchObject({ endedBy: 'duration', events: [] });
    // The buys stored by the test before, newest 500 of the last 10 minutes, oldest first.
    expect(res.body.data.replay.length).toBeGreaterThanOrEqual(3);
    expect(res.body.data.replay.every((e: Json) => e.token.address === TOKEN)).toBe(true);
    const times = res.body.data.replay.map((e: Json) => e.at);
    expect([...times].sort()).toEqual(times);
    const bare = await watch({ durationSeconds: 1, includeReplay: false });
    expect(bare.body.data.replay).toEqual([]);
  });

  it('many watches share one listener: 300 at once each get the event, and all are removed after', async () => {
    const watches = Array.from({ length: 300 }, () => watch({ durationSeconds: 20, maxEvents: 1, includeReplay: false }).then((r) => r));
    await until(() => hub.size === 300, '300 watches', 15_000);
    const e = event();
    await store.insert([e], 'stream');
    const answers = await Promise.all(watches);
    expect(answers.every((r) => r.status === 200 && r.body.data.events[0]?.eventId === e.eventId)).toBe(true);
    await until(() => hub.size === 0, 'every watch removed');
  });

  it('GET /api/v1/admin/upstreams counts the open watches of this process and the events handed out', async () => {
    const feed = async () => (await t.http().get('/api/v1/admin/upstreams').set(bearer(t.adminKey))).body.feed;
    const deliveredBefore = (await feed()).delivered;
    const watches = Array.from({ length: 3 }, () => watch({ durationSeconds: 20, maxEvents: 1, includeReplay: false }).then((r) => r));
    await until(() => hub.size === 3, '3 watches');
    expect(await feed()).toMatchObject({ openWatches: 3, listening: true });
    await store.insert([event()], 'stream');
    await Promise.all(watches);
    await until(() => hub.size === 0, 'every watch removed');
    expect(await feed()).toMatchObject({ openWatches: 0, delivered: deliveredBefore + 3 });
    expect((await t.http().get('/api/v1/admin/upstreams').set(bearer(key))).status).toBe(403);
  });

  it('a client that disconnects frees its watch at once', async () => {
    const req: ClientRequest = httpRequest(`${t.url}/api/v1/tools/service_fomo_watch_stream`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
    });
    req.on('error', () => undefined);
    req.end(JSON.stringify({ durationSeconds: 60 }));
    await until(() => hub.size === 1, 'the watch to start');
    req.destroy();
    await until(() => hub.size === 0, 'the watch to be freed', 2000);
  });

  it('needs a key, and refuses bounds: 401 and 400', async () => {
    const keyless = await t.http().post('/api/v1/tools/service_fomo_watch_stream').send({});
    expect(keyless.status).toBe(401);
    for (const [body, field] of [
      [{ durationSeconds: 0 }, 'durationSeconds'],
      [{ durationSeconds: 121 }, 'durationSeconds'],
      [{ maxEvents: 0 }, 'maxEvents'],
      [{ maxEvents: 501 }, 'maxEvents'],
      [{ stream: 'trades' }, 'stream'],
    ] as const) {
      const res = await watch(body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(field);
    }
  });

  it('Server-Sent Events: each matching event as it is stored, until the client leaves', async () => {
    const chunks: string[] = [];
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(`${t.url}/api/v1/stream/alerts?token=${TOKEN}&minUsd=1`, { headers: bearer(key) }, resolve);
      req.on('error', reject);
      req.end();
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    res.setEncoding('utf8');
    res.on('data', (c: string) => chunks.push(c));
    await until(() => hub.size === 1, 'the stream to listen');
    const [a, b] = [event(), event({ tradeUsd: 0 })];
    await store.insert([a, b], 'stream');
    await until(() => chunks.join('').includes(a.eventId), 'the event on the stream');
    const text = chunks.join('');
    expect(text).toContain(`id: ${a.eventId}\nevent: alert\ndata: `);
    expect(text).not.toContain(b.eventId);
    const data = JSON.parse(text.split(`id: ${a.eventId}\nevent: alert\ndata: `)[1].split('\n')[0]);
    expect(data).toMatchObject({ eventId: a.eventId, side: 'buy', token: { address: TOKEN }, tradeUsd: a.tradeUsd });
    res.destroy();
    await until(() => hub.size === 0, 'the stream to be freed', 2000);
  });

  it('the stream needs a key', async () => {
    expect((await t.http().get('/api/v1/stream/alerts')).status).toBe(401);
  });

  it('draining ends open watches at once with what they have', async () => {
    const pending = watch({ durationSeconds: 60, includeReplay: false }).then((r) => r);
    await until(() => hub.size === 1, 'the watch to start');
    t.app.get(DrainState).start();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.data.endedBy).toBe('shutdown');
  });
});
