import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from './config/app-config';
import { EXTRA_TOOL_COSTS, TOOL_REGISTRY_OPTIONS, ToolRegistry, type ToolRegistryOptions } from './tools/tool-registry';
import { ServiceStatusRegistry } from './status/service-status.registry';
import { SessionUsageTracker } from './status/session-usage.tracker';
import { Clock, SystemClock } from './time/clock';
import { DrainState } from './lifecycle/drain-state';

/** Configuration, the clock, the tool registry, the drain state and the live status every other library reports into. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(
    config: AppConfig,
    extraToolCosts: Record<string, number> = {},
    clock: Clock = new SystemClock(),
    toolRegistry: ToolRegistryOptions = {},
  ): DynamicModule {
    return {
      module: CoreModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: EXTRA_TOOL_COSTS, useValue: extraToolCosts },
        { provide: TOOL_REGISTRY_OPTIONS, useValue: toolRegistry },
        { provide: Clock, useValue: clock },
        ToolRegistry,
        ServiceStatusRegistry,
        SessionUsageTracker,
        DrainState,
      ],
      exports: [AppConfig, Clock, ToolRegistry, ServiceStatusRegistry, SessionUsageTracker, DrainState],
    };
  }
}
