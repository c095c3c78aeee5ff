import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@scout/core';
import { AlertStore } from './alert-store';
import { alertView, attemptView, type AlertView, type AttemptView } from './alert-views';
import { FiringStore } from './firing-store';

export interface AdminAlertView extends AlertView {
  /** Every delivery attempt of its firing, oldest first. */
  attempts: AttemptView[];
}

/** An account's alerts with their firings and delivery attempts (never a signing secret). */
export interface AccountAlerts {
  /** Account id (UUID). */
  accountId: string;
  /** Alerts still armed. */
  activeCount: number;
  /** Every alert of the account, with its firing and delivery attempts. */
  alerts: AdminAlertView[];
}

/** The admin API's view of an account's alerts (GET /api/v1/admin/accounts/:id/alerts). */
@Injectable()
export class AlertsAdminService {
  constructor(
    private readonly alerts: AlertStore,
    private readonly firings: FiringStore,
  ) {}

  async accountAlerts(accountId: string): Promise<AccountAlerts> {
    if (!(await this.alerts.accountExists(accountId))) throw new NotFoundError(`No account ${accountId}.`);
    const alerts = await this.alerts.list(accountId);
    const firings = await this.firings.forAlerts(alerts.filter((a) => a.firedAt).map((a) => a.id));
    const attempts = await this.firings.attempts([...firings.values()].map((f) => f.id));
    return {
      accountId,
      activeCount: alerts.filter((a) => a.state === 'active').length,
      alerts: alerts.map((a) => {
        const firing = firings.get(a.id) ?? null;
        return { ...alertView(a, firing), attempts: (firing && attempts.get(firing.id)?.map(attemptView)) ?? [] };
      }),
    };
  }
}
