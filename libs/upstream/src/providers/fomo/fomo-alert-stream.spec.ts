import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  FomoAlertStream,
  FomoStreamError,
  fomoAlertStreamUrl,
  type FomoAlertStreamOptions,
  type FomoStreamClose,
  type FomoStreamInvalid,
} from './fomo-alert-stream';
import type { FomoAlert } from './fomo-token.schemas';

/** The client against a bare WebSocket server that sends whatever a test scripts. */
const KEY = 'secret-key/with+chars';
const ALERT = { eventId: 't1:0', type: 'buy', userId: 'u1', tokenAddress: 'So11', usdValue: 5_000, tradeUsd: 1_200.5, ts: '2026-06-15T12:00:00.000Z' };

interface Recorded {
  alerts: [FomoAlert, boolean][];
  invalid: FomoStreamInvalid[];
  opened: number;
  closes: FomoStreamClose[];
  closed: Promise<FomoStreamClose>;
}

function recorder(): [Recorded, Pick<FomoAlertStreamOptions, 'onAlert' | 'onOpen' | 'onClose' | 'onInvalid'>] {
  let resolve: (c: FomoStreamClose) => void = () => undefined;
  const r: Recorded = { alerts: [], invalid: [], opened: 0, closes: [], closed: new Promise((res) => (resolve = res)) };
  return [
    r,
    {
      onAlert: (a, replay) => r.alerts.push([a, replay]),
      onInvalid: (i) => r.invalid.push(i),
      onOpen: () => r.opened++,
      onClose: (c) => {
        r.closes.push(c);
        resolve(c);
      },
    },
  ];
}

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

