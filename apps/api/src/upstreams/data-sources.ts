import type { DynamicModule } from '@nestjs/common';
import { DefiModule } from '@scout/defi';
import { FeedsModule, FeedStore, storedSells } from '@scout/feeds';
import type { AppConfig } from '@scout/core';
import { LaunchpadModule } from '@scout/launchpad';
import { PricesModule } from '@scout/prices';
import { TokensModule } from '@scout/tokens';
import { TradersModule } from '@scout/traders';
import { WalletsModule } from '@scout/wallets';
import {
  DefiLlamaClient,
  JupiterClient,
  createFomoClients,
  DexScreenerClient,
  fomoSourceSettings,
  SolanaTrackerClient,
  type FomoClients,
  rpcSourcePerNetwork,
  TokenDataClient,
  tokenDataRpcBaseUrl,
  UpstreamModule,
  UpstreamSources,
  type KeyPlacement,
  LaunchpadClient,
  type UpstreamEndpoints,
  WalletDataClient,
} from '@scout/upstream';
import { TokenAnalyticsModule } from './token-analytics.module';

/**
 * The data tools' modules, each handed provider clients built on sources for the configured
 * endpoints (live hosts, or the sandbox). Every source gets the same timeout and retry settings.
 */
export function dataToolModules(config: AppConfig, endpoints: UpstreamEndpoints, databaseUrl: string): DynamicModule[] {
  const source = (sources: UpstreamSources, name: string, baseUrl: string, keys: string[], keyPlacement: KeyPlacement) =>
    sources.create({ name, baseUrl, keys, keyPlacement, timeoutMs: config.UPSTREAM_TIMEOUT_MS, retries: config.UPSTREAM_RETRIES });
  const keyless: KeyPlacement = { kind: 'none' };
  const llama = endpoints.defillama;
  // One FOMO source (keys, breaker, credit counters) serves the trader and the token tools alike.
  let fomo: FomoClients | undefined;
  const fomoClients = (sources: UpstreamSources) => (fomo ??= createFomoClients((options) => sources.create(options), fomoSourceSettings(config, endpoints)));
  // One Jupiter source serves the price tools and the on-chain token checks.
  let jupiter: JupiterClient | undefined;
  const jupiterClient = (sources: UpstreamSources) =>
    // Without keys Jupiter is used on its keyless tier (lite host), so no key travels.
    (jupiter ??= new JupiterClient(
      source(sources, 'jupiter', endpoints.jupiter, endpoints.jupiterKeys, endpoints.jupiterKeys.length ? { kind: 'header', header: 'x-api-key' } : keyless),
    ));
  // The token data API's clients share one JSON-RPC source per network; its wallet client (the
  // Portfolio API) has a source of its own, built with the clients.
  let tokenData: { prices: TokenDataClient; wallets: WalletDataClient } | undefined;
  const tokenDataClients = (sources: UpstreamSources) => {
    if (tokenData) return tokenData;
    const inPath: KeyPlacement = { kind: 'path' };
    const rpc = rpcSourcePerNetwork((network) =>
      source(sources, `token-data-rpc:${network}`, tokenDataRpcBaseUrl(network, endpoints.tokenDataRpc), endpoints.tokenDataKeys, inPath),
    );
    return (tokenData = {
      prices: new TokenDataClient(source(sources, 'token-data-prices', endpoints.tokenDataPrices, endpoints.tokenDataKeys, inPath), rpc),
      wallets: new WalletDataClient(source(sources, 'token-data-portfolio', endpoints.tokenDataPortfolio, endpoints.tokenDataKeys, inPath), rpc),
    });
  };
  // One token-analytics source (Solana Tracker format, keys in x-api-key) for every on-chain tool.
  let analytics: SolanaTrackerClient | undefined;
  const tokenAnalytics = (sources: UpstreamSources) =>
    (analytics ??= new SolanaTrackerClient(
      source(sources, 'token-analytics', endpoints.tokenAnalytics, endpoints.tokenAnalyticsKeys, { kind: 'header', header: 'x-api-key' }),
    ));

  // One launchpad source; with no host configured it is listed down and its tools answer 502.
  let launchpad: LaunchpadClient | undefined;
  const launchpadClient = (sources: UpstreamSources) => {
    if (launchpad) return launchpad;
    const url = endpoints.launchpad;
    const keys = endpoints.launchpadKeys;
    const site = url
      ? source(sources, 'launchpad', url, keys, keys.length ? { kind: 'header', header: 'x-api-key' } : keyless)
      : sources.unconfigured('launchpad', 'LAUNCHPAD_API_URL');
    return (launchpad = new LaunchpadClient(site, url));
  };

  // The feed's module is imported by the token tools too (sell pressure reads the stored feed).
  const feeds = FeedsModule.register({
    imports: [UpstreamModule],
    databaseUrl,
    fomoTheses: { inject: [UpstreamSources], useFactory: (sources: UpstreamSources) => fomoClients(sources).tokens },
  });

  return [
    TokenAnalyticsModule.register(tokenAnalytics),
    DefiModule.forRoot({
      imports: [UpstreamModule],
      inject: [UpstreamSources],
      useFactory: (sources: UpstreamSources) =>
        new DefiLlamaClient({
          api: source(sources, 'defillama-api', llama.api, [], keyless),
          coins: source(sources, 'defillama-coins', llama.coins, [], keyless),
          stablecoins: source(sources, 'defillama-stablecoins', llama.stablecoins, [], keyless),
          yields: source(sources, 'defillama-yields', llama.yields, [], keyless),
        }),
    }),
    PricesModule.register({
      imports: [UpstreamModule],
      jupiter: { inject: [UpstreamSources], useFactory: jupiterClient },
      tokenData: {
        inject: [UpstreamSources],
        useFactory: (sources: UpstreamSources) => tokenDataClients(sources).prices,
      },
    }),
    WalletsModule.register({
      imports: [UpstreamModule],
      walletData: {
        inject: [UpstreamSources],
        // The wallet client, plus the Prices API's reads that value what a transfer moved.
        useFactory: (sources: UpstreamSources) => {
          const { wallets, prices } = tokenDataClients(sources);
          return {
            tokensByWallet: wallets.tokensByWallet.bind(wallets),
            assetTransfers: wallets.assetTransfers.bind(wallets),
            transactionCount: wallets.transactionCount.bind(wallets),
            pricesByAddress: prices.pricesByAddress.bind(prices),
            pricesBySymbol: prices.pricesBySymbol.bind(prices),
          };
        },
      },
      walletPnl: { inject: [UpstreamSources], useFactory: tokenAnalytics },
    }),
    TradersModule.register({
      imports: [UpstreamModule],
      fomo: {
        inject: [UpstreamSources],
        useFactory: (sources: UpstreamSources) => fomoClients(sources).traders,
      },
    }),
    feeds,
    TokensModule.register({
      imports: [UpstreamModule, feeds],
      sellFeed: { inject: [FeedStore], useFactory: (store: FeedStore) => storedSells(store) },
      fomoTokens: { inject: [UpstreamSources], useFactory: (sources: UpstreamSources) => fomoClients(sources).tokens },
      fomoTrades: { inject: [UpstreamSources], useFactory: (sources: UpstreamSources) => fomoClients(sources).traders },
      solanaTokens: { inject: [UpstreamSources], useFactory: jupiterClient },
      tokenAnalytics: { inject: [UpstreamSources], useFactory: tokenAnalytics },
      market: {
        inject: [UpstreamSources],
        useFactory: (sources: UpstreamSources) => {
          const dex = new DexScreenerClient(source(sources, 'dexscreener', endpoints.dexscreener, [], keyless));
          return { name: 'dexscreener', markets: (chain, addresses) => dex.markets(chain, addresses) };
        },
      },
    }),
    LaunchpadModule.register({
      imports: [UpstreamModule],
      launchpad: { inject: [UpstreamSources], useFactory: launchpadClient },
      trackedHolders: { inject: [UpstreamSources], useFactory: (sources: UpstreamSources) => fomoClients(sources).tokens },
    }),
  ];
}
