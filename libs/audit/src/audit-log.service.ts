import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditEntryEntity } from './audit-entry.entity';
import type { JsonValue } from '@scout/core';

/** The admin actions the log knows; each route that changes something writes one. */
export const AUDIT_ACTIONS = [
  'account.create',
  'account.suspend',
  'account.reactivate',
  'key.create',
  'key.revoke',
  'plan.change',
  'plan.cancel',
  'credits.grant',
  'credits.topup',
  'credits.adjust',
  'ledger.export',
  'oauth_grant.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditRecord {
  actor: string;
  action: AuditAction;
  accountId?: string | null;
  target?: string | null;
  /** What was asked and what came of it; never a secret. */
  details?: Record<string, unknown>;
  requestId?: string | null;
}

export interface AuditQuery {
  accountId?: string;
  action?: AuditAction;
  /** Who acted, exactly as recorded (`key:<id>` of the admin key). */
  actor?: string;
  limit: number;
  /** Entries older than this id (the previous page's nextCursor). */
  before?: number;
}

/** Writes and reads admin_audit_log (AdminAudit migration). */
@Injectable()
export class AuditLogService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Appends one row, inside the caller's transaction when given its manager. */
  async record(entry: AuditRecord, manager: EntityManager = this.db.manager): Promise<number> {
    const [row] = await manager.query<{ id: number }[]>(
      `INSERT INTO admin_audit_log (actor, action, account_id, target, details, request_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [entry.actor, entry.action, entry.accountId ?? null, entry.target ?? null, JSON.stringify(entry.details ?? {}), entry.requestId ?? null],
    );
    return row.id;
  }

  /** Newest first, keyset-paginated by id; filtered by account, action and actor, each with its index. */
  async list(query: AuditQuery): Promise<{ entries: AuditEntryEntity[]; nextCursor: number | null }> {
    const qb = this.db.manager
      .createQueryBuilder(AuditEntryEntity, 'a')
      .orderBy('a.id', 'DESC')
      .limit(query.limit + 1);
    if (query.accountId) qb.andWhere('a.account_id = :accountId', { accountId: query.accountId });
    if (query.action) qb.andWhere('a.action = :action', { action: query.action });
    if (query.actor) qb.andWhere('a.actor = :actor', { actor: query.actor });
    if (query.before !== undefined) qb.andWhere('a.id < :before', { before: query.before });
    const rows = await qb.getMany();
    const entries = rows.slice(0, query.limit);
    return { entries, nextCursor: rows.length > query.limit ? entries[entries.length - 1].id : null };
  }
}

/** One audit entry as the admin API shows it. */
export interface AuditEntryView {
  /** Entry id, increasing with time; pass it as `before` to page. */
  id: number;
  /** `key:<id>` of the admin key that acted. */
  actor: string;
  /** What was done, e.g. `credits.grant`, `key.revoke`, `plan.change`. */
  action: string;
  /** The account acted on, or null (an export of every account). */
  accountId: string | null;
  /** What was acted on beyond the account, e.g. `api_keys#<id>`, or null. */
  target: string | null;
  /** What changed, as the action records it (reason, amounts, before and after). */
  details: { [key: string]: JsonValue };
  /** The admin request that acted, or null. */
  requestId: string | null;
  /** When (ISO 8601). */
  createdAt: string;
}

export function auditEntryView(entry: AuditEntryEntity): AuditEntryView {
  return {
    id: entry.id,
    actor: entry.actor,
    action: entry.action,
    accountId: entry.accountId,
    target: entry.target,
    // A jsonb column: JSON by construction.
    details: entry.details as { [key: string]: JsonValue },
    requestId: entry.requestId,
    createdAt: entry.createdAt.toISOString(),
  };
}
