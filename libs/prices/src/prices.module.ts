import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata, type OptionalFactoryDependency } from '@nestjs/common';
import { PricesToolsService } from './prices-tools.service';
import { JUPITER_CLIENT, TOKEN_DATA_CLIENT, type JupiterPricesPort, type TokenDataPort } from './prices.ports';

/** How the application hands a client to the price tools: the instance, or a factory with its dependencies. */
export type ClientProvider<T> = { useValue: T } | { useFactory: (...args: never[]) => T | Promise<T>; inject?: (InjectionToken | OptionalFactoryDependency)[] };

export interface PricesModuleOptions {
  /** Modules the factories' dependencies come from (e.g. the one providing UpstreamSources). */
  imports?: ModuleMetadata['imports'];
  jupiter: ClientProvider<JupiterPricesPort>;
  tokenData: ClientProvider<TokenDataPort>;
}

/**
 * The price tools (service_token_prices, service_token_prices_multichain, service_price_history,
 * service_token_info). The clients come from the application, under JUPITER_CLIENT and
 * TOKEN_DATA_CLIENT, so this library builds no upstream source itself.
 */
@Module({})
export class PricesModule {
  static register(options: PricesModuleOptions): DynamicModule {
    return {
      module: PricesModule,
      imports: options.imports ?? [],
      providers: [{ provide: JUPITER_CLIENT, ...options.jupiter }, { provide: TOKEN_DATA_CLIENT, ...options.tokenData }, PricesToolsService],
      exports: [PricesToolsService],
    };
  }
}
