import { CallMeter, RequestContext } from '@scout/core';
import { LAUNCHPAD_CLIENT, type LaunchpadPort } from '@scout/launchpad';
import { UpstreamError } from '@scout/upstream';
import { startTestApp, type TestApp } from './support/test-app';

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
/** Tool and admin payloads, read loosely: the assertions say what matters. */
type Json = any;

/**
 * LAUNCHPAD_API_URL has no default (no public host is known). Left unset, the application still
 * starts: the launchpad source is listed unconfigured in service_health naming the setting (the
 * overall status stays ok: a provider left out on purpose is no outage), and the
 * launchpad client handed to the tools fails every call with an UpstreamError (a 502, uncharged)
 * that names it too, without sending anything.
 */
describe('the launchpad with no host configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ upstreams: { launchpad: null, launchpadKeys: [] } });
  });
  afterAll(() => t.close());

  it('service_health lists source launchpad unconfigured, naming LAUNCHPAD_API_URL, and stays ok overall; the admin view counts no attempt', async () => {
    const health = await t.http().get('/api/v1/tools/service_health');
    expect(health.status).toBe(200);
    expect(health.body.data.status).toBe('ok');
    expect(health.body.data.sources.find((s: Json) => s.name === 'launchpad')).toEqual({
      name: 'launchpad',
      state: 'unconfigured',
      retryAt: null,
      detail: expect.stringContaining('LAUNCHPAD_API_URL'),
      setting: 'LAUNCHPAD_API_URL',
    });
    expect(health.body.data.sources.filter((s: Json) => s.state !== 'ok').map((s: Json) => s.name)).toEqual(['launchpad']);
    const admin = await t.http().get('/api/v1/admin/upstreams').set(bearer(t.adminKey));
    expect(admin.status).toBe(200);
    expect(admin.body.counters.find((c: Json) => c.source === 'launchpad')).toMatchObject({ calls: 0, attempts: 0 });
  });

  it("the tools' launchpad client fails every call with a 502 UpstreamError naming the setting", async () => {
    const client = t.app.get<LaunchpadPort>(LAUNCHPAD_CLIENT);
    const meter = new CallMeter();
    const err = await RequestContext.run({ tool: 'service_health', requestId: 'r', caller: null, meter, deadlineAt: Date.now() + 5_000 }, () =>
      client.stats(),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ status: 502, source: 'launchpad', failure: 'unconfigured', extra: { details: expect.stringContaining('LAUNCHPAD_API_URL') } });
    expect(meter.calls).toBe(0);
  });

  it('every launchpad tool answers 502 naming LAUNCHPAD_API_URL, uncharged', async () => {
    const { apiKey, accountId } = await t.createAccount('launchpad-unconfigured');
    await t.setBalance(accountId, 10_000);
    const calls: [string, object][] = [
      ['launchpad_stats', {}],
      ['launchpad_tokens', { sort: 'newest' }],
      ['launchpad_token_report', { mint: '6GmAFSYs4gk3FDao5FzzySQpPZaWsa4rUJHacpMpUNgx' }],
    ];
    for (const [tool, body] of calls) {
      const res = await t.http().post(`/api/v1/tools/${tool}`).set(bearer(apiKey)).send(body);
      expect({ tool, status: res.status }).toEqual({ tool, status: 502 });
      expect(JSON.stringify(res.body.error)).toContain('LAUNCHPAD_API_URL');
      expect(await t.spendable(accountId)).toBe(10_000);
    }
  });
});
