import { AppConfig, ServiceStatusRegistry, SessionUsageTracker, type SourceHealth } from '@scout/core';
import type { LedgerService, PlanService } from '@scout/ledger';
import { AccountToolsService } from './account-tools.service';

/** A source that reports a fixed health, as a data source registers itself. */
function reporting(health: SourceHealth) {
  return { health: () => health, keyStates: () => [] };
}

const ok = (name: string): SourceHealth => ({ name, state: 'ok', retryAt: null });
const degraded = (name: string): SourceHealth => ({ name, state: 'degraded', retryAt: null, detail: '1 of the last 20 calls failed' });
const down = (name: string): SourceHealth => ({ name, state: 'down', retryAt: '2026-11-29T12:00:00.000Z', detail: 'circuit open' });
const unconfigured = (name: string, setting: string): SourceHealth => ({
  name,
  state: 'unconfigured',
  retryAt: null,
  detail: `not configured: set ${setting}`,
  setting,
});

/** service_health over a registry holding exactly `sources` (it reads neither ledger nor plans). */
async function healthOf(sources: SourceHealth[]) {
  const registry = new ServiceStatusRegistry();
  for (const source of sources) registry.addSource(source.name, reporting(source));
  const tools = new AccountToolsService({} as LedgerService, {} as PlanService, registry, new SessionUsageTracker(), AppConfig.fromEnv({}));
  return (await tools.health()).data;
}

describe('service_health: the overall status and an unconfigured provider', () => {
  it('is ok when every source is ok', async () => {
    expect((await healthOf([ok('defillama-api'), ok('jupiter')])).status).toBe('ok');
  });

  it('lists an unconfigured source with the setting to set, and stays ok: a provider left unset is no outage', async () => {
    const data = await healthOf([ok('jupiter'), unconfigured('launchpad', 'LAUNCHPAD_API_URL'), unconfigured('fomo', 'FOMO_API_KEYS')]);
    expect(data.status).toBe('ok');
    expect(data.live).toBe(true);
    expect(data.sources).toEqual([
      ok('jupiter'),
      { name: 'launchpad', state: 'unconfigured', retryAt: null, detail: 'not configured: set LAUNCHPAD_API_URL', setting: 'LAUNCHPAD_API_URL' },
      { name: 'fomo', state: 'unconfigured', retryAt: null, detail: 'not configured: set FOMO_API_KEYS', setting: 'FOMO_API_KEYS' },
    ]);
  });

  it('still says degraded or down for the configured sources beside an unconfigured one', async () => {
    expect((await healthOf([unconfigured('launchpad', 'LAUNCHPAD_API_URL'), degraded('jupiter')])).status).toBe('degraded');
    expect((await healthOf([unconfigured('launchpad', 'LAUNCHPAD_API_URL'), degraded('jupiter'), down('dexscreener')])).status).toBe('down');
  });

  it('is ok with only unconfigured sources (nothing configured has failed)', async () => {
    expect((await healthOf([unconfigured('launchpad', 'LAUNCHPAD_API_URL')])).status).toBe('ok');
  });
});
