import { Module, type DynamicModule } from '@nestjs/common';
import { SolanaTrackerClient, UpstreamModule, UpstreamSources } from '@scout/upstream';

/**
 * Injection token of the Solana token-analytics client (a SolanaTrackerClient, @scout/upstream) the
 * on-chain token and wallet tools read: hand it to their modules with
 * `{ inject: [TOKEN_ANALYTICS_CLIENT], useFactory: (client) => client }`.
 */
export const TOKEN_ANALYTICS_CLIENT = Symbol('TOKEN_ANALYTICS_CLIENT');

/**
 * Provides TOKEN_ANALYTICS_CLIENT to the whole application. Its source is created when the
 * application starts, so `token-analytics` shows in service_health and the admin upstreams view
 * from the first moment, whether or not a tool has asked it anything yet.
 */
@Module({})
export class TokenAnalyticsModule {
  /** `client` builds the one client (and its source) from the application's sources. */
  static register(client: (sources: UpstreamSources) => SolanaTrackerClient): DynamicModule {
    return {
      module: TokenAnalyticsModule,
      global: true,
      imports: [UpstreamModule],
      providers: [{ provide: TOKEN_ANALYTICS_CLIENT, inject: [UpstreamSources], useFactory: client }],
      exports: [TOKEN_ANALYTICS_CLIENT],
    };
  }
}
