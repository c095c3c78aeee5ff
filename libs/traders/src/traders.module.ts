import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata, type OnModuleInit, type OptionalFactoryDependency } from '@nestjs/common';
import { ServiceStatusRegistry } from '@scout/core';
import { ActivityToolsService } from './activity/activity-tools.service';
import { LeaderboardToolsService } from './leaderboard/leaderboard-tools.service';
import { ProfileToolsService } from './profile/profile-tools.service';
import { ReportToolsService } from './profile/report-tools.service';
import { SocialToolsService } from './social/social-tools.service';
import { TraderResolver } from './trader-resolver';
import { TradeToolsService } from './trades/trade-tools.service';
import { TradeDetailService } from './trades/trade-detail.service';
import { ThesesToolsService } from './theses/theses-tools.service';
import { TraderDirectory } from './trader-directory.service';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from './traders.ports';

/** How the application hands the FOMO client to the trader tools: the instance, or a factory with its dependencies. */
export type FomoClientProvider =
  | { useValue: FomoTradersPort }
  | { useFactory: (...args: never[]) => FomoTradersPort | Promise<FomoTradersPort>; inject?: (InjectionToken | OptionalFactoryDependency)[] };

export interface TradersModuleOptions {
  /** Modules the factory's dependencies come from (e.g. the one providing UpstreamSources). */
  imports?: ModuleMetadata['imports'];
  fomo: FomoClientProvider;
}

/**
 * The tracked-trader area: the trader directory and the trader tools. The FOMO client comes from
 * the application under FOMO_TRADERS_CLIENT, so this library builds no upstream source itself.
 */
@Module({})
export class TradersModule implements OnModuleInit {
  constructor(
    private readonly directory: TraderDirectory,
    private readonly status: ServiceStatusRegistry,
  ) {}

  static register(options: TradersModuleOptions): DynamicModule {
    return {
      module: TradersModule,
      imports: options.imports ?? [],
      providers: [
        { provide: FOMO_TRADERS_CLIENT, ...options.fomo },
        TraderDirectory,
        TraderResolver,
        LeaderboardToolsService,
        ActivityToolsService,
        ProfileToolsService,
        ReportToolsService,
        SocialToolsService,
        TradeToolsService,
        TradeDetailService,
        ThesesToolsService,
      ],
      exports: [TraderDirectory],
    };
  }

  onModuleInit(): void {
    // service_health's "loaded trader count" is the directory's size.
    this.status.setLoadedTradersCounter(() => this.directory.count());
  }
}
