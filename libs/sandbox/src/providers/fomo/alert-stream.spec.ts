/**
 * `WSS /ws/alerts`: the ring replayed on connect, every later event once as the sandbox clock passes
 * it, the key check and fault rules at the upgrade, heartbeats, and the drop control.
 */
import WebSocket, { type RawData } from 'ws';
import { NOW } from '../../test/helpers';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '../../server';
import { ALERT_RING_SIZE } from './alerts';
import { DROP_CLOSE } from './alert-stream';

type Json = Record<string, any>;

/** A WebSocket frame's text (ws hands over a Buffer, a list of them, or an ArrayBuffer). */
const frameText = (d: RawData): string => (Array.isArray(d) ? Buffer.concat(d) : Buffer.isBuffer(d) ? d : Buffer.from(d)).toString('utf8');
const MIN = 60_000;
const TICK_MS = 20;

interface Client {
  ws: WebSocket;
  messages: Json[];
  alerts: (replay: boolean) => Json[];
  closed: Promise<{ code: number; reason: string }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `cond` holds (polling), failing after `ms`. */
async function until(cond: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

/** Opens a socket and collects its messages; rejects with the HTTP status of a refused upgrade. */
function connect(sb: RunningSandbox, key: string | null = SANDBOX_KEYS.fomo, path = '/ws/alerts'): Promise<Client> {
  const url = `${sb.urls.fomo.replace(/^http/, 'ws')}${path}${key === null ? '' : `?key=${encodeURIComponent(key)}`}`;
  const ws = new WebSocket(url);
  const messages: Json[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(frameText(data)) as Json));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  return new Promise((resolve, reject) => {
    ws.on('open', () =>
      resolve({ ws, messages, closed, alerts: (replay) => messages.filter((m) => m.type === 'alert' && m.replay === replay).map((m) => m.alert as Json) }),
    );
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += String(c)));
      res.on('end', () => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, body: JSON.parse(body) as Json })));
    });
    ws.on('error', reject);
  });
}

