import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { FomoAlertStream, type FomoAlertStreamOptions, type FomoStreamClose, type FomoStreamInvalid } from './fomo-alert-stream';
import type { FomoAlert } from './fomo-token.schemas';

/** The stream client against the sandbox's `WSS /ws/alerts`: replay, live events as the clock moves, drops, refusals, heartbeats. */
const NOW = Date.parse('2026-06-15T12:34:56Z');
const MIN = 60_000;
const KEY = SANDBOX_KEYS.fomo;

interface Session {
  stream: FomoAlertStream;
  alerts: { alert: FomoAlert; replay: boolean }[];
  invalid: FomoStreamInvalid[];
  opened: Promise<void>;
  closed: Promise<FomoStreamClose>;
  closes: FomoStreamClose[];
}

function open(base: string, options: Partial<FomoAlertStreamOptions> = {}): Session {
  let opened: () => void = () => undefined;
  let closed: (c: FomoStreamClose) => void = () => undefined;
  const s: Omit<Session, 'stream'> = {
    alerts: [],
    invalid: [],
    closes: [],
    opened: new Promise((res) => (opened = res)),
    closed: new Promise((res) => (closed = res)),
  };
  const stream = new FomoAlertStream({
    url: base,
    key: KEY,
    onAlert: (alert, replay) => s.alerts.push({ alert, replay }),
    onInvalid: (i) => s.invalid.push(i),
    onOpen: () => opened(),
    onClose: (c) => {
      s.closes.push(c);
      closed(c);
    },
    ...options,
  });
  stream.connect();
  return { ...s, stream };
}

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
async function until(cond: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('FomoAlertStream over the sandbox', () => {
  let sandbox: RunningSandbox;
  const sessions: Session[] = [];
  const session = (options: Partial<FomoAlertStreamOptions> = {}, base = sandbox.urls.fomo) => {
    const s = open(base, options);
    sessions.push(s);
    return s;
  };
  const restRing = async (): Promise<{ eventId: string }[]> => {
    const res = await fetch(`${sandbox.urls.fomo}/v2/alerts`, { headers: { authorization: `Bearer ${KEY}` } });
    return ((await res.json()) as { alerts: { eventId: string }[] }).alerts;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, now: () => NOW, fomoStream: { tickMs: 20, pingMs: 50 } });
  });
  afterEach(() => {
    for (const s of sessions.splice(0)) s.stream.close();
    sandbox.control.reset();
    sandbox.clock.pin(null);
  });
  afterAll(() => sandbox.close());

  it('receives the replayed ring, validated, oldest first: the REST ring in reverse', async () => {
    const s = session();
    await s.opened;
    await until(() => s.alerts.length >= 100);
    expect(s.alerts.every((a) => a.replay)).toBe(true);
    expect(s.alerts.map((a) => a.alert.eventId)).toEqual((await restRing()).map((a) => a.eventId).reverse());
    expect(s.alerts[0].alert).toMatchObject({
      type: expect.stringMatching(/^(buy|sell)$/),
      userId: expect.any(String),
      usdValue: expect.any(Number),
      tradeUsd: expect.any(Number),
    });
    expect(s.invalid).toEqual([]);
  });

  it('receives the events of the next 10 minutes, once, as the pinned clock moves past them', async () => {
    const s = session();
    await until(() => s.alerts.length >= 100);
    // What the stream held before the clock moved: it may deliver the new events before the ring is read.
    const before = new Set(s.alerts.map((x) => x.alert.eventId));
    sandbox.clock.pin(NOW + 10 * MIN);
    const ring = await restRing();
    const fresh = ring.filter((a) => !before.has(a.eventId));
    expect(fresh.length).toBeGreaterThan(0);
    await until(() => s.alerts.length >= 100 + fresh.length);
    await sleep(100);
    const live = s.alerts.filter((a) => !a.replay);
    expect(live.map((a) => a.alert.eventId)).toEqual(fresh.map((a) => a.eventId).reverse());
  });

  it('a dropped stream reports the close (1012, or 1006 when cut) and the caller can connect again', async () => {
    const s = session();
    await s.opened;
    await fetch(`${sandbox.url}/__control/fomo/ws/drop`, { method: 'POST' });
    expect(await s.closed).toEqual({ kind: 'closed', code: 1012, reason: 'stream dropped (sandbox control)' });
    s.stream.connect();
    await until(() => s.stream.state === 'open');
    sandbox.fomo.dropStreams('terminate');
    await until(() => s.closes.length === 2);
    expect(s.closes[1]).toMatchObject({ kind: 'closed', code: 1006 });
  });

  it('a refused upgrade is reported with its status and never names the key: a bad key (401), a fault (503)', async () => {
    const bad = session({ key: 'not-a-sandbox-key' });
    const close = await bad.closed;
    expect(close).toMatchObject({ kind: 'refused', status: 401 });
    expect(`${close.reason} ${close.error?.message}`).not.toContain('not-a-sandbox-key');
    sandbox.control.add({ provider: 'fomo', route: '/ws/alerts', status: 503, times: 1 });
    expect(await session().closed).toMatchObject({ kind: 'refused', status: 503, error: expect.any(Error) });
  });

  it('an upgrade the provider never answers fails within connectTimeoutMs', async () => {
    sandbox.control.add({ provider: 'fomo', route: '/ws/alerts', timeout: true, times: 1 });
    const close = await session({ connectTimeoutMs: 150 }).closed;
    expect(close).toMatchObject({ kind: 'error', code: 1006 });
    expect(close.error?.message).toMatch(/handshake has timed out/);
  });

  it('a malformed message is reported and skipped; the rest of the replay arrives', async () => {
    sandbox.control.add({ provider: 'fomo', route: '/ws/alerts', malformed: 'truncated', times: 1 });
    const s = session();
    await until(() => s.alerts.length >= 99);
    await sleep(50);
    expect(s.invalid).toEqual([{ reason: 'not JSON', sample: expect.stringMatching(/^\{"type":"alert"/) }]);
    expect(s.alerts).toHaveLength(99);
    expect(s.stream.state).toBe('open');
  });

  it('pings keep a quiet stream alive; without them it is declared dead after heartbeatTimeoutMs', async () => {
    const alive = session({ heartbeatTimeoutMs: 300 });
    await alive.opened;
    await sleep(700);
    expect(alive.stream.state).toBe('open');
    const slow = await startSandbox({ seed: 42, now: () => NOW, fomoStream: { pingMs: 60_000 } });
    // Built ahead, so the replay is not late (the first read of a sandbox's feed takes a moment).
    slow.fomo.feed.ring(NOW);
    try {
      const dead = session({ heartbeatTimeoutMs: 300 }, slow.urls.fomo);
      const close = await dead.closed;
      expect(close).toMatchObject({ kind: 'heartbeat', code: 1006 });
      expect(dead.alerts).toHaveLength(100);
    } finally {
      await slow.close();
    }
  });
});
