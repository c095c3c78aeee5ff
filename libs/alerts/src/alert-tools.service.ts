import { Inject, Injectable } from '@nestjs/common';
import { AppConfig, Clock, InvalidRequestError, NotFoundError, Tool, type ToolContext, type ToolResult } from '@scout/core';
import { normaliseAddress } from '@scout/upstream';
import { alertInputIssues } from './alert-input-rules';
import { AlertStore, MAX_ACTIVE_ALERTS } from './alert-store';
import { alertView, type AlertView } from './alert-views';
import { CreateAlertInput, DeleteAlertInput, ListAlertsInput } from './alerts.dto';
import { EmailSender } from './email/email-sender';
import { FiringStore } from './firing-store';
import { newSigningSecret } from './webhook/webhook-signature';
import { checkWebhookTarget, WebhookTargetRefused, type HostResolver } from './webhook/webhook-target';
import { WEBHOOK_RESOLVER } from './alerts.ports';

export interface CreatedAlert extends AlertView {
  /** Webhook alerts: the Standard Webhooks secret that signs every delivery. Shown only here. */
  signingSecret?: string;
}

/** service_alert_list: the account's alerts, newest first. */
export interface AlertListData {
  /** The account's alerts (those in the asked state, if given), newest first. */
  alerts: AlertView[];
  /** Alerts active now. */
  activeCount: number;
  /** Active alerts an account may hold. */
  maxActive: number;
}

/** service_alert_create, service_alert_list, service_alert_delete: an account's own alerts. */
@Injectable()
export class AlertToolsService {
  constructor(
    private readonly alerts: AlertStore,
    private readonly firings: FiringStore,
    private readonly email: EmailSender,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    @Inject(WEBHOOK_RESOLVER) private readonly resolve: HostResolver,
  ) {}

  @Tool({
    name: 'service_alert_create',
    input: CreateAlertInput,
    summary: 'Sets up an alert that fires once: a token crossing a USD price, or several tracked traders buying it; delivered by signed webhook or email.',
    description: `Kinds: price_above / price_below (priceUsd; DexScreener's price, checked every ALERT_EVAL_INTERVAL_SECONDS) and smart_money_buy (fires once minTraders distinct tracked traders, default 2, have bought the token since the alert was created). An alert fires once, then its state is fired. At most ${MAX_ACTIVE_ALERTS} active alerts per account. Webhooks follow Standard Webhooks: a JSON POST signed with HMAC-SHA256 (headers webhook-id, webhook-timestamp, webhook-signature), retried with backoff until a 2xx; the signingSecret is returned only by this call. Webhook URLs on private, loopback or link-local addresses are refused. Free.`,
  })
  async create(input: CreateAlertInput, context: ToolContext): Promise<ToolResult<CreatedAlert>> {
    const issues = alertInputIssues(input);
    if (issues.length) throw new InvalidRequestError('The alert is not coherent: see issues.', issues);
    if (input.channel === 'email' && !this.email.configured) {
      throw new InvalidRequestError('Email is not configured on this Scout (SMTP_URL is unset): use channel webhook.', [
        { path: 'channel', message: 'email is not configured' },
      ]);
    }
    if (input.channel === 'webhook') {
      try {
        await checkWebhookTarget(input.webhookUrl!, this.config.WEBHOOK_ALLOW_PRIVATE_TARGETS, this.resolve);
      } catch (error) {
        if (!(error instanceof WebhookTargetRefused)) throw error;
        throw new InvalidRequestError(`The webhook URL is refused: ${error.reason}.`, [{ path: 'webhookUrl', message: error.reason }]);
      }
    }
    const signingSecret = input.channel === 'webhook' ? newSigningSecret() : null;
    const created = await this.alerts.create(
      context.caller!.accountId,
      {
        kind: input.kind,
        chain: input.chain,
        tokenAddress: normaliseAddress(input.chain, input.token),
        priceUsd: input.priceUsd ?? null,
        minTraders: input.kind === 'smart_money_buy' ? (input.minTraders ?? 2) : null,
        channel: input.channel,
        webhookUrl: input.channel === 'webhook' ? input.webhookUrl! : null,
        email: input.channel === 'email' ? input.email! : null,
        signingSecret,
        note: input.note ?? null,
      },
      this.clock.now(),
    );
    if (!created) {
      throw new InvalidRequestError(`This account already has ${MAX_ACTIVE_ALERTS} active alerts: delete one first.`, [
        { path: '', message: `at most ${MAX_ACTIVE_ALERTS} active alerts per account` },
      ]);
    }
    const view: CreatedAlert = alertView(created, null);
    if (signingSecret) view.signingSecret = signingSecret;
    return { data: view, notes: signingSecret ? ['Keep signingSecret: it verifies the webhook signatures and is not shown again.'] : [] };
  }

  @Tool({
    name: 'service_alert_list',
    input: ListAlertsInput,
    summary: "The account's alerts: state (active, fired, deleted), when each fired and why, and its delivery (attempts, last status).",
    description: 'Newest first. activeCount says how many of the 20 active slots are used. Signing secrets are never shown again. Free.',
  })
  async list(input: ListAlertsInput, context: ToolContext): Promise<ToolResult<AlertListData>> {
    const accountId = context.caller!.accountId;
    const [alerts, activeCount] = await Promise.all([this.alerts.list(accountId, input.state), this.alerts.activeCount(accountId)]);
    const firings = await this.firings.forAlerts(alerts.filter((a) => a.firedAt).map((a) => a.id));
    return { data: { alerts: alerts.map((a) => alertView(a, firings.get(a.id) ?? null)), activeCount, maxActive: MAX_ACTIVE_ALERTS } };
  }

  @Tool({
    name: 'service_alert_delete',
    input: DeleteAlertInput,
    summary: "Deletes one of the account's alerts by id: it will not fire (a fired alert stays in the list as deleted).",
    description: "Another account's alert or an unknown id is 404 not_found. Deleting a deleted alert changes nothing. Free.",
  })
  async delete(input: DeleteAlertInput, context: ToolContext): Promise<ToolResult<AlertView>> {
    const deleted = await this.alerts.delete(context.caller!.accountId, input.id, this.clock.now());
    if (!deleted) throw new NotFoundError(`No alert ${input.id} among this account's alerts.`);
    const firings = await this.firings.forAlerts([deleted.id]);
    return { data: alertView(deleted, firings.get(deleted.id) ?? null) };
  }
}
