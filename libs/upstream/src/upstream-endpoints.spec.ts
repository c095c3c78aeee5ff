import { AppConfig } from '@scout/core';
import { fomoSourceSettings, liveEndpoints, sandboxEndpoints } from './upstream-endpoints';

describe('upstream endpoints', () => {
  it('live: hosts and keys from configuration, key lists split, blanks and repeats dropped', () => {
    const config = AppConfig.fromEnv({ FOMO_API_URL: 'https://fomo.example', FOMO_API_KEYS: ' a, b,,a ', JUPITER_API_KEYS: 'j1', UPSTREAM_RETRIES: '1' });
    const endpoints = liveEndpoints(config);
    expect(endpoints.dexscreener).toBe('https://api.dexscreener.com');
    expect(endpoints.tokenDataPortfolio).toBe('https://api.g.alchemy.com/data/v1');
    expect(endpoints).toMatchObject({ tokenAnalytics: 'https://data.solanatracker.io', tokenAnalyticsKeys: [] });
    expect(endpoints).toMatchObject({ sandbox: false, fomo: 'https://fomo.example', fomoKeys: ['a', 'b'], jupiterKeys: ['j1'], tokenDataKeys: [] });
    expect(fomoSourceSettings(config, endpoints)).toEqual({
      baseUrl: 'https://fomo.example',
      keys: ['a', 'b'],
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      retries: 1,
    });
  });

  it('live: the token-analytics host and its keys', () => {
    const config = AppConfig.fromEnv({ TOKEN_ANALYTICS_URL: 'https://analytics.example', TOKEN_ANALYTICS_API_KEYS: 'k1, k2' });
    expect(liveEndpoints(config)).toMatchObject({ tokenAnalytics: 'https://analytics.example', tokenAnalyticsKeys: ['k1', 'k2'] });
  });

  it('live: the launchpad host and its optional keys; unset, no host (the source is then down)', () => {
    expect(liveEndpoints(AppConfig.fromEnv({}))).toMatchObject({ launchpad: null, launchpadKeys: [] });
    const config = AppConfig.fromEnv({ LAUNCHPAD_API_URL: 'https://launchpad.example', LAUNCHPAD_API_KEYS: 'k1' });
    expect(liveEndpoints(config)).toMatchObject({ launchpad: 'https://launchpad.example', launchpadKeys: ['k1'] });
  });

  it("sandbox: every provider at the sandbox's prefixes, with the keys it accepts", () => {
    const url = (p: string) => `http://127.0.0.1:1/${p}`;
    const endpoints = sandboxEndpoints({
      urls: {
        defillamaApi: url('api'),
        defillamaCoins: url('coins'),
        defillamaStablecoins: url('stable'),
        defillamaYields: url('yields'),
        jupiter: url('jup'),
        alchemyPrices: url('prices'),
        alchemyRpc: url('{network}'),
        alchemyData: url('data'),
        fomo: url('fomo'),
        dexscreener: url('dex'),
        solanaTracker: url('st'),
        launchpad: url('launchpad'),
      },
      keys: { jupiter: 'kj', alchemy: 'ka', fomo: 'kf', solanaTracker: 'ks', launchpad: 'kl' },
    });
    expect(endpoints).toMatchObject({
      sandbox: true,
      fomo: url('fomo'),
      dexscreener: url('dex'),
      tokenAnalytics: url('st'),
      tokenAnalyticsKeys: ['ks'],
      launchpad: url('launchpad'),
      launchpadKeys: ['kl'],
      tokenDataRpc: url('{network}'),
      tokenDataPortfolio: url('data'),
      fomoKeys: ['kf'],
      jupiterKeys: ['kj'],
      tokenDataKeys: ['ka'],
    });
  });
});
