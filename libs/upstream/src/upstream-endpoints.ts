import type { AppConfig } from '@scout/core';
import { parseKeyList } from './key-pool';
import type { FomoSourceSettings } from './providers/fomo/fomo.source';

/**
 * Where each provider is reached: live hosts from configuration, or the sandbox's prefixes. The API
 * and the worker build their sources from the same endpoints, so an in-process worker reads the
 * same sandbox as the API it runs in.
 */
export interface UpstreamEndpoints {
  /** True when every provider is the in-process sandbox (a synthetic market). */
  sandbox: boolean;
  defillama: { api: string; coins: string; stablecoins: string; yields: string };
  jupiter: string;
  tokenDataPrices: string;
  /** Contains `{network}`. */
  tokenDataRpc: string;
  /** The token data API's Portfolio API (wallets). */
  tokenDataPortfolio: string;
  /** The FOMO data API. */
  fomo: string;
  /** DexScreener (keyless). */
  dexscreener: string;
  /** The Solana token-analytics API (Solana Tracker format). */
  tokenAnalytics: string;
  /** The launchpad site (StonkFun format); null when no host is configured (the source is then unconfigured). */
  launchpad: string | null;
  /** Keys per keyed provider (sandbox: the keys the sandbox accepts). */
  jupiterKeys: string[];
  tokenDataKeys: string[];
  fomoKeys: string[];
  tokenAnalyticsKeys: string[];
  /** Optional: the site answers without a key. */
  launchpadKeys: string[];
}

/** The live endpoints, from configuration. */
export function liveEndpoints(config: AppConfig): UpstreamEndpoints {
  return {
    sandbox: false,
    defillama: {
      api: config.DEFILLAMA_API_URL,
      coins: config.DEFILLAMA_COINS_URL,
      stablecoins: config.DEFILLAMA_STABLECOINS_URL,
      yields: config.DEFILLAMA_YIELDS_URL,
    },
    jupiter: config.JUPITER_URL,
    tokenDataPrices: config.TOKEN_DATA_PRICES_URL,
    tokenDataRpc: config.TOKEN_DATA_RPC_URL,
    tokenDataPortfolio: config.TOKEN_DATA_PORTFOLIO_URL,
    fomo: config.FOMO_API_URL,
    dexscreener: config.DEXSCREENER_API_URL,
    tokenAnalytics: config.TOKEN_ANALYTICS_URL,
    jupiterKeys: parseKeyList(config.JUPITER_API_KEYS),
    tokenDataKeys: parseKeyList(config.TOKEN_DATA_API_KEYS),
    fomoKeys: parseKeyList(config.FOMO_API_KEYS),
    tokenAnalyticsKeys: parseKeyList(config.TOKEN_ANALYTICS_API_KEYS),
    launchpad: config.LAUNCHPAD_API_URL ?? null,
    launchpadKeys: parseKeyList(config.LAUNCHPAD_API_KEYS),
  };
}

/** The endpoints of a running sandbox (@scout/sandbox's RunningSandbox.urls), with the keys it accepts. */
export function sandboxEndpoints(sandbox: {
  urls: {
    defillamaApi: string;
    defillamaCoins: string;
    defillamaStablecoins: string;
    defillamaYields: string;
    jupiter: string;
    alchemyPrices: string;
    alchemyRpc: string;
    alchemyData: string;
    fomo: string;
    dexscreener: string;
    solanaTracker: string;
    launchpad: string;
  };
  keys: { jupiter: string; alchemy: string; fomo: string; solanaTracker: string; launchpad: string };
}): UpstreamEndpoints {
  const { urls, keys } = sandbox;
  return {
    sandbox: true,
    defillama: { api: urls.defillamaApi, coins: urls.defillamaCoins, stablecoins: urls.defillamaStablecoins, yields: urls.defillamaYields },
    jupiter: urls.jupiter,
    tokenDataPrices: urls.alchemyPrices,
    tokenDataRpc: urls.alchemyRpc,
    tokenDataPortfolio: urls.alchemyData,
    fomo: urls.fomo,
    dexscreener: urls.dexscreener,
    tokenAnalytics: urls.solanaTracker,
    jupiterKeys: [keys.jupiter],
    tokenDataKeys: [keys.alchemy],
    fomoKeys: [keys.fomo],
    tokenAnalyticsKeys: [keys.solanaTracker],
    launchpad: urls.launchpad,
    launchpadKeys: [keys.launchpad],
  };
}

/** The FOMO source's settings for these endpoints: the one place the API and the worker take them from. */
export function fomoSourceSettings(config: Pick<AppConfig, 'UPSTREAM_TIMEOUT_MS' | 'UPSTREAM_RETRIES'>, endpoints: UpstreamEndpoints): FomoSourceSettings {
  return { baseUrl: endpoints.fomo, keys: endpoints.fomoKeys, timeoutMs: config.UPSTREAM_TIMEOUT_MS, retries: config.UPSTREAM_RETRIES };
}
