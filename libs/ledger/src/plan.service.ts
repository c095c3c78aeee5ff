import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock, InvalidRequestError, NotFoundError } from '@scout/core';
import { AccountEntity, PlanChangeEntity, PlanEntity, PlanPeriodEntity } from './entities';

/** The plans of the spec, as API inputs name them. */
export const PLAN_IDS = ['starter', 'growth', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanChangeOptions {
  /** Who asked: `key:<id>` for a caller or an admin key, `system` for Scout itself. */
  actor: string;
  reason?: string | null;
  /** Join a transaction (the admin API writes its audit row in the same one). */
  manager?: EntityManager;
}

export interface PlanChangeResult {
  /** False when the account already had that plan (or had none, for a cancel): nothing written. */
  changed: boolean;
  change: PlanChangeEntity | null;
  /** The period the change opened; null for a cancel or no change. */
  period: PlanPeriodEntity | null;
}

export interface PlanState {
  plan: PlanEntity | null;
  /** The period the account is in; null without a plan. */
  period: PlanPeriodEntity | null;
  renewsAt: Date | null;
}

const STATUS_ERRORS: Record<string, (accountId: string, planId: string | null) => Error> = {
  no_account: (accountId) => new NotFoundError(`No account ${accountId}.`),
  unknown_plan: (_, planId) => new InvalidRequestError(`Unknown plan "${planId}".`, [{ path: 'plan', message: 'unknown plan' }]),
};

/**
 * Plan subscriptions (PlanPeriods migration): pick, change and cancel, each one call of
 * scout_change_plan at the clock's time, and the periods and changes as the ledger recorded them.
 * Renewals are the worker's job (LedgerJobsService.renewPlans).
 */
@Injectable()
export class PlanService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * Picks or changes (planId) or cancels (null) the account's plan. A pick or a change starts a
   * period at once: its credits are granted and its price charged. Cancelling stops renewals and
   * keeps every credit already granted. Asking for the plan the account already has changes nothing.
   */
  async changePlan(accountId: string, planId: string | null, options: PlanChangeOptions): Promise<PlanChangeResult> {
    const manager = options.manager ?? this.db.manager;
    const [row] = await manager.query<{ status: string; change_id: number | null; period_id: number | null }[]>(
      `SELECT status, change_id, period_id FROM scout_change_plan($1, $2, $3, $4, $5)`,
      [accountId, planId, this.clock.now(), options.actor, options.reason ?? null],
    );
    const fail = STATUS_ERRORS[row.status];
    if (fail) throw fail(accountId, planId);
    if (row.status === 'unchanged') return { changed: false, change: null, period: null };
    const [change, period] = await Promise.all([
      manager.findOneByOrFail(PlanChangeEntity, { id: row.change_id! }),
      row.period_id === null ? Promise.resolve(null) : manager.findOneByOrFail(PlanPeriodEntity, { id: row.period_id }),
    ]);
    return { changed: true, change, period };
  }

  async state(accountId: string, manager: EntityManager = this.db.manager): Promise<PlanState> {
    const account = await manager.findOneBy(AccountEntity, { id: accountId });
    if (!account) throw new NotFoundError(`No account ${accountId}.`);
    if (account.planId === null) return { plan: null, period: null, renewsAt: null };
    const [plan, period] = await Promise.all([
      manager.findOneByOrFail(PlanEntity, { id: account.planId }),
      manager.findOne(PlanPeriodEntity, { where: { accountId }, order: { id: 'DESC' } }),
    ]);
    return { plan, period, renewsAt: account.planRenewsAt };
  }

  /** Plan changes, newest first. */
  async history(accountId: string, limit = 100, manager: EntityManager = this.db.manager): Promise<PlanChangeEntity[]> {
    return manager.find(PlanChangeEntity, { where: { accountId }, order: { id: 'DESC' }, take: limit });
  }

  /** Billing periods with their USD charges, newest first. */
  async periods(accountId: string, limit = 100, manager: EntityManager = this.db.manager): Promise<PlanPeriodEntity[]> {
    return manager.find(PlanPeriodEntity, { where: { accountId }, order: { id: 'DESC' }, take: limit });
  }
}
