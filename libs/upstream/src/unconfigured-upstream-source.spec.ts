import { RequestContext, ServiceStatusRegistry, SessionUsageTracker } from '@scout/core';
import { LaunchpadClient } from './providers/launchpad/launchpad.client';
import { STONK_MINT } from './providers/launchpad/launchpad.fixture';
import { toolContext } from './test/programmable-upstream';
import { UpstreamSources } from './upstream.module';
import { UpstreamError } from './upstream.types';

describe('an unconfigured source (a host setting left unset)', () => {
  const registry = new ServiceStatusRegistry();
  const sources = new UpstreamSources(registry, new SessionUsageTracker());
  const source = sources.unconfigured('launchpad', 'LAUNCHPAD_API_URL');

  it('shows in service_health as down, naming the setting, with no keys and no retry time', () => {
    expect(registry.sourceHealth()).toEqual([
      { name: 'launchpad', state: 'down', retryAt: null, detail: "not configured: set LAUNCHPAD_API_URL to the provider's base URL" },
    ]);
    expect(registry.keyStates()).toEqual([]);
    expect(() => sources.unconfigured('launchpad', 'LAUNCHPAD_API_URL')).toThrow('"launchpad" is created twice');
  });

  it('fails every request with an UpstreamError (a 502, uncharged) naming the setting, calling nothing and metering nothing', async () => {
    const context = toolContext();
    const client = new LaunchpadClient(source, null);
    const err = await RequestContext.run(context, () => client.token(STONK_MINT)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ source: 'launchpad', failure: 'unconfigured', upstreamStatus: null, code: 'tool_error' });
    expect(err).toMatchObject({ status: 502, extra: { details: expect.stringContaining('set LAUNCHPAD_API_URL') } });
    expect((err as UpstreamError).detail).toContain('launchpad:/api/tokens/{mint}');
    await expect(client.stats()).rejects.toMatchObject({ failure: 'unconfigured' });
    expect(context.meter.calls).toBe(0);
    expect(sources.stats()).toEqual([{ source: 'launchpad', calls: 0, cacheHits: 0, failures: 2, attempts: 0 }]);
  });
});
