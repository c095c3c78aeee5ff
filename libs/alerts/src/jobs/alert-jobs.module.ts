import { Module, type DynamicModule } from '@nestjs/common';
import { AlertStore } from '../alert-store';
import { ALERT_PRICES, WEBHOOK_RESOLVER, type AlertPricesPort } from '../alerts.ports';
import type { ClientProvider } from '../alerts.module';
import { EmailSender } from '../email/email-sender';
import { FiringStore } from '../firing-store';
import { systemResolver, type HostResolver } from '../webhook/webhook-target';
import { AlertDeliverer } from './alert-deliverer';
import { AlertEvaluator } from './alert-evaluator';
import { FeedBuyers } from './feed-buyers';

export interface AlertJobsModuleOptions {
  imports?: DynamicModule['imports'];
  /** Live prices for the price alerts (DexScreener). */
  prices: ClientProvider<AlertPricesPort>;
  /** Test seam: the resolver webhook hosts are checked with (the system's by default). */
  resolver?: HostResolver;
}

/**
 * What the worker needs of the alerts: the evaluator and the deliverer. The queue producer they
 * use (AlertsQueueProducer) comes from where the queues are registered (apps/worker).
 */
@Module({})
export class AlertJobsModule {
  static register(options: AlertJobsModuleOptions): DynamicModule {
    return {
      module: AlertJobsModule,
      imports: options.imports ?? [],
      providers: [
        { provide: ALERT_PRICES, ...options.prices },
        { provide: WEBHOOK_RESOLVER, useValue: options.resolver ?? systemResolver },
        AlertStore,
        FiringStore,
        FeedBuyers,
        EmailSender,
        AlertEvaluator,
        AlertDeliverer,
      ],
      exports: [AlertEvaluator, AlertDeliverer],
    };
  }
}
