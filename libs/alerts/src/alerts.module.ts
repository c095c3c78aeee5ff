import { Module, type DynamicModule, type InjectionToken, type OptionalFactoryDependency } from '@nestjs/common';
import { AlertStore } from './alert-store';
import { AlertToolsService } from './alert-tools.service';
import { AlertsAdminService } from './alerts-admin.service';
import { WEBHOOK_RESOLVER } from './alerts.ports';
import { EmailSender } from './email/email-sender';
import { FiringStore } from './firing-store';
import { systemResolver, type HostResolver } from './webhook/webhook-target';

/** How the application hands a client to the alerts: the instance, or a factory with its dependencies. */
export type ClientProvider<T> = { useValue: T } | { useFactory: (...args: never[]) => T | Promise<T>; inject?: (InjectionToken | OptionalFactoryDependency)[] };

export interface AlertsModuleOptions {
  /** Test seam: the resolver webhook hosts are checked with (the system's by default). */
  resolver?: HostResolver;
}

/**
 * The API side of alerts: the three alert tools and the admin view. Creating an alert reads no
 * market data; evaluation and delivery run in the worker (AlertJobsModule).
 */
@Module({})
export class AlertsModule {
  static register(options: AlertsModuleOptions = {}): DynamicModule {
    return {
      module: AlertsModule,
      providers: [
        { provide: WEBHOOK_RESOLVER, useValue: options.resolver ?? systemResolver },
        AlertStore,
        FiringStore,
        EmailSender,
        AlertToolsService,
        AlertsAdminService,
      ],
      exports: [AlertsAdminService],
    };
  }
}
