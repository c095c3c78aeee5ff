import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata, type OptionalFactoryDependency } from '@nestjs/common';
import { LaunchpadLaunchesToolsService } from './launches/launches-tools.service';
import { LaunchpadPairsToolsService } from './pairs/pairs-tools.service';
import { LaunchpadTokensToolsService } from './tokens/tokens-tools.service';
import { PlatformToolsService } from './platform/platform-tools.service';
import { TokenPayoutsToolsService } from './token-economics/token-payouts-tools.service';
import { TokenSupplyToolsService } from './token-economics/token-supply-tools.service';
import { ReportToolsService } from './report/report-tools.service';
import { LAUNCHPAD_CLIENT, TRACKED_HOLDERS_CLIENT, type LaunchpadPort, type TrackedHoldersPort } from './launchpad.ports';

/** How the application hands a client to the launchpad tools: the instance, or a factory with its dependencies. */
export type ClientProvider<T> = { useValue: T } | { useFactory: (...args: never[]) => T | Promise<T>; inject?: (InjectionToken | OptionalFactoryDependency)[] };

export interface LaunchpadModuleOptions {
  /** Modules the factories' dependencies come from (e.g. the one providing UpstreamSources). */
  imports?: ModuleMetadata['imports'];
  /** The launchpad site. */
  launchpad: ClientProvider<LaunchpadPort>;
  /** FOMO's token holders route, for the report's tracked holders. */
  trackedHolders: ClientProvider<TrackedHoldersPort>;
}

/**
 * The launchpad tools (catalog area `launchpad`): its coins, their burns, rewards, airdrops, fees
 * and backing, its launches and pairs, LaunchLab pricing, platform totals, and the one-call report.
 * The clients come from the application, so this library builds no upstream source itself.
 */
@Module({})
export class LaunchpadModule {
  static register(options: LaunchpadModuleOptions): DynamicModule {
    return {
      module: LaunchpadModule,
      imports: options.imports ?? [],
      providers: [
        { provide: LAUNCHPAD_CLIENT, ...options.launchpad },
        { provide: TRACKED_HOLDERS_CLIENT, ...options.trackedHolders },
        LaunchpadTokensToolsService,
        LaunchpadLaunchesToolsService,
        LaunchpadPairsToolsService,
        TokenSupplyToolsService,
        TokenPayoutsToolsService,
        PlatformToolsService,
        ReportToolsService,
      ],
    };
  }
}
