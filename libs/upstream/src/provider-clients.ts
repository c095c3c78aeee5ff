import { ServiceStatusRegistry, SessionUsageTracker } from '@scout/core';
import type { UpstreamEndpoints } from './upstream-endpoints';
import { UpstreamSources } from './upstream.module';
import type { KeyPlacement, UpstreamSource, UpstreamSourceOptions } from './upstream.types';
import { rpcSourcePerNetwork, TokenDataClient, tokenDataRpcBaseUrl, WalletDataClient } from './providers/alchemy';
import { DefiLlamaClient } from './providers/defillama';
import { DexScreenerClient } from './providers/dexscreener';
import { createFomoClients, type FomoClients } from './providers/fomo';
import { JupiterClient } from './providers/jupiter';
import { LaunchpadClient } from './providers/launchpad';
import { SolanaTrackerClient } from './providers/solana-tracker';

/** Where the clients' sources come from: UpstreamSources in the app (registered for service_health). */
export interface SourceFactory {
  create(options: UpstreamSourceOptions): UpstreamSource;
  /** A source for a provider whose host `setting` is unset: unconfigured, every call fails naming it. */
  unconfigured(name: string, setting: string): UpstreamSource;
}

/** The time and retries every source gets (UPSTREAM_TIMEOUT_MS, UPSTREAM_RETRIES). */
export interface SourceTiming {
  timeoutMs: number;
  retries: number;
}

const KEYLESS: KeyPlacement = { kind: 'none' };
const IN_PATH: KeyPlacement = { kind: 'path' };
const apiKeyHeader = (keys: string[]): KeyPlacement => (keys.length ? { kind: 'header', header: 'x-api-key' } : KEYLESS);

/**
 * Every provider's client, each built once on first use over sources for the given endpoints (live
 * hosts or the sandbox). The API's tool modules and `npm run providers:check` read the same set, so
 * the drift check calls exactly what the tools call.
 */
export class ProviderClients {
  private built = new Map<string, unknown>();

  constructor(
    private readonly sources: SourceFactory,
    private readonly endpoints: UpstreamEndpoints,
    private readonly timing: SourceTiming,
  ) {}

  /** DefiLlama's four keyless hosts. */
  get defillama(): DefiLlamaClient {
    const llama = this.endpoints.defillama;
    return this.once('defillama', () => {
      const host = (name: string, baseUrl: string) => this.source(name, baseUrl, [], KEYLESS);
      return new DefiLlamaClient({
        api: host('defillama-api', llama.api),
        coins: host('defillama-coins', llama.coins),
        stablecoins: host('defillama-stablecoins', llama.stablecoins),
        yields: host('defillama-yields', llama.yields),
      });
    });
  }

  /** One Jupiter source for the price tools and the on-chain token checks; without keys, Jupiter's keyless tier. */
  get jupiter(): JupiterClient {
    const { jupiter, jupiterKeys } = this.endpoints;
    return this.once('jupiter', () => new JupiterClient(this.source('jupiter', jupiter, jupiterKeys, apiKeyHeader(jupiterKeys))));
  }

  /** The token data API: Prices API and Portfolio API clients sharing one JSON-RPC source per network. */
  get tokenData(): { prices: TokenDataClient; wallets: WalletDataClient } {
    const { tokenDataPrices, tokenDataPortfolio, tokenDataRpc, tokenDataKeys: keys } = this.endpoints;
    return this.once('tokenData', () => {
      const rpc = rpcSourcePerNetwork((network) =>
        this.source(`token-data-rpc:${network}`, tokenDataRpcBaseUrl(network, tokenDataRpc), keys, IN_PATH, 'TOKEN_DATA_API_KEYS'),
      );
      return {
        prices: new TokenDataClient(this.source('token-data-prices', tokenDataPrices, keys, IN_PATH, 'TOKEN_DATA_API_KEYS'), rpc),
        wallets: new WalletDataClient(this.source('token-data-portfolio', tokenDataPortfolio, keys, IN_PATH, 'TOKEN_DATA_API_KEYS'), rpc),
      };
    });
  }

  /** Where FOMO's alert stream connects: its URL derives from the REST base; the keys in order. */
  get fomoAlertStream(): { baseUrl: string; keys: string[] } {
    return { baseUrl: this.endpoints.fomo, keys: this.endpoints.fomoKeys };
  }

  /** Both FOMO clients on one source (one key pool, breaker and credit counters). */
  get fomo(): FomoClients {
    const { fomo, fomoKeys } = this.endpoints;
    return this.once('fomo', () => createFomoClients((options) => this.sources.create(options), { baseUrl: fomo, keys: fomoKeys, ...this.timing }));
  }

  get dexscreener(): DexScreenerClient {
    return this.once('dexscreener', () => new DexScreenerClient(this.source('dexscreener', this.endpoints.dexscreener, [], KEYLESS)));
  }

  /** The Solana token-analytics API (Solana Tracker format), keys in x-api-key. */
  get tokenAnalytics(): SolanaTrackerClient {
    const { tokenAnalytics, tokenAnalyticsKeys: keys } = this.endpoints;
    return this.once(
      'tokenAnalytics',
      () => new SolanaTrackerClient(this.source('token-analytics', tokenAnalytics, keys, { kind: 'header', header: 'x-api-key' }, 'TOKEN_ANALYTICS_API_KEYS')),
    );
  }

  /** The launchpad site; with no host configured its source is unconfigured (naming LAUNCHPAD_API_URL) and its tools answer 502. */
  get launchpad(): LaunchpadClient {
    const { launchpad: url, launchpadKeys: keys } = this.endpoints;
    return this.once('launchpad', () => {
      const site = url ? this.source('launchpad', url, keys, apiKeyHeader(keys)) : this.sources.unconfigured('launchpad', 'LAUNCHPAD_API_URL');
      return new LaunchpadClient(site, url);
    });
  }

  /** `keySetting`: where the keys of a source that needs them come from, named in service_health when it has none. */
  private source(name: string, baseUrl: string, keys: string[], keyPlacement: KeyPlacement, keySetting?: string): UpstreamSource {
    return this.sources.create({ name, baseUrl, keys, keyPlacement, keySetting, ...this.timing });
  }

  private once<T>(name: string, build: () => T): T {
    if (!this.built.has(name)) this.built.set(name, build());
    return this.built.get(name) as T;
  }
}

/**
 * Every client on sources of their own, outside any app: no status registry a reader sees, no
 * shared cache, so every call is a real one. The drift check and the probe tests use it; `close`
 * ends the sources' connections.
 */
export function standaloneProviderClients(endpoints: UpstreamEndpoints, timing: SourceTiming): { clients: ProviderClients; close: () => Promise<void> } {
  const sources = new UpstreamSources(new ServiceStatusRegistry(), new SessionUsageTracker());
  return { clients: new ProviderClients(sources, endpoints, timing), close: () => sources.onModuleDestroy() };
}
