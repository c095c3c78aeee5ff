import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { AppConfig, Clock } from '@scout/core';
import type { FiringPayload } from '../alert.types';
import { WEBHOOK_RESOLVER } from '../alerts.ports';
import { EmailSender } from '../email/email-sender';
import { FiringStore, type DeliveryTask } from '../firing-store';
import { postJson } from '../webhook/webhook-sender';
import { webhookHeaders } from '../webhook/webhook-signature';
import { checkWebhookTarget, WebhookTargetRefused, type HostResolver } from '../webhook/webhook-target';
import type { DeliverAlertResult } from './alerts.queue';

/** How long a webhook receiver has to answer one attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

interface Sent {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  delivered: boolean;
}

/**
 * Delivers one firing (the 'deliver-alert' job), one attempt per job attempt, each recorded. A
 * webhook is delivered by a 2xx answer, an email once the SMTP server accepts it; anything else
 * throws so BullMQ retries with backoff, and the last attempt marks the firing failed. A target
 * that is refused now (its host re-resolved to a forbidden address) fails at once, unretried.
 */
@Injectable()
export class AlertDeliverer {
  constructor(
    private readonly firings: FiringStore,
    private readonly email: EmailSender,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    @Inject(WEBHOOK_RESOLVER) private readonly resolve: HostResolver,
  ) {}

  async deliver(firingId: string, isLastAttempt: boolean): Promise<DeliverAlertResult> {
    const task = await this.firings.task(firingId);
    if (!task || task.firing.deliveryStatus !== 'pending') return { firingId, status: 'skipped' };
    const attempt = task.firing.attempts + 1;
    const startedAt = this.clock.now();
    let sent: Sent;
    try {
      sent = task.alert.channel === 'webhook' ? await this.sendWebhook(task) : await this.sendEmail(task);
    } catch (error) {
      if (!(error instanceof WebhookTargetRefused) && !(error instanceof UnrecoverableError)) throw error;
      const message = error instanceof WebhookTargetRefused ? `target refused: ${error.reason}` : error.message;
      await this.firings.recordAttempt(firingId, { attempt, startedAt, durationMs: 0, statusCode: null, error: message, delivered: false, status: 'failed' });
      throw new UnrecoverableError(message);
    }
    const status = sent.delivered ? 'delivered' : isLastAttempt ? 'failed' : 'pending';
    await this.firings.recordAttempt(firingId, {
      attempt,
      startedAt,
      durationMs: sent.durationMs,
      statusCode: sent.statusCode,
      error: sent.error,
      delivered: sent.delivered,
      status,
    });
    if (!sent.delivered) throw new Error(`delivery attempt ${attempt} of firing ${firingId} failed: ${sent.error ?? `HTTP ${sent.statusCode}`}`);
    return { firingId, status: 'delivered' };
  }

  private async sendWebhook(task: DeliveryTask): Promise<Sent> {
    const target = await checkWebhookTarget(task.alert.webhookUrl!, this.config.WEBHOOK_ALLOW_PRIVATE_TARGETS, this.resolve);
    const body = JSON.stringify(task.firing.payload);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    const outcome = await postJson(target, body, webhookHeaders(task.signingSecret!, task.firing.id, timestamp, body), WEBHOOK_TIMEOUT_MS);
    const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    return { ...outcome, delivered };
  }

  private async sendEmail(task: DeliveryTask): Promise<Sent> {
    if (!this.email.configured) throw new UnrecoverableError('email is not configured (SMTP_URL is unset)');
    const { subject, text } = emailOf(task.firing.payload);
    const outcome = await this.email.send(task.alert.email!, subject, text);
    return { ...outcome, delivered: outcome.error === null };
  }
}

/** The subject and plain text of a firing's email. */
export function emailOf(payload: FiringPayload): { subject: string; text: string } {
  const { data } = payload;
  const token = `${data.token.address} (${data.token.chain})`;
  const what =
    'priceUsd' in data.trigger
      ? `${data.kind === 'price_above' ? 'rose to' : 'fell to'} $${data.trigger.priceUsd} (target $${data.priceUsd})`
      : `was bought by ${data.trigger.traders} tracked traders (at least ${data.minTraders} asked)`;
  const lines = [`Your Scout alert ${data.alertId} fired at ${payload.timestamp}: ${token} ${what}.`];
  if (data.note) lines.push('', `Note: ${data.note}`);
  lines.push('', 'This alert fires once and is now off.', '', JSON.stringify(payload, null, 2));
  return { subject: `Scout alert: ${data.kind.replace(/_/g, ' ')} on ${data.token.address}`, text: lines.join('\n') };
}
