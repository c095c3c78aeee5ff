import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig, Clock, InvalidRequestError, NotFoundError } from '@scout/core';
import {
  readAllTimeUsage,
  readDailyUsageOfAll,
  readTopAccounts,
  readUsage,
  type AllTimeUsage,
  type DailyUsageOfAll,
  type PeriodUsage,
  type TopAccountRow,
  type ToolUsage,
} from './usage-reads';
import { readEntriesInPeriod, type ExportedEntry } from './entry-export';
import { AccountEntity, CreditEntryEntity, CreditGrantEntity, PlanEntity, type EntryKind, type GrantKind } from './entities';

export interface Charge {
  entryId: number;
  remaining: number;
}

export interface GrantResult {
  grantId: string;
  entryId: number;
  remaining: number;
}

export interface LedgerPage {
  entries: CreditEntryEntity[];
  /** Pass as `before` to read the next (older) page; null at the end. */
  nextCursor: number | null;
}

export interface EntryFilter {
  kinds?: EntryKind[];
  tool?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/**
 * Reads and moves credits. Every movement is one call of a scout_* SQL function (see the
 * LedgerFoundation migration), so each is a single round trip that checks, writes the entry and
 * updates the balance atomically.
 */
@Injectable()
export class LedgerService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Opens an account with the free starting grant and, when a plan is named, its first plan
   * period (granted and charged at once). Pass a manager to join a transaction.
   */
  async openAccount(name: string, planId: string | null, manager: EntityManager = this.db.manager, actor = 'system'): Promise<AccountEntity> {
    if (planId !== null) await this.requirePlan(planId, manager);
    const [account] = await manager.query<{ id: string }[]>(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [name]);
    const free = this.config.freeGrantCredits;
    if (free > 0) {
      await manager.query(`SELECT * FROM scout_grant($1, 'free', $2, NULL, $3, 'system')`, [
        account.id,
        free,
        `Free starting balance ($${this.config.FREE_GRANT_USD})`,
      ]);
    }
    if (planId !== null) {
      await manager.query(`SELECT status FROM scout_change_plan($1, $2, $3, $4, 'plan picked when the account was opened')`, [
        account.id,
        planId,
        this.clock.now(),
        actor,
      ]);
    }
    return manager.findOneByOrFail(AccountEntity, { id: account.id });
  }

  /** Reverses a usage entry with one linked refund entry; a second refund is a no-op. */
  async refund(usageEntryId: number, reason: string): Promise<Charge> {
    const [row] = await this.db.query<{ entry_id: number; remaining: number }[]>(`SELECT entry_id, remaining FROM scout_refund($1, $2)`, [
      usageEntryId,
      reason.slice(0, 500),
    ]);
    return { entryId: row.entry_id, remaining: row.remaining };
  }

  /** Adds a grant with its entry. Pass a manager to join a transaction (the admin API's audit row). */
  async grant(
    accountId: string,
    kind: GrantKind,
    credits: number,
    options: { expiresAt?: Date | null; reason?: string | null; actor?: string | null } = {},
    manager: EntityManager = this.db.manager,
  ): Promise<GrantResult> {
    await this.requireAccount(accountId, manager);
    const [row] = await manager.query<{ grant_id: string; entry_id: number; remaining: number }[]>(
      `SELECT grant_id, entry_id, remaining FROM scout_grant($1, $2, $3, $4, $5, $6)`,
      [accountId, kind, credits, options.expiresAt ?? null, options.reason ?? null, options.actor ?? null],
    );
    return { grantId: row.grant_id, entryId: row.entry_id, remaining: row.remaining };
  }

  /** Takes credits away (a negative adjustment). Never takes the balance below zero: 400 instead. */
  async deduct(accountId: string, credits: number, reason: string | null, actor: string | null, manager: EntityManager = this.db.manager): Promise<Charge> {
    await this.requireAccount(accountId, manager);
    const [row] = await manager.query<{ entry_id: number | null; remaining: number | null; status: string }[]>(
      `SELECT entry_id, remaining, status FROM scout_spend($1, $2, 'adjustment', NULL, NULL, $3, $4)`,
      [accountId, credits, reason, actor],
    );
    if (row.status !== 'ok') {
      throw new InvalidRequestError(`The adjustment of -${credits} would take the balance below zero (spendable: ${row.remaining ?? 0}).`, [
        { path: 'credits', message: `at most ${row.remaining ?? 0} credits can be removed` },
      ]);
    }
    return { entryId: row.entry_id!, remaining: row.remaining! };
  }

  /** Credits the account can spend now: unexpired grants less what running calls hold. */
  async remaining(accountId: string): Promise<number> {
    const [row] = await this.db.query<{ remaining: number }[]>(`SELECT scout_spendable($1) AS remaining`, [accountId]);
    return row.remaining;
  }

  /** Credits set aside by the account's calls still running (pending holds within their deadline). */
  async held(accountId: string): Promise<number> {
    const [row] = await this.db.query<{ held: number }[]>(`SELECT scout_held($1) AS held`, [accountId]);
    return row.held;
  }

