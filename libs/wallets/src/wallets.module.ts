import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata, type OptionalFactoryDependency } from '@nestjs/common';
import { PnlToolsService } from './pnl/pnl-tools.service';
import { AgeToolsService } from './age/age-tools.service';
import { PortfolioToolsService } from './portfolio/portfolio-tools.service';
import { TransfersToolsService } from './transfers/transfers-tools.service';
import { WALLET_DATA_CLIENT, WALLET_PNL_CLIENT, type WalletDataPort, type WalletPnlPort } from './wallets.ports';

/** How the application hands a client to the wallet tools: the instance, or a factory with its dependencies. */
export type ClientProvider<T> = { useValue: T } | { useFactory: (...args: never[]) => T | Promise<T>; inject?: (InjectionToken | OptionalFactoryDependency)[] };

export interface WalletsModuleOptions {
  /** Modules the factories' dependencies come from (e.g. the one providing UpstreamSources). */
  imports?: ModuleMetadata['imports'];
  /** The multichain wallet data API (holdings, transfers, outbound counts). */
  walletData: ClientProvider<WalletDataPort>;
  /** The Solana token-analytics API, for a wallet's PnL. */
  walletPnl: ClientProvider<WalletPnlPort>;
}

/**
 * The wallet tools (service_wallet_portfolio, service_wallet_pnl, service_wallet_transfers,
 * service_wallet_age). The clients come from the application, so this library builds no upstream
 * source itself.
 */
@Module({})
export class WalletsModule {
  static register(options: WalletsModuleOptions): DynamicModule {
    return {
      module: WalletsModule,
      imports: options.imports ?? [],
      providers: [
        { provide: WALLET_DATA_CLIENT, ...options.walletData },
        { provide: WALLET_PNL_CLIENT, ...options.walletPnl },
        PortfolioToolsService,
        TransfersToolsService,
        AgeToolsService,
        PnlToolsService,
      ],
    };
  }
}
