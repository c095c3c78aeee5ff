import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { InvalidRequestError, NotFoundError, queryWrite } from '@scout/core';
import { AccountEntity, type AccountStatus } from './entities';

/** Which accounts to list (AccountsService.list), newest first. */
export interface AccountFilter {
  /** Part of the name (case-insensitive, wildcards literal), an account id, or a key prefix. */
  q?: string;
  status?: AccountStatus;
  /** A plan id, or `none` for accounts without a plan. */
  plan?: string;
  /** Accounts on one page. */
  limit: number;
  /** The previous page's nextCursor. */
  cursor?: string;
}

/** One account of a listing, with the credits it can spend now. */
export interface ListedAccount {
  account: AccountEntity;
  /** Unexpired grants less what running calls hold (scout_spendable). */
  spendable: number;
}

export interface AccountListPage {
  accounts: ListedAccount[];
  /** Pass as `cursor` to read the next (older) page; null at the end. */
  nextCursor: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The accounts table beyond single movements of credits (LedgerService): the admin's listing and
 * search, and an account's status. A suspended account's holds and charges are refused by the
 * scout_* functions themselves.
 */
@Injectable()
export class AccountsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Accounts newest first, `limit` at a time. `q` matches a name part, an account id, or a key
   * prefix. Keyset pagination on (created_at, id): stable while accounts are added.
   */
  async list(filter: AccountFilter): Promise<AccountListPage> {
    const qb = this.db.manager
      .createQueryBuilder(AccountEntity, 'a')
      .orderBy('a.created_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .limit(filter.limit + 1);
    if (filter.q) {
      const q = filter.q.trim();
      const clauses = [`a.name ILIKE :pattern ESCAPE '\\'`, `a.id IN (SELECT k.account_id FROM api_keys k WHERE k.prefix = :q)`];
      if (UUID.test(q)) clauses.push('a.id = :id');
      qb.andWhere(`(${clauses.join(' OR ')})`, { pattern: `%${escapeLike(q)}%`, q, id: q.toLowerCase() });
    }
    if (filter.status) qb.andWhere('a.status = :status', { status: filter.status });
    if (filter.plan === 'none') qb.andWhere('a.plan_id IS NULL');
    else if (filter.plan) qb.andWhere('a.plan_id = :plan', { plan: filter.plan });
    if (filter.cursor) {
      // The cursor's time has milliseconds, created_at microseconds: compare with the account's own
      // created_at, or an account made in the same millisecond as the page's last would be skipped.
      const cursor = decodeAccountCursor(filter.cursor);
      qb.andWhere('(a.created_at, a.id) < (COALESCE((SELECT c.created_at FROM accounts c WHERE c.id = :cursorId), :cursorAt), :cursorId)', {
        cursorAt: cursor.createdAt,
        cursorId: cursor.id,
      });
    }
    const rows = await qb.getMany();
    const page = rows.slice(0, filter.limit);
    const spendable = await this.spendable(page.map((a) => a.id));
    return {
      accounts: page.map((account) => ({ account, spendable: spendable.get(account.id) ?? 0 })),
      nextCursor: rows.length > filter.limit ? encodeAccountCursor(page[page.length - 1]) : null,
    };
  }

  /** What each account can spend now, in one round trip (scout_spendable); accounts that do not exist count 0. */
  async spendable(accountIds: string[]): Promise<Map<string, number>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.db.query<{ id: string; spendable: number }[]>(`SELECT id, scout_spendable(id) AS spendable FROM unnest($1::uuid[]) AS id`, [
      accountIds,
    ]);
    return new Map(rows.map((r) => [r.id, Number(r.spendable)]));
  }

  /** How many accounts there are in each status, every status listed (zeros included). */
  async countByStatus(): Promise<Record<AccountStatus, number>> {
    const rows = await this.db.query<{ status: AccountStatus; n: string }[]>(`SELECT status, count(*) AS n FROM accounts GROUP BY status`);
    const counts: Record<AccountStatus, number> = { active: 0, suspended: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  /**
   * Suspends or reactivates the account. False when it already was in that state (nothing
   * written); NotFoundError when there is no such account. Pass a manager to join a transaction
   * (the admin API's audit row).
   */
  async setStatus(accountId: string, status: AccountStatus, manager: EntityManager = this.db.manager): Promise<boolean> {
    const { count } = await queryWrite(manager, `UPDATE accounts SET status = $2, updated_at = now() WHERE id = $1 AND status <> $2`, [accountId, status]);
    if (count > 0) return true;
    if (!(await manager.existsBy(AccountEntity, { id: accountId }))) throw new NotFoundError(`No account ${accountId}.`);
    return false;
  }
}

/** LIKE pattern characters taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function encodeAccountCursor(account: AccountEntity): string {
  return Buffer.from(JSON.stringify([account.createdAt.toISOString(), account.id])).toString('base64url');
}

function decodeAccountCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    if (Number.isNaN(createdAt.getTime()) || !UUID.test(id)) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw new InvalidRequestError('cursor is not a cursor from a previous page.', [{ path: 'cursor', message: 'unknown cursor' }]);
  }
}
