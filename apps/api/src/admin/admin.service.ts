import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SnapshotStore } from '@scout/tokens';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditLogService, auditEntryView, type AuditAction } from '@scout/audit';
import { ApiKeyEntity, ApiKeyService } from '@scout/auth';
import { AppConfig, CALL_CHANNELS, Clock, InvalidRequestError, isToolName, NotFoundError, TOOL_AREAS, TOOL_CATALOG, type ToolArea } from '@scout/core';
import {
  AccountsService,
  LedgerService,
  planChangeAnswer,
  planChangeView,
  planPeriodView,
  PlanService,
  planView,
  type PlanChangeAnswer,
  type PlanId,
} from '@scout/ledger';
import { accountView, entryView, grantView, keyView, type KeyView, type LedgerPage, type NewKey } from '../views/account-views';
import { checkPeriod, utcDayStart, utcMonth, type PeriodQueryDto } from '../views/period';
import { accountUsageView, type AccountUsage } from '../views/usage-views';
import type {
  AccountDetail,
  AccountList,
  AccountStatusChange,
  AdminOverview,
  AuditPage,
  CreatedAccount,
  CreditsMoved,
  KeyList,
  PlanHistory,
} from './admin-answers';
import type { AccountListQueryDto, AddCreditsDto, AuditQueryDto, CreateAccountDto, CreateKeyDto, LedgerQueryDto } from './admin.dto';

