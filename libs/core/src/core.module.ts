import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from './config/app-config';
import { EXTRA_TOOL_COSTS, ToolRegistry } from './tools/tool-registry';
import { ServiceStatusRegistry } from './status/service-status.registry';
import { SessionUsageTracker } from './status/session-usage.tracker';

/** Configuration, the tool registry and the live status every other library reports into. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, extraToolCosts: Record<string, number> = {}): DynamicModule {
    return {
      module: CoreModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: EXTRA_TOOL_COSTS, useValue: extraToolCosts },
        ToolRegistry, ServiceStatusRegistry, SessionUsageTracker],
      exports: [AppConfig, ToolRegistry, ServiceStatusRegistry, SessionUsageTracker],
    };
  }
}