  async findAccount(accountId: string, manager: EntityManager = this.db.manager): Promise<AccountEntity | null> {
    return manager.findOneBy(AccountEntity, { id: accountId });
  }

  async requireAccount(accountId: string, manager: EntityManager = this.db.manager): Promise<AccountEntity> {
    const account = await this.findAccount(accountId, manager);
    if (!account) throw new NotFoundError(`No account ${accountId}.`);
    return account;
  }

  async requirePlan(planId: string, manager: EntityManager = this.db.manager): Promise<PlanEntity> {
    const plan = await manager.findOneBy(PlanEntity, { id: planId });
    if (!plan) throw new InvalidRequestError(`Unknown plan "${planId}".`, [{ path: 'plan', message: 'unknown plan' }]);
    return plan;
  }

  async plans(): Promise<PlanEntity[]> {
    return this.db.manager.find(PlanEntity, { order: { creditsPerMonth: 'ASC' } });
  }

  /** Every grant of the account, spent and expired ones included: oldest first, or newest first (what the account pages list). */
  async grants(accountId: string, order: 'oldest' | 'newest' = 'oldest'): Promise<CreditGrantEntity[]> {
    const direction = order === 'oldest' ? 'ASC' : 'DESC';
    return this.db.manager.find(CreditGrantEntity, { where: { accountId }, order: { createdAt: direction, id: direction } });
  }

  /** Entries newest first, `limit` at a time, keyset-paginated by entry id, optionally filtered. */
  async entries(accountId: string, limit: number, before?: number, filter: EntryFilter = {}): Promise<LedgerPage> {
    const qb = this.db.manager
      .createQueryBuilder(CreditEntryEntity, 'e')
      .where('e.account_id = :accountId', { accountId })
      .orderBy('e.id', 'DESC')
      .limit(limit + 1);
    if (before !== undefined) qb.andWhere('e.id < :before', { before });
    if (filter.kinds?.length) qb.andWhere('e.kind IN (:...kinds)', { kinds: filter.kinds });
    if (filter.tool) qb.andWhere('e.tool = :tool', { tool: filter.tool });
    if (filter.from) qb.andWhere('e.created_at >= :from', { from: filter.from });
    if (filter.to) qb.andWhere('e.created_at < :to', { to: filter.to });
    const rows = await qb.getMany();
    const more = rows.length > limit;
    const entries = rows.slice(0, limit);
    return { entries, nextCursor: more ? entries[entries.length - 1].id : null };
  }

  /**
   * Entries of a period oldest first, in batches of `batchSize` rows (readEntriesInPeriod: never
   * the whole period's rows in memory): for CSV exports. Every account when accountId is null.
   */
  entriesInPeriod(accountId: string | null, from: Date, to: Date, batchSize = 5_000): AsyncGenerator<ExportedEntry[]> {
    return readEntriesInPeriod(this.db, accountId, from, to, batchSize);
  }

  /**
   * Net usage of the calls made in [from, to) (null: unbounded), per tool, per UTC day and per
   * channel (REST, MCP), from the usage rollups (readUsage): a refunded call counts zero, on the
   * day of the call, as billing.monthly_usage counts it.
   */
  async usageInPeriod(accountId: string, from: Date | null, to: Date | null): Promise<PeriodUsage> {
    return readUsage(this.db, accountId, from, to);
  }

  /**
   * Net usage of all the account's calls, per tool (tools with none left out) and per channel, from
   * its usage totals (readAllTimeUsage): a few dozen rows, however long its history.
   */
  async usageAllTime(accountId: string): Promise<AllTimeUsage> {
    return readAllTimeUsage(this.db, accountId);
  }

  /**
   * Net usage of every account's calls of the whole UTC days [fromDay, toDay) (YYYY-MM-DD), per day
   * and channel and per day and tool, from the usage rollups (readDailyUsageOfAll).
   */
  async usageOfAllByDay(fromDay: string, toDay: string): Promise<DailyUsageOfAll> {
    return readDailyUsageOfAll(this.db, fromDay, toDay);
  }

  /** The `limit` accounts that spent the most net credits in the whole UTC days [fromDay, toDay), from the rollups. */
  async topAccounts(fromDay: string, toDay: string, limit: number): Promise<TopAccountRow[]> {
    return readTopAccounts(this.db, fromDay, toDay, limit);
  }

  /** Holds open now, every account's: calls running, their credits set aside (pending, within their deadline). */
  async openHolds(): Promise<{ count: number; credits: number }> {
    const [row] = await this.db.query<{ count: string; credits: string }[]>(
      `SELECT count(*) AS count, coalesce(sum(amount), 0) AS credits FROM credit_holds WHERE state = 'pending' AND expires_at > now()`,
    );
    return { count: Number(row.count), credits: Number(row.credits) };
  }

  /** Net usage per tool of the calls made since a moment (and before another), tools with none left out. */
  async usageByTool(accountId: string, since?: Date, until?: Date): Promise<ToolUsage[]> {
    const { byTool } = await readUsage(this.db, accountId, since ?? null, until ?? null);
    return byTool.filter((r) => r.calls > 0 || r.credits > 0);
  }
}