/** Who did it and under which request: every audited admin action carries it. */
export interface AdminActor {
  /** `key:<id>` of the admin key. */
  actor: string;
  requestId: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_USAGE_DAYS = 30;
/** Days the overview lists, today included. */
const OVERVIEW_DAYS = 30;
/** Accounts the overview ranks by credits spent this month. */
const OVERVIEW_TOP_ACCOUNTS = 10;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The admin API behind the dashboard: accounts, keys, plans, credits, ledger, usage, audit.
 * Every action that changes something runs in one transaction with its audit row, so a change
 * is never without its row (and a failed action writes none).
 */
@Injectable()
export class AdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ledger: LedgerService,
    private readonly accounts: AccountsService,
    private readonly plans: PlanService,
    private readonly keys: ApiKeyService,
    private readonly audit: AuditLogService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly snapshots: SnapshotStore,
  ) {}

  /**
   * Runs `change` and writes its audit row in one transaction; the row's target and details come
   * from the result. `describe` answers null when nothing changed: no audit row then.
   */
  async audited<T>(
    by: AdminActor,
    action: AuditAction,
    accountId: string | null,
    change: (manager: EntityManager) => Promise<T>,
    describe: (result: T) => { target?: string | null; details?: Record<string, unknown> } | null = () => ({}),
  ): Promise<T> {
    return this.db.transaction(async (manager) => {
      const result = await change(manager);
      const described = describe(result);
      if (described) {
        const { target = null, details = {} } = described;
        await this.audit.record({ actor: by.actor, action, accountId, target, details, requestId: by.requestId }, manager);
      }
      return result;
    });
  }

  // --- accounts ------------------------------------------------------------------------------

  /** Account, free grant, first plan period and first key in one transaction. */
  async createAccount(dto: CreateAccountDto, by: AdminActor): Promise<CreatedAccount> {
    const { account, issued } = await this.db.transaction(async (manager) => {
      const account = await this.ledger.openAccount(dto.name, dto.plan ?? null, manager, by.actor);
      const issued = await this.keys.issue(account.id, ['tools'], 'first key', manager);
      await this.audit.record(
        {
          actor: by.actor,
          action: 'account.create',
          accountId: account.id,
          target: `api_keys#${issued.keyId}`,
          details: { name: dto.name, plan: dto.plan ?? null, keyPrefix: issued.prefix },
          requestId: by.requestId,
        },
        manager,
      );
      return { account, issued };
    });
    const remaining = await this.ledger.remaining(account.id);
    return { account: accountView(account, remaining), apiKey: issued.apiKey, keyId: issued.keyId };
  }

  /**
   * Accounts newest first. `q` matches a name part (case-insensitive, wildcards literal), an
   * account id, or a key prefix. Keyset pagination on (created_at, id): stable while accounts
   * are added.
   */
  async listAccounts(query: AccountListQueryDto): Promise<AccountList> {
    const page = await this.accounts.list(query);
    return { accounts: page.accounts.map(({ account, spendable }) => accountView(account, spendable)), nextCursor: page.nextCursor };
  }

  async account(accountId: string): Promise<AccountDetail> {
    const account = await this.ledger.requireAccount(accountId);
    const [remaining, held, grants, keys, plan, snapshots] = await Promise.all([
      this.ledger.remaining(accountId),
      this.ledger.held(accountId),
      this.ledger.grants(accountId, 'newest'),
      this.keys.listForAccount(accountId),
      this.plans.state(accountId),
      this.snapshots.count(accountId),
    ]);
    return {
      account: accountView(account, remaining),
      ledgerBalance: account.balance,
      held,
      plan: plan.plan && planView(plan.plan),
      period: plan.period && planPeriodView(plan.period),
      renewsAt: plan.renewsAt?.toISOString() ?? null,
      grants: grants.map(grantView),
      keys: keys.map(keyView),
      // What the account keeps with Scout besides its ledger.
      counts: { keys: keys.length, activeKeys: keys.filter((k) => k.revokedAt === null).length, tokenSnapshots: snapshots },
    };
  }

  /**
   * Suspends or reactivates. Idempotent: asking for the state the account is in answers 200 with
   * `changed: false` and writes no audit row. Keys of a suspended account are refused at once on
   * this instance and within AUTH_CACHE_TTL_MS (at most 5 s) on every other.
   */
  async setStatus(accountId: string, status: 'active' | 'suspended', reason: string | null, by: AdminActor): Promise<AccountStatusChange> {
    const changed = await this.audited(
      by,
      status === 'suspended' ? 'account.suspend' : 'account.reactivate',
      accountId,
      (manager) => this.accounts.setStatus(accountId, status, manager),
      (changed) => (changed ? { details: { reason } } : null),
    );
    this.keys.forgetVerifiedKeys();
    const account = await this.ledger.requireAccount(accountId);
    return { changed, account: accountView(account, await this.ledger.remaining(accountId)) };
  }

  // --- keys ----------------------------------------------------------------------------------

  async listKeys(accountId: string): Promise<KeyList> {
    await this.ledger.requireAccount(accountId);
    return { keys: (await this.keys.listForAccount(accountId)).map(keyView) };
  }

  async createKey(accountId: string, dto: CreateKeyDto, by: AdminActor): Promise<NewKey> {
    const scopes = dto.scopes ?? ['tools'];
    const issued = await this.audited(
      by,
      'key.create',
      accountId,
      async (manager) => {
        await this.ledger.requireAccount(accountId, manager);
        return this.keys.issue(accountId, scopes, dto.label ?? null, manager);
      },
      (key) => ({ target: `api_keys#${key.keyId}`, details: { scopes, label: dto.label ?? null, prefix: key.prefix } }),
    );
    return { apiKey: issued.apiKey, keyId: issued.keyId, prefix: issued.prefix, scopes };
  }

  async revokeKey(keyId: string, by: AdminActor): Promise<KeyView> {
    const key = await this.db.manager.findOneBy(ApiKeyEntity, { id: keyId });
    if (!key) throw new NotFoundError(`No API key ${keyId}.`);
    const revoked = await this.audited(
      by,
      'key.revoke',
      key.accountId,
      (manager) => this.keys.revoke(keyId, manager),
      () => ({ target: `api_keys#${keyId}`, details: { prefix: key.prefix, alreadyRevoked: key.revokedAt !== null } }),
    );
    this.keys.forgetVerifiedKeys();
    return keyView(revoked);
  }

  // --- plans ---------------------------------------------------------------------------------

  /** Picks, changes (planId) or cancels (null) the account's plan; no change writes no audit row. */
  async setPlan(accountId: string, planId: PlanId | null, reason: string | null, by: AdminActor): Promise<PlanChangeAnswer> {
    const result = await this.audited(
      by,
      planId === null ? 'plan.cancel' : 'plan.change',
      accountId,
      (manager) => this.plans.changePlan(accountId, planId, { actor: by.actor, reason, manager }),
      (r) =>
        r.changed
          ? {
              target: `plan_changes#${r.change!.id}`,
              details: { from: r.change!.fromPlan, to: r.change!.toPlan, reason, periodId: r.period?.id ?? null },
            }
          : null,
    );
    const [state, balance] = await Promise.all([this.plans.state(accountId), this.ledger.remaining(accountId)]);
    return planChangeAnswer(result, state, balance);
  }

  async planHistory(accountId: string): Promise<PlanHistory> {
    await this.ledger.requireAccount(accountId);
    const [changes, periods] = await Promise.all([this.plans.history(accountId, 100), this.plans.periods(accountId, 100)]);
    return { changes: changes.map(planChangeView), periods: periods.map(planPeriodView) };
  }

  // --- credits -------------------------------------------------------------------------------

  /**
   * grant: complimentary credits (a free grant, no expiry unless given); topup: prepaid credits
   * (expiring after TOPUP_EXPIRY_MONTHS unless given); adjustment: + adds a non-expiring grant,
   * − removes credits and never below zero. Each with its reason and the admin in the ledger.
   */
  async addCredits(accountId: string, dto: AddCreditsDto, by: AdminActor): Promise<CreditsMoved> {
    if (dto.kind !== 'adjustment' && dto.credits < 0) {
      throw new InvalidRequestError(`A ${dto.kind} adds credits; use kind "adjustment" to remove some.`, [
        { path: 'credits', message: `must be positive for a ${dto.kind}` },
      ]);
    }
    if (dto.credits < 0 && dto.expiresAt) {
      throw new InvalidRequestError('A negative adjustment has no expiry.', [{ path: 'expiresAt', message: 'not allowed when credits < 0' }]);
    }
    const expiresAt = this.expiryOf(dto);
    const action: AuditAction = dto.kind === 'grant' ? 'credits.grant' : dto.kind === 'topup' ? 'credits.topup' : 'credits.adjust';
    const reason = dto.reason;
    const result = await this.audited(
      by,
      action,
      accountId,
      async (manager) => {
        if (dto.credits < 0) {
          const charge = await this.ledger.deduct(accountId, -dto.credits, reason, by.actor, manager);
          return { entryId: charge.entryId, grantId: null as string | null, balance: charge.remaining };
        }
        const kind = dto.kind === 'grant' ? 'free' : dto.kind;
        const granted = await this.ledger.grant(accountId, kind, dto.credits, { expiresAt, reason, actor: by.actor }, manager);
        return { entryId: granted.entryId, grantId: granted.grantId, balance: granted.remaining };
      },
      (r) => ({
        target: `credit_entries#${r.entryId}`,
        details: { kind: dto.kind, credits: dto.credits, reason, expiresAt: expiresAt?.toISOString() ?? null, grantId: r.grantId },
      }),
    );
    return {
      kind: dto.kind,
      credits: dto.credits,
      entryId: result.entryId,
      grantId: result.grantId,
      expiresAt: expiresAt?.toISOString() ?? null,
      reason,
      actor: by.actor,
      balance: result.balance,
    };
  }

  /** Top-ups expire after TOPUP_EXPIRY_MONTHS unless told otherwise; an expiry must be in the future. */
  private expiryOf(dto: AddCreditsDto): Date | null {
    if (dto.credits < 0) return null;
    if (dto.expiresAt) {
      const at = new Date(dto.expiresAt);
      if (!(at.getTime() > Date.now())) {
        throw new InvalidRequestError('expiresAt must be in the future.', [{ path: 'expiresAt', message: 'must be in the future' }]);
      }
      return at;
    }
    if (dto.kind !== 'topup') return null;
    const at = this.clock.now();
    at.setUTCMonth(at.getUTCMonth() + this.config.TOPUP_EXPIRY_MONTHS);
    return at;
  }

  // --- ledger, usage, audit --------------------------------------------------------------------

  async ledgerPage(accountId: string, query: LedgerQueryDto): Promise<LedgerPage> {
    await this.ledger.requireAccount(accountId);
    const { from, to } = optionalPeriod(query);
    const page = await this.ledger.entries(accountId, query.limit, query.before, { kinds: query.kind, tool: query.tool, from, to });
    return { entries: page.entries.map(entryView), nextCursor: page.nextCursor };
  }

  /**
   * Net usage of the calls in a period, by tool, by UTC day and by channel (REST, MCP). Without
   * `from`, the 30 UTC days ending with `to`'s day (today by default), from midnight: whole days
   * come from the usage rollups, so the default view costs the same on any ledger.
   */
  async usage(accountId: string, query: PeriodQueryDto): Promise<AccountUsage> {
    await this.ledger.requireAccount(accountId);
    const to = query.to ? new Date(query.to) : this.clock.now();
    const from = query.from ? new Date(query.from) : new Date((Math.floor(to.getTime() / DAY_MS) - (DEFAULT_USAGE_DAYS - 1)) * DAY_MS);
    checkPeriod(from, to);
    // Without an end the period runs to now: read open-ended, so today comes whole from the rollups.
    const usage = await this.ledger.usageInPeriod(accountId, from, query.to ? to : null);
    return accountUsageView(usage, from, to);
  }

  /**
   * The dashboard's overview: every account's calls and credits per UTC day of the last 30 (by
   * channel and by tool area), the accounts that spent the most this UTC month, open holds, and
   * accounts by status. Usage comes from the rollups by day (never the entries), net of refunds as
   * the account usage route counts it: a day's figures are the sum of every account's usage of it.
   */
  async overview(): Promise<AdminOverview> {
    const now = this.clock.now();
    const today = utcDayStart(now);
    const first = new Date(today.getTime() - (OVERVIEW_DAYS - 1) * DAY_MS);
    const end = new Date(today.getTime() + DAY_MS);
    const month = utcMonth(now);
    const [usage, top, holds, accounts] = await Promise.all([
      this.ledger.usageOfAllByDay(isoDay(first), isoDay(end)),
      this.ledger.topAccounts(isoDay(month.from), isoDay(month.to), OVERVIEW_TOP_ACCOUNTS),
      this.ledger.openHolds(),
      this.accounts.countByStatus(),
    ]);
    const areaOf = (tool: string): ToolArea | null => (isToolName(tool) ? TOOL_CATALOG[tool].area : null);
    const days = Array.from({ length: OVERVIEW_DAYS }, (_, i) => {
      const day = isoDay(new Date(first.getTime() + i * DAY_MS));
      const channels = usage.byChannel.filter((r) => r.day === day);
      const tools = usage.byTool.filter((r) => r.day === day);
      const sum = (rows: Array<{ calls: number; credits: number }>) =>
        rows.reduce((total, r) => ({ calls: total.calls + r.calls, credits: total.credits + r.credits }), { calls: 0, credits: 0 });
      return {
        day,
        ...sum(channels),
        byChannel: CALL_CHANNELS.map((channel) => ({ channel, ...sum(channels.filter((r) => r.channel === channel)) })),
        byArea: TOOL_AREAS.map((area) => ({ area, ...sum(tools.filter((r) => areaOf(r.tool) === area)) })),
      };
    });
    return {
      generatedAt: now.toISOString(),
      days,
      month: isoDay(month.from).slice(0, 7),
      topAccounts: top.map((a) => ({ id: a.accountId, name: a.name, plan: a.planId, status: a.status, calls: a.calls, credits: a.credits })),
      holds,
      accounts: { total: accounts.active + accounts.suspended, ...accounts },
    };
  }

  async auditLog(query: AuditQueryDto): Promise<AuditPage> {
    const page = await this.audit.list(query);
    return { entries: page.entries.map(auditEntryView), nextCursor: page.nextCursor };
  }

  /** Audits an export before it streams: who took which period of whose ledger. */
  async recordExport(accountId: string | null, from: Date, to: Date, by: AdminActor): Promise<void> {
    if (accountId) await this.ledger.requireAccount(accountId);
    await this.audit.record({
      actor: by.actor,
      action: 'ledger.export',
      accountId,
      details: { from: from.toISOString(), to: to.toISOString(), scope: accountId ? 'account' : 'all accounts' },
      requestId: by.requestId,
    });
  }
}

function optionalPeriod(query: PeriodQueryDto): { from?: Date; to?: Date } {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && !(from.getTime() < to.getTime())) {
    throw new InvalidRequestError('from must be before to.', [{ path: 'from', message: 'must be before to' }]);
  }
  return { from, to };
}