describe('FomoAlertStream', () => {
  let wss: WebSocketServer;
  let base: string;
  let onConnection: (ws: WebSocket, url: string) => void;

  beforeEach(async () => {
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    wss.on('connection', (ws, req) => onConnection(ws, req.url ?? ''));
    await new Promise((res) => wss.once('listening', res));
    base = `http://127.0.0.1:${(wss.address() as AddressInfo).port}/fomo`;
  });
  afterEach(async () => {
    for (const c of wss.clients) c.terminate();
    await new Promise((res) => wss.close(res));
  });

  it('builds ws(s)://…/ws/alerts?key= from the http(s) base, and refuses other schemes without echoing the key', () => {
    expect(fomoAlertStreamUrl('https://api.fomoapi.io', 'k')).toBe('wss://api.fomoapi.io/ws/alerts?key=k');
    expect(fomoAlertStreamUrl('http://127.0.0.1:4010/fomo/', 'a b')).toBe('ws://127.0.0.1:4010/fomo/ws/alerts?key=a+b');
    for (const bad of ['ftp://x', 'not a url']) {
      expect(() => new FomoAlertStream({ url: bad, key: KEY, onAlert: () => undefined, onClose: () => undefined })).toThrow(FomoStreamError);
      try {
        fomoAlertStreamUrl(bad, KEY);
      } catch (e) {
        expect(String(e)).not.toContain(KEY);
      }
    }
  });

  it('passes valid alerts with their replay flag, skips pings, reports every malformed frame and stays open', async () => {
    let seenUrl = '';
    onConnection = (ws, url) => {
      seenUrl = url;
      ws.send(JSON.stringify({ type: 'alert', replay: true, alert: ALERT }));
      ws.send(JSON.stringify({ type: 'ping', ts: '2026-06-15T12:00:01.000Z' }));
      ws.send('{"type":"alert","replay":false,"alert":{"eventId":');
      ws.send(JSON.stringify({ type: 'alert', replay: false, alert: { ...ALERT, eventId: 42 } }));
      ws.send(JSON.stringify({ type: 'alert', replay: false, alert: { ...ALERT, usdValue: 'lots' } }));
      ws.send(JSON.stringify({ type: 'news', text: 'hello' }));
      ws.send(JSON.stringify([1, 2]));
      ws.send(Buffer.from([1, 2, 3]), { binary: true });
      ws.send(JSON.stringify({ type: 'alert', replay: false, alert: { ...ALERT, eventId: 't1:1', type: 'sell', usdValue: -250.75 } }));
    };
    const [r, callbacks] = recorder();
    const stream = new FomoAlertStream({ url: base, key: KEY, ...callbacks });
    stream.connect();
    await waitFor(() => r.alerts.length === 2 && r.invalid.length === 6);
    expect(new URLSearchParams(seenUrl.split('?')[1]).get('key')).toBe(KEY);
    expect(seenUrl.startsWith('/fomo/ws/alerts?')).toBe(true);
    expect(r.opened).toBe(1);
    expect(r.alerts.map(([a, replay]) => [a.eventId, a.type, a.usdValue, replay])).toEqual([
      ['t1:0', 'buy', 5_000, true],
      ['t1:1', 'sell', -250.75, false],
    ]);
    expect(r.alerts[0][0]).toMatchObject({ tradeUsd: 1_200.5, alertType: null, chain: null });
    expect(r.invalid.map((i) => i.reason)).toEqual([
      'not JSON',
      expect.stringMatching(/^alert does not match the schema \(eventId: /),
      expect.stringMatching(/^alert does not match the schema \(usdValue: /),
      'unknown message type "news"',
      'not a JSON object',
      'binary frame',
    ]);
    expect(r.invalid[0].sample).toBe('{"type":"alert","replay":false,"alert":{"eventId":');
    expect(stream.state).toBe('open');
    expect(r.closes).toEqual([]);
    stream.close();
  });

  it('a connection with no message for heartbeatTimeoutMs is cut and reported once; pings keep it alive', async () => {
    let pinger: NodeJS.Timeout | undefined;
    onConnection = (ws, url) => {
      if (url.includes('quiet')) return;
      pinger = setInterval(() => ws.send('{"type":"ping","ts":0}'), 30);
    };
    const [alive, aliveCallbacks] = recorder();
    const pinged = new FomoAlertStream({ url: `${base}/pinged`, key: KEY, heartbeatTimeoutMs: 150, ...aliveCallbacks });
    pinged.connect();
    const [dead, deadCallbacks] = recorder();
    const quiet = new FomoAlertStream({ url: `${base}/quiet`, key: KEY, heartbeatTimeoutMs: 150, ...deadCallbacks });
    const started = Date.now();
    quiet.connect();
    const close = await dead.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(close).toMatchObject({ kind: 'heartbeat', code: 1006, reason: 'no message for 150 ms', error: expect.any(FomoStreamError) });
    expect(quiet.state).toBe('closed');
    await sleep(300);
    expect(dead.closes).toHaveLength(1);
    expect(pinged.state).toBe('open');
    expect(alive.closes).toEqual([]);
    clearInterval(pinger);
    pinged.close();
    expect(alive.closes).toEqual([{ kind: 'client', code: 1000, reason: 'closed by client' }]);
  });

  it("reports the server's close code and reason, once; close() is reported once and connect() works again after", async () => {
    onConnection = (ws, url) => {
      if (url.includes('bye')) ws.close(4003, 'go away');
    };
    const [r, callbacks] = recorder();
    const stream = new FomoAlertStream({ url: `${base}/bye`, key: KEY, ...callbacks });
    stream.connect();
    expect(await r.closed).toEqual({ kind: 'closed', code: 4003, reason: 'go away' });
    const [again, againCallbacks] = recorder();
    const other = new FomoAlertStream({ url: base, key: KEY, ...againCallbacks });
    other.connect();
    expect(() => other.connect()).toThrow(/already connected/);
    await waitFor(() => other.state === 'open');
    other.close();
    other.close();
    other.connect();
    await waitFor(() => other.state === 'open');
    other.close();
    expect(again.opened).toBe(2);
    expect(again.closes.map((c) => c.kind)).toEqual(['client', 'client']);
  });

  it('a connection that fails carries an error without the key', async () => {
    const port = (wss.address() as AddressInfo).port;
    await new Promise((res) => wss.close(res));
    const [r, callbacks] = recorder();
    new FomoAlertStream({ url: `http://127.0.0.1:${port}`, key: KEY, ...callbacks }).connect();
    const close = await r.closed;
    expect(close).toMatchObject({ kind: 'error', code: 1006, error: expect.any(FomoStreamError) });
    expect(close.error!.message).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(close) + close.error!.message).not.toContain(encodeURIComponent(KEY));
    expect(close.error!.message).not.toContain(KEY);
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  });
});

async function waitFor(cond: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}
