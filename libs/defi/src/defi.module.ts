import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata, type OptionalFactoryDependency } from '@nestjs/common';
import { DEFILLAMA_CLIENT, type DefiLlamaClient } from '@scout/upstream';
import { ChainToolsService } from './chain-tools.service';
import { MarketToolsService } from './market-tools.service';
import { PriceConfidenceService } from './price-confidence.service';
import { ProtocolToolsService } from './protocol-tools.service';

export interface DefiModuleOptions {
  imports?: ModuleMetadata['imports'];
  /** Builds the DefiLlama client, typically from the configured upstream sources. */
  useFactory: (...deps: never[]) => DefiLlamaClient | Promise<DefiLlamaClient>;
  inject?: Array<InjectionToken | OptionalFactoryDependency>;
}

const TOOL_SERVICES = [ChainToolsService, ProtocolToolsService, MarketToolsService, PriceConfidenceService];

/**
 * The DeFi tools (chains, protocols, yields, volumes, fees, open interest, stablecoins, hacks) and
 * price confidence, all over DefiLlama. They inject DEFILLAMA_CLIENT: either import
 * `DefiModule.forRoot({ useFactory, inject })`, or import `DefiModule` where a global module
 * already provides DEFILLAMA_CLIENT.
 */
@Module({ providers: TOOL_SERVICES })
export class DefiModule {
  static forRoot(options: DefiModuleOptions): DynamicModule {
    return {
      module: DefiModule,
      imports: options.imports ?? [],
      providers: [{ provide: DEFILLAMA_CLIENT, useFactory: options.useFactory, inject: options.inject ?? [] }],
    };
  }
}
