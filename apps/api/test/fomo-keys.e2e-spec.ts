import { DEFAULT_FOMO_CREDITS, SANDBOX_KEYS } from '@scout/sandbox';
import { startTestApp, type TestApp } from './support/test-app';

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
/** Tool and admin payloads, read loosely: the assertions say what matters. */
type Json = any;

/**
 * FOMO's key pool through the whole app: a key out of credits (402 credits_exhausted) is rested and
 * the call goes through on the next key; the credits each answer reported show per key, by label
 * only, in service_usage (exhausted keys) and GET /api/v1/admin/upstreams (every key).
 */
describe('FOMO keys: credits per key, and a key out of credits rotated', () => {
  const DRY = 'scout-test-fomo-key-without-credits-01';
  let t: Omit<TestApp, 'setBalance'>;
  beforeAll(async () => {
    t = await startTestApp({
      sandbox: { keys: { fomo: [{ key: DRY, credits: 0 }, SANDBOX_KEYS.fomo] } },
      upstreams: { fomoKeys: [DRY, SANDBOX_KEYS.fomo] },
      // This test reads the source's state, and an answer slower than the slow-call threshold (2 s
      // by default) marks the source degraded: on a busy machine a sandbox answer can take that
      // long. A failed call still marks it degraded, so the 'ok' read below keeps its meaning.
      env: { UPSTREAM_SLOW_CALL_MS: '60000' },
    });
    // Build the sandbox's trader world and feed now, so the first call finds them ready.
    expect(t.sandbox.fomo.world.population.traders.length).toBeGreaterThan(0);
    t.sandbox.fomo.feed.ring(t.sandbox.market.nowMs());
  });
  afterAll(() => t.close());

  it('answers on key#2, lists key#1 exhausted with 0 credits, and shows key#2 with what is left', async () => {
    const { apiKey } = await t.createAccount('fomo-keys');
    const board = await t.http().get('/api/v1/tools/service_fomo_leaderboard?window=7d').set(bearer(apiKey));
    expect(board.status).toBe(200);
    expect(board.body.data.traders.length).toBeGreaterThan(0);

    const usage = await t.http().get('/api/v1/tools/service_usage').set(bearer(apiKey));
    expect(usage.status).toBe(200);
    const exhausted = usage.body.data.upstreamKeys.exhausted.filter((k: Json) => k.source === 'fomo');
    expect(exhausted).toEqual([
      {
        source: 'fomo',
        key: expect.stringMatching(/^key#1\b/),
        state: 'exhausted',
        resetAt: expect.any(String),
        credits: { remaining: 0, lastCost: 0, seenAt: expect.any(String) },
      },
    ]);

    const admin = await t.http().get('/api/v1/admin/upstreams').set(bearer(t.adminKey));
    expect(admin.status).toBe(200);
    const keys = admin.body.keys.filter((k: Json) => k.source === 'fomo');
    expect(keys[1]).toMatchObject({
      key: expect.stringMatching(/^key#2\b/),
      state: 'healthy',
      credits: { remaining: DEFAULT_FOMO_CREDITS - 250, lastCost: 250 },
    });
    expect(admin.body.sources.find((s: Json) => s.name === 'fomo')).toMatchObject({ state: 'ok' });
    for (const body of [usage.body, admin.body]) {
      expect(JSON.stringify(body)).not.toContain(DRY);
      expect(JSON.stringify(body)).not.toContain(SANDBOX_KEYS.fomo);
    }
  });
});
