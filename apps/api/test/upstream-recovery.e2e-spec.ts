import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from './support/test-app';
import { SANDBOX_NOW } from './support/fixed-time';

/**
 * Recovery after an outage (issue 22): faults injected into the sandbox open a source's breaker;
 * once they stop, the source reads `ok` in service_health and its tools answer 200 within 10 s.
 * The breaker's wait before a test call is at most 8 s (UPSTREAM_DEFAULTS.halfOpenMaxMs), which
 * the retryAt of service_health shows; the 10 s bound is measured on this process's clock.
 */

const NOW = SANDBOX_NOW;
const RECOVERY_BOUND_MS = 10_000;
const HALF_OPEN_MAX_MS = 8_000;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

describe('recovery: a source that answers again is ok, and its tools answer, within 10 s', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { UPSTREAM_RETRIES: '0' }, sandbox: { now: () => NOW } });
  });
  afterAll(() => t.close());

  const hacks = (key: string) => t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(key));
  const llama = async (): Promise<Json> => {
    const res = await t.http().get('/api/v1/tools/service_health');
    expect(res.status).toBe(200);
    return res.body.data.sources.find((s: Json) => s.name === 'defillama-api');
  };
  const hackRequests = () => t.sandbox.control.count('defillama', '/api/hacks');

  it('down through the outage (a failed test call opens it again, for longer), ok and 200 within 10 s once the faults stop', async () => {
    const { apiKey } = await t.createAccount('recovery');
    t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', status: 503 });
    for (let i = 0; i < 5; i += 1) expect((await hacks(apiKey)).status).toBe(502);
    const opened = await llama();
    expect(opened).toMatchObject({ state: 'down', detail: expect.stringMatching(/circuit open/) });
    expect(Date.parse(opened.retryAt)).toBeLessThanOrEqual(Date.now() + HALF_OPEN_MAX_MS);

    // Still failing when the breaker lets its test call through: open again.
    await sleep(Math.max(0, Date.parse(opened.retryAt) - Date.now()) + 50);
    const seen = hackRequests();
    expect((await hacks(apiKey)).status).toBe(502);
    expect(hackRequests()).toBe(seen + 1);
    const reopened = await llama();
    expect(reopened.state).toBe('down');
    expect(Date.parse(reopened.retryAt)).toBeLessThanOrEqual(Date.now() + HALF_OPEN_MAX_MS);

    t.sandbox.control.clear();
    const faultsStoppedAt = Date.now();
    let answered: Json = null;
    // Traffic as a client would send it: a call every quarter second (the generous bound only ends the loop).
    while (Date.now() - faultsStoppedAt < 3 * RECOVERY_BOUND_MS) {
      const res = await hacks(apiKey);
      if (res.status === 200) {
        answered = res.body;
        break;
      }
      expect(res.body.error.details).toMatch(/circuit open/);
      await sleep(250);
    }
    const recoveredInMs = Date.now() - faultsStoppedAt;
    expect(answered?.credits).toMatchObject({ calls: 1, cachedCalls: 0 });
    expect(recoveredInMs).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
    // The passing test call is enough: no lingering 'degraded' from the failures before it.
    expect(await llama()).toEqual({ name: 'defillama-api', state: 'ok', retryAt: null });
    const health = await t.http().get('/api/v1/tools/service_health');
    expect(health.body.data.status).toBe('ok');
  }, 60_000);
});
