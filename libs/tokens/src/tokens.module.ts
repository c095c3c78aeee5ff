import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata, type OptionalFactoryDependency } from '@nestjs/common';
import { BoardCaptures } from './board/board-captures';
import { TokenBoardService } from './board/token-board.service';
import { CandleToolsService } from './candles/candle-tools.service';
import { DeployerToolsService } from './deployer/deployer-tools.service';
import { DevToolsService } from './devs/dev-tools.service';
import { EarlyBuyersToolsService } from './early-buyers/early-buyers-tools.service';
import { StatsToolsService } from './flow/stats-tools.service';
import { QualityToolsService } from './quality/quality-tools.service';
import { ExitToolsService } from './exit/exit-tools.service';
import { MilestoneToolsService } from './milestones/milestone-tools.service';
import { HolderToolsService } from './holders/holder-tools.service';
import { PnlLeadersToolsService } from './pnl-leaders/pnl-leaders-tools.service';
import { OnchainToolsService } from './onchain/onchain-tools.service';
import { ResearchToolsService } from './research/research-tools.service';
import { TokenAnalyst } from './research/token-analyst';
import { SnapshotStore } from './snapshots/snapshot-store';
import { SnapshotToolsService } from './snapshots/snapshot-tools.service';
import { TokenThesesService } from './theses/token-theses.service';
import {
  FOMO_TOKENS_CLIENT,
  FOMO_TRADES_CLIENT,
  MARKET_DATA_CLIENT,
  SELL_FEED,
  SOLANA_TOKENS_CLIENT,
  TOKEN_ANALYTICS_CLIENT,
  type FomoTokensPort,
  type FomoTradesPort,
  type MarketDataPort,
  type SellFeedPort,
  type SolanaTokensPort,
  type TokenAnalyticsPort,
} from './tokens.ports';

/** How the application hands a client to the token tools: the instance, or a factory with its dependencies. */
export type ClientProvider<T> = { useValue: T } | { useFactory: (...args: never[]) => T | Promise<T>; inject?: (InjectionToken | OptionalFactoryDependency)[] };

export interface TokensModuleOptions {
  /** Modules the factories' dependencies come from (e.g. the one providing UpstreamSources). */
  imports?: ModuleMetadata['imports'];
  /** FOMO's token routes. */
  fomoTokens: ClientProvider<FomoTokensPort>;
  /** FOMO's trade and leaderboard routes (the same FOMO source). */
  fomoTrades: ClientProvider<FomoTradesPort>;
  /** Live market data for the token boards. */
  market: ClientProvider<MarketDataPort>;
  /** The stored trade feed's sells, for sell pressure. */
  sellFeed: ClientProvider<SellFeedPort>;
  /** Jupiter's token directory, for the on-chain token checks. */
  solanaTokens: ClientProvider<SolanaTokensPort>;
  /** The Solana token-analytics API, for the on-chain token checks. */
  tokenAnalytics: ClientProvider<TokenAnalyticsPort>;
}

/**
 * The token research area: boards, holders, flow, developers, theses, candles, snapshots and the
 * composites over them. Upstream clients come from the application, so this library builds no
 * upstream source itself.
 */
@Module({})
export class TokensModule {
  static register(options: TokensModuleOptions): DynamicModule {
    return {
      module: TokensModule,
      imports: options.imports ?? [],
      providers: [
        { provide: FOMO_TOKENS_CLIENT, ...options.fomoTokens },
        { provide: FOMO_TRADES_CLIENT, ...options.fomoTrades },
        { provide: MARKET_DATA_CLIENT, ...options.market },
        { provide: SELL_FEED, ...options.sellFeed },
        { provide: SOLANA_TOKENS_CLIENT, ...options.solanaTokens },
        { provide: TOKEN_ANALYTICS_CLIENT, ...options.tokenAnalytics },
        BoardCaptures,
        SnapshotStore,
        TokenBoardService,
        HolderToolsService,
        StatsToolsService,
        DevToolsService,
        TokenThesesService,
        CandleToolsService,
        TokenAnalyst,
        ResearchToolsService,
        SnapshotToolsService,
        QualityToolsService,
        ExitToolsService,
        EarlyBuyersToolsService,
        PnlLeadersToolsService,
        MilestoneToolsService,
        OnchainToolsService,
        DeployerToolsService,
      ],
      exports: [SnapshotStore],
    };
  }
}