describe('FOMO stand-in: WSS /ws/alerts', () => {
  let sb: RunningSandbox;
  const open: Client[] = [];
  const client = async (...args: Parameters<typeof connect> extends [RunningSandbox, ...infer R] ? R : never) => {
    const c = await connect(sb, ...args);
    open.push(c);
    return c;
  };
  const restRing = async (): Promise<Json[]> => {
    const res = await fetch(`${sb.urls.fomo}/v2/alerts`, { headers: { authorization: `Bearer ${SANDBOX_KEYS.fomo}` } });
    return ((await res.json()) as Json).alerts as Json[];
  };

  beforeAll(async () => {
    sb = await startSandbox({ seed: 42, now: () => NOW, fomoStream: { tickMs: TICK_MS, pingMs: 60_000 } });
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.ws.terminate();
    sb.control.reset();
    sb.clock.pin(null);
  });
  afterAll(() => sb.close());

  it('replays the ring on connect, oldest first, each marked replay: the REST ring in reverse', async () => {
    const c = await client();
    await until(() => c.messages.length >= ALERT_RING_SIZE);
    await sleep(5 * TICK_MS);
    expect(c.messages.every((m) => m.type === 'alert' && m.replay === true)).toBe(true);
    expect(c.alerts(true)).toEqual((await restRing()).reverse());
  });

  it('sends nothing live before the clock passes an event, then exactly that event', async () => {
    const c = await client();
    await until(() => c.messages.length >= ALERT_RING_SIZE);
    const next = sb.fomo.feed.between(NOW, NOW + 60 * MIN)[0];
    sb.clock.pin(next.at - 1);
    await sleep(6 * TICK_MS);
    expect(c.alerts(false)).toEqual([]);
    sb.clock.pin(next.at);
    await until(() => c.alerts(false).length > 0);
    await sleep(6 * TICK_MS);
    expect(c.alerts(false)).toEqual([next.body]);
  });

  it('moving the pinned clock 10 minutes delivers those events once, oldest first, the ids the REST ring then shows', async () => {
    const c = await client();
    await until(() => c.messages.length >= ALERT_RING_SIZE);
    sb.clock.pin(NOW);
    await sleep(4 * TICK_MS);
    sb.clock.pin(NOW + 10 * MIN);
    const expected = sb.fomo.feed.between(NOW, NOW + 10 * MIN);
    expect(expected.length).toBeGreaterThan(1);
    await until(() => c.alerts(false).length >= expected.length);
    await sleep(6 * TICK_MS);
    const live = c.alerts(false);
    expect(live).toEqual(expected.map((e) => e.body));
    for (let i = 1; i < live.length; i++) expect(Date.parse(live[i].ts)).toBeGreaterThanOrEqual(Date.parse(live[i - 1].ts));
    const ring = await restRing();
    expect(ring.slice(0, live.length).map((a) => a.eventId)).toEqual(live.map((a) => a.eventId).reverse());
    // A clock moved back sends nothing, and moving it forward again repeats nothing already sent.
    sb.clock.pin(NOW);
    await sleep(4 * TICK_MS);
    sb.clock.pin(NOW + 10 * MIN);
    await sleep(6 * TICK_MS);
    expect(c.alerts(false)).toHaveLength(live.length);
  });

  it("refuses the upgrade with 401 for a missing or unknown key, in FOMO's error body", async () => {
    for (const [key, message] of [
      [null, 'API key required'],
      ['nope', 'Invalid API key'],
    ] as const) {
      await expect(connect(sb, key)).rejects.toMatchObject({ status: 401, body: { error: 'unauthorized', message } });
    }
    await expect(connect(sb, SANDBOX_KEYS.fomo, '/ws/trades')).rejects.toMatchObject({ status: 404 });
  });

  it('sends a heartbeat every pingMs with the sandbox clock', async () => {
    const quick = await startSandbox({ seed: 42, now: () => NOW, fomoStream: { tickMs: TICK_MS, pingMs: 30 } });
    try {
      const c = await connect(quick);
      await until(() => c.messages.filter((m) => m.type === 'ping').length >= 2);
      expect(c.messages.find((m) => m.type === 'ping')).toEqual({ type: 'ping', ts: new Date(NOW).toISOString() });
    } finally {
      await quick.close();
    }
  });

  describe('test controls', () => {
    it('POST /__control/fomo/ws/drop closes every open stream with 1012; mode terminate cuts them', async () => {
      const [a, b] = [await client(), await client()];
      const res = await fetch(`${sb.url}/__control/fomo/ws/drop`, { method: 'POST' });
      expect(await res.json()).toEqual({ dropped: 2 });
      expect(await a.closed).toEqual(DROP_CLOSE);
      expect(await b.closed).toEqual(DROP_CLOSE);
      const c = await client();
      expect(sb.fomo.dropStreams('terminate')).toBe(1);
      expect((await c.closed).code).toBe(1006);
      const bad = await fetch(`${sb.url}/__control/fomo/ws/drop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'explode' }),
      });
      expect(bad.status).toBe(400);
    });

    it('a fault rule on fomo /ws/alerts refuses the upgrade with its status, and the upgrade is counted', async () => {
      sb.control.add({ provider: 'fomo', route: '/ws/alerts', status: 503, times: 1 });
      const before = sb.control.count('fomo', '/ws/alerts');
      await expect(connect(sb)).rejects.toMatchObject({ status: 503, body: { error: expect.any(String), retryable: true } });
      const c = await client();
      await until(() => c.messages.length >= ALERT_RING_SIZE);
      expect(sb.control.count('fomo', '/ws/alerts')).toBe(before + 2);
      expect(
        sb.control
          .requests()
          .recent.slice(-2)
          .map((r) => r.status),
      ).toEqual([503, 101]);
    });

    it('rateLimited and keyRefused faults refuse with 429 and 401; malformed opens with a broken first message', async () => {
      sb.control.add({ provider: 'fomo', route: '/ws/alerts', rateLimited: true, retryAfterSec: 3, times: 1 });
      await expect(connect(sb)).rejects.toMatchObject({ status: 429 });
      sb.control.add({ provider: 'fomo', route: '/ws/alerts', keyRefused: true, times: 1 });
      await expect(connect(sb)).rejects.toMatchObject({ status: 401 });
      sb.control.add({ provider: 'fomo', route: '/ws/alerts', malformed: 'truncated', times: 1 });
      const url = `${sb.urls.fomo.replace(/^http/, 'ws')}/ws/alerts?key=${SANDBOX_KEYS.fomo}`;
      const ws = new WebSocket(url);
      const raw: string[] = [];
      ws.on('message', (d) => raw.push(frameText(d)));
      await until(() => raw.length >= ALERT_RING_SIZE);
      ws.terminate();
      expect(() => JSON.parse(raw[0])).toThrow();
      expect(raw.slice(1).every((m) => (JSON.parse(m) as Json).type === 'alert')).toBe(true);
    });

    it('closing the sandbox closes its streams', async () => {
      const other = await startSandbox({ seed: 42, now: () => NOW });
      const c = await connect(other);
      await other.close();
      expect((await c.closed).code).toBe(1006);
    });
  });
});
