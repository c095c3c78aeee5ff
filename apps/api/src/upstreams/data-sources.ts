import type { DynamicModule } from '@nestjs/common';
import { DefiModule } from '@scout/defi';
import { FeedsModule, FeedStore, storedSells } from '@scout/feeds';
import type { AppConfig } from '@scout/core';
import { LaunchpadModule } from '@scout/launchpad';
import { PricesModule } from '@scout/prices';
import { TokensModule } from '@scout/tokens';
import { TradersModule } from '@scout/traders';
import { WalletsModule } from '@scout/wallets';
import { ProviderClients, UpstreamModule, UpstreamSources, type UpstreamEndpoints } from '@scout/upstream';
import { TokenAnalyticsModule } from './token-analytics.module';

/**
 * The data tools' modules, each handed provider clients built on sources for the configured
 * endpoints (live hosts, or the sandbox). Every source gets the same timeout and retry settings.
 */
export function dataToolModules(config: AppConfig, endpoints: UpstreamEndpoints, databaseUrl: string): DynamicModule[] {
  // Every client is built once, on the one UpstreamSources of the app, on first use.
  let built: ProviderClients | undefined;
  const clients = (sources: UpstreamSources) =>
    (built ??= new ProviderClients(sources, endpoints, { timeoutMs: config.UPSTREAM_TIMEOUT_MS, retries: config.UPSTREAM_RETRIES }));
  const tokenAnalytics = (sources: UpstreamSources) => clients(sources).tokenAnalytics;
  const jupiterClient = (sources: UpstreamSources) => clients(sources).jupiter;

  // The feed's module is imported by the token tools too (sell pressure reads the stored feed).
  const feeds = FeedsModule.register({
    imports: [UpstreamModule],
    // The hub's LISTEN needs a session of its own: the session URL, not a transaction-mode pooler.
    databaseUrl: config.databaseSessionUrl ?? databaseUrl,
    fomoTheses: { inject: [UpstreamSources], useFactory: (sources: UpstreamSources) => clients(sources).fomo.tokens },
  });

  return [
    TokenAnalyticsModule.register(tokenAnalytics),
    DefiModule.forRoot({
      imports: [UpstreamModule],
      inject: [UpstreamSources],
      useFactory: (sources: UpstreamSources) => clients(sources).defillama,
    }),
    PricesModule.register({
      imports: [UpstreamModule],
      jupiter: { inject: [UpstreamSources], useFactory: jupiterClient },
      tokenData: {
        inject: [UpstreamSources],
        useFactory: (sources: UpstreamSources) => clients(sources).tokenData.prices,
      },
    }),
    WalletsModule.register({
      imports: [UpstreamModule],
      walletData: {
        inject: [UpstreamSources],
        // The wallet client, plus the Prices API's reads that value what a transfer moved.
        useFactory: (sources: UpstreamSources) => {
          const { wallets, prices } = clients(sources).tokenData;
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
        useFactory: (sources: UpstreamSources) => clients(sources).fomo.traders,
      },
    }),
    feeds,
    TokensModule.register({
      imports: [UpstreamModule, feeds],
      sellFeed: { inject: [FeedStore], useFactory: (store: FeedStore) => storedSells(store) },
      fomoTokens: { inject: [UpstreamSources], useFactory: (sources: UpstreamSources) => clients(sources).fomo.tokens },
      fomoTrades: { inject: [UpstreamSources], useFactory: (sources: UpstreamSources) => clients(sources).fomo.traders },
      solanaTokens: { inject: [UpstreamSources], useFactory: jupiterClient },
      tokenAnalytics: { inject: [UpstreamSources], useFactory: tokenAnalytics },
      market: {
        inject: [UpstreamSources],
        useFactory: (sources: UpstreamSources) => {
          const dex = clients(sources).dexscreener;
          return { name: 'dexscreener', markets: (chain, addresses) => dex.markets(chain, addresses) };
        },
      },
    }),
    LaunchpadModule.register({
      imports: [UpstreamModule],
      launchpad: { inject: [UpstreamSources], useFactory: (sources: UpstreamSources) => clients(sources).launchpad },
      trackedHolders: { inject: [UpstreamSources], useFactory: (sources: UpstreamSources) => clients(sources).fomo.tokens },
    }),
  ];
}
