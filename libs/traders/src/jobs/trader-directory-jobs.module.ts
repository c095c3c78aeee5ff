import { Module, type DynamicModule } from '@nestjs/common';
import { TraderDirectory } from '../trader-directory.service';
import type { TradersModuleOptions } from '../traders.module';
import { FOMO_TRADERS_CLIENT } from '../traders.ports';
import { TraderDirectoryRefresher } from './trader-directory-refresher';

/**
 * What the worker needs of the trader area: the directory and its refresher, on a FOMO client the
 * worker provides (as TradersModule takes it), without the tools the API serves.
 */
@Module({})
export class TraderDirectoryJobsModule {
  static register(options: TradersModuleOptions): DynamicModule {
    return {
      module: TraderDirectoryJobsModule,
      imports: options.imports ?? [],
      providers: [{ provide: FOMO_TRADERS_CLIENT, ...options.fomo }, TraderDirectory, TraderDirectoryRefresher],
      exports: [TraderDirectoryRefresher],
    };
  }
}
