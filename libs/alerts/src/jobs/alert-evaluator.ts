import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@scout/core';
import type { Chain } from '@scout/upstream';
import { AlertStore } from '../alert-store';
import type { AlertRecord, AlertTrigger, FiringPayload } from '../alert.types';
import { ALERT_PRICES, type AlertPricesPort } from '../alerts.ports';
import { FiringStore } from '../firing-store';
import { AlertsQueueProducer, type EvaluateAlertsResult } from './alerts.queue';
import { FeedBuyers } from './feed-buyers';

/** Active alerts read and evaluated together: one price read per chain per batch. */
export const EVALUATION_BATCH = 500;

/**
 * Evaluates every active alert (the 'evaluate-alerts' job), a batch at a time: price alerts
 * against DexScreener's live price (the client asks 30 addresses per request), smart-money alerts
 * against the stored feed. A met alert is fired through AlertStore.fire, whose claim makes any
 * number of evaluators running at once fire it exactly once; its delivery job is queued after the
 * firing commits, and firings left unqueued by a crash in between are queued by the next run.
 */
@Injectable()
export class AlertEvaluator {
  private readonly logger = new Logger('Alerts');

  constructor(
    private readonly alerts: AlertStore,
    private readonly firings: FiringStore,
    private readonly buyers: FeedBuyers,
    @Inject(ALERT_PRICES) private readonly prices: AlertPricesPort,
    private readonly producer: AlertsQueueProducer,
    private readonly clock: Clock,
  ) {}

  async evaluate(batchSize = EVALUATION_BATCH): Promise<EvaluateAlertsResult> {
    const result: EvaluateAlertsResult = { evaluated: 0, fired: 0, queued: 0, failed: [] };
    for (let after: string | null = null; ;) {
      const batch = await this.alerts.activePage(after, batchSize);
      if (batch.length === 0) break;
      after = batch[batch.length - 1].id;
      result.evaluated += batch.length;
      const met = [...(await this.metPriceAlerts(batch, result)), ...(await this.metSmartMoneyAlerts(batch))];
      for (const { alert, trigger } of met) {
        const firedAt = this.clock.now();
        if ((await this.alerts.fire(alert.id, firedAt, payloadOf(alert, trigger, firedAt))) !== null) result.fired += 1;
      }
      if (batch.length < batchSize) break;
    }
    result.queued = await this.queueUnqueued();
    if (result.failed.length) this.logger.warn(`price reads failed: ${result.failed.map((f) => `${f.chain}: ${f.error}`).join('; ')}`);
    return result;
  }

  private async metPriceAlerts(batch: AlertRecord[], result: EvaluateAlertsResult): Promise<Met[]> {
    const byChain = new Map<Chain, AlertRecord[]>();
    for (const alert of batch.filter((a) => a.kind !== 'smart_money_buy')) byChain.set(alert.chain, [...(byChain.get(alert.chain) ?? []), alert]);
    const met: Met[] = [];
    await Promise.all(
      [...byChain].map(async ([chain, alerts]) => {
        let markets: ReadonlyMap<string, { priceUsd: number | null }>;
        try {
          markets = await this.prices.markets(chain, [...new Set(alerts.map((a) => a.tokenAddress))]);
        } catch (error) {
          result.failed.push({ chain, error: error instanceof Error ? error.message : String(error) });
          return;
        }
        for (const alert of alerts) {
          const price = markets.get(alert.tokenAddress)?.priceUsd ?? null;
          if (price !== null && priceMet(alert, price)) met.push({ alert, trigger: { priceUsd: price, source: 'dexscreener' } });
        }
      }),
    );
    return met;
  }

  private async metSmartMoneyAlerts(batch: AlertRecord[]): Promise<Met[]> {
    const smart = batch.filter((a) => a.kind === 'smart_money_buy');
    const buyers = await this.buyers.since(smart.map((a) => a.id));
    const met: Met[] = [];
    for (const alert of smart) {
      const seen = buyers.get(alert.id);
      if (!seen || seen.userIds.length < alert.minTraders!) continue;
      met.push({
        alert,
        trigger: { traders: seen.userIds.length, userIds: seen.userIds, firstBuyAt: seen.firstBuyAt.toISOString(), lastBuyAt: seen.lastBuyAt.toISOString() },
      });
    }
    return met;
  }

  /** Queues the delivery of every pending firing not yet queued (this run's and any left behind). */
  private async queueUnqueued(): Promise<number> {
    let queued = 0;
    for (;;) {
      const ids = await this.firings.unqueued(100);
      for (const id of ids) {
        await this.producer.deliver(id);
        await this.firings.markQueued(id, this.clock.now());
        queued += 1;
      }
      if (ids.length < 100) return queued;
    }
  }
}

interface Met {
  alert: AlertRecord;
  trigger: AlertTrigger;
}

/** Whether the price has reached the alert's target (at the target counts). */
export function priceMet(alert: Pick<AlertRecord, 'kind' | 'priceUsd'>, price: number): boolean {
  if (alert.kind === 'price_above') return price >= alert.priceUsd!;
  if (alert.kind === 'price_below') return price <= alert.priceUsd!;
  return false;
}

function payloadOf(alert: AlertRecord, trigger: AlertTrigger, firedAt: Date): FiringPayload {
  return {
    type: 'alert.fired',
    timestamp: firedAt.toISOString(),
    data: {
      alertId: alert.id,
      kind: alert.kind,
      token: { address: alert.tokenAddress, chain: alert.chain },
      priceUsd: alert.priceUsd,
      minTraders: alert.minTraders,
      note: alert.note,
      createdAt: alert.createdAt.toISOString(),
      trigger,
    },
  };
}
