import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface ExpiryOptions {
  /** Only this account's grants. */
  accountId?: string;
  /** Grants written off per transaction. */
  batchSize?: number;
}

export interface RenewalOptions {
  /** Only this account. */
  accountId?: string;
  /** Accounts renewed per transaction. */
  batchSize?: number;
}

/**
 * The ledger's background work, each a call of a scout_* SQL function (GrantExpiry and
 * PlanPeriods migrations).
 */
@Injectable()
export class LedgerJobsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Writes off what is left of every grant that had expired at `now`, one expiry entry per grant,
   * in batches (one transaction each) until none is left, and returns how many grants it wrote
   * off. Safe to run concurrently and repeatedly: a grant's credits are written off once.
   */
  async expireDueGrants(now: Date = new Date(), options: ExpiryOptions = {}): Promise<number> {
    const batchSize = options.batchSize ?? 500;
    let expired = 0;
    for (;;) {
      const rows = await this.db.query<{ grant_id: string }[]>(`SELECT grant_id FROM scout_expire_grants($1, $2, $3)`, [
        now,
        batchSize,
        options.accountId ?? null,
      ]);
      expired += rows.length;
      if (rows.length < batchSize) return expired;
    }
  }

  /**
   * Opens every plan period that has begun by `now` (the plan grant and the charge record), for
   * up to `batchSize` accounts per transaction, until none is due; returns how many periods it
   * opened. Safe to run concurrently and repeatedly: a period is opened once.
   */
  async renewPlans(now: Date, options: RenewalOptions = {}): Promise<number> {
    const batchSize = options.batchSize ?? 200;
    let renewed = 0;
    for (;;) {
      const rows = await this.db.query<{ account_id: string }[]>(`SELECT account_id FROM scout_renew_plans($1, $2, $3)`, [
        now,
        batchSize,
        options.accountId ?? null,
      ]);
      renewed += rows.length;
      // Rows are periods, not accounts: stop once a batch touched fewer accounts than it could.
      if (new Set(rows.map((r) => r.account_id)).size < batchSize) return renewed;
    }
  }
}
