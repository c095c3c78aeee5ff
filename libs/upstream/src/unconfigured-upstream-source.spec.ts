import { AppConfig, overallState, RequestContext, ServiceStatusRegistry, SessionUsageTracker } from '@scout/core';
import { ProviderClients } from './provider-clients';
import { LaunchpadClient } from './providers/launchpad/launchpad.client';
import { STONK_MINT } from './providers/launchpad/launchpad.fixture';
import { toolContext } from './test/programmable-upstream';
import { liveEndpoints } from './upstream-endpoints';
import { UpstreamSources } from './upstream.module';
import { UpstreamError } from './upstream.types';

describe('an unconfigured source (a host setting left unset)', () => {
  const registry = new ServiceStatusRegistry();
  const sources = new UpstreamSources(registry, new SessionUsageTracker());
  const source = sources.unconfigured('launchpad', 'LAUNCHPAD_API_URL');

  it('shows in service_health as unconfigured, naming the setting, with no keys and no retry time; the overall state stays ok', () => {
    expect(registry.sourceHealth()).toEqual([
      {
        name: 'launchpad',
        state: 'unconfigured',
        retryAt: null,
        detail: "not configured: set LAUNCHPAD_API_URL to the provider's base URL",
        setting: 'LAUNCHPAD_API_URL',
      },
    ]);
    expect(overallState(registry.sourceHealth())).toBe('ok');
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

describe('a live deployment that sets no provider key and no launchpad host', () => {
  const registry = new ServiceStatusRegistry();
  const sources = new UpstreamSources(registry, new SessionUsageTracker());
  const clients = new ProviderClients(sources, liveEndpoints(AppConfig.fromEnv({ UPSTREAM_MODE: 'live' })), { timeoutMs: 1_000, retries: 0 });
  afterAll(() => sources.onModuleDestroy());

  it('lists each provider that needs a key as unconfigured naming its setting, the keyless ones ok, and stays ok overall', () => {
    void [clients.defillama, clients.jupiter, clients.tokenData, clients.fomo, clients.dexscreener, clients.tokenAnalytics, clients.launchpad];
    const byName = Object.fromEntries(registry.sourceHealth().map((s) => [s.name, s]));
    expect(byName.fomo).toMatchObject({ state: 'unconfigured', setting: 'FOMO_API_KEYS', detail: expect.stringContaining('set FOMO_API_KEYS') });
    expect(byName['token-analytics']).toMatchObject({ state: 'unconfigured', setting: 'TOKEN_ANALYTICS_API_KEYS' });
    expect(byName['token-data-prices']).toMatchObject({ state: 'unconfigured', setting: 'TOKEN_DATA_API_KEYS' });
    expect(byName['token-data-portfolio']).toMatchObject({ state: 'unconfigured', setting: 'TOKEN_DATA_API_KEYS' });
    expect(byName.launchpad).toMatchObject({ state: 'unconfigured', setting: 'LAUNCHPAD_API_URL' });
    // Jupiter without keys is its keyless tier, DefiLlama and DexScreener need none.
    for (const name of ['jupiter', 'dexscreener', 'defillama-api', 'defillama-coins', 'defillama-stablecoins', 'defillama-yields']) {
      expect(byName[name]).toEqual({ name, state: 'ok', retryAt: null });
    }
    expect(overallState(registry.sourceHealth())).toBe('ok');
  });

  it('a keyed source given its keys is ok, not unconfigured', () => {
    const registry2 = new ServiceStatusRegistry();
    const sources2 = new UpstreamSources(registry2, new SessionUsageTracker());
    const source = sources2.create({
      name: 'fx',
      baseUrl: 'http://127.0.0.1:9',
      keys: ['fx-key-aaaaaaaaaaaaaaaa'],
      keyPlacement: { kind: 'header', header: 'x-api-key' },
      keySetting: 'FX_API_KEYS',
      timeoutMs: 1_000,
      retries: 0,
    });
    expect(source.health()).toEqual({ name: 'fx', state: 'ok', retryAt: null });
    return sources2.onModuleDestroy();
  });
});
