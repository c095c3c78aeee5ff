import { Module, type OnModuleInit } from '@nestjs/common';
import { ServiceStatusRegistry } from '@scout/core';
import { TraderDirectory } from './trader-directory.service';

/** The tracked-trader area: the trader directory (and, as they land, the trader tools). */
@Module({ providers: [TraderDirectory], exports: [TraderDirectory] })
export class TradersModule implements OnModuleInit {
  constructor(
    private readonly directory: TraderDirectory,
    private readonly status: ServiceStatusRegistry,
  ) {}

  onModuleInit(): void {
    // service_health's "loaded trader count" is the directory's size.
    this.status.setLoadedTradersCounter(() => this.directory.count());
  }
}
