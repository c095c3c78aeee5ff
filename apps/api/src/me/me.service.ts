import { Injectable } from '@nestjs/common';
import { ApiKeyService } from '@scout/auth';
import { Clock, CREDITS_PER_CALL, ForbiddenError, InvalidRequestError, NotFoundError, type CallerIdentity } from '@scout/core';
import {
  LedgerService,
  planChangeAnswer,
  planChangeView,
  planPeriodView,
  PlanService,
  planStateView,
  planView,
  type ExportedEntry,
  type PlanChangeAnswer,
  type PlanId,
} from '@scout/ledger';
import { entryView, grantView, keyView, type KeyView, type LedgerPage, type NewKey } from '../views/account-views';
import { ledgerCsvName } from '../views/ledger-csv';
import { checkPeriod, requiredPeriod, utcMonth, type PeriodQueryDto, type RequiredPeriodQueryDto } from '../views/period';
import { accountUsageView, type AccountUsage } from '../views/usage-views';
import type { GrantList, MeSummary, OwnKeyList, OwnPlan } from './me-answers';
import type { CreateOwnKeyDto } from './me.dto';

/** Active keys one account may hold: plenty for rotation and per-service keys, not unbounded. */
export const MAX_ACTIVE_KEYS_PER_ACCOUNT = 20;

/**
 * Self-service for the caller's own account. Every method takes the caller and reads or changes
 * only the caller's account: a key id of another account is "not found", never touched.
 */
@Injectable()
export class MeService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly plans: PlanService,
    private readonly keys: ApiKeyService,
    private readonly clock: Clock,
  ) {}

  async summary(caller: CallerIdentity): Promise<MeSummary> {
    const { accountId, keyId, scopes } = caller;
    const [account, remaining, usage, plan] = await Promise.all([
      this.ledger.requireAccount(accountId),
      this.ledger.remaining(accountId),
      this.ledger.usageAllTime(accountId),
      this.plans.state(accountId),
    ]);
    return {
      account: { id: account.id, name: account.name, plan: account.planId, status: account.status },
      key: { id: keyId, scopes },
      balance: remaining,
      callsLeft: Math.floor(remaining / CREDITS_PER_CALL),
      creditsPerCall: CREDITS_PER_CALL,
      plan: planStateView(plan),
      usageByTool: usage.byTool,
      usageByChannel: usage.byChannel,
    };
  }

  async listKeys(caller: CallerIdentity): Promise<OwnKeyList> {
    const keys = await this.keys.listForAccount(caller.accountId);
    return { keys: keys.map((key) => ({ ...keyView(key), current: key.id === caller.keyId })) };
  }

  async createKey(caller: CallerIdentity, dto: CreateOwnKeyDto): Promise<NewKey> {
    const scopes = dto.scopes ?? ['tools'];
    const beyond = scopes.filter((scope) => !caller.scopes.includes(scope));
    if (beyond.length > 0) {
      throw new ForbiddenError(`This key cannot create a key with scope ${beyond.join(', ')}: a new key has at most the scopes of the key that creates it.`);
    }
    const active = (await this.keys.listForAccount(caller.accountId)).filter((key) => !key.revokedAt);
    if (active.length >= MAX_ACTIVE_KEYS_PER_ACCOUNT) {
      throw new InvalidRequestError(`An account holds at most ${MAX_ACTIVE_KEYS_PER_ACCOUNT} active keys; revoke one first.`, [
        { path: '', message: `${active.length} active keys` },
      ]);
    }
    const issued = await this.keys.issue(caller.accountId, scopes, dto.label ?? null);
    return { apiKey: issued.apiKey, keyId: issued.keyId, prefix: issued.prefix, scopes };
  }

  /** Revokes one of the account's keys (the calling one too), but never its last active key. */
  async revokeKey(caller: CallerIdentity, keyId: string): Promise<KeyView> {
    const keys = await this.keys.listForAccount(caller.accountId);
    const key = keys.find((k) => k.id === keyId);
    if (!key) throw new NotFoundError(`No API key ${keyId} on this account.`);
    if (!key.revokedAt && keys.filter((k) => !k.revokedAt).length === 1) {
      throw new InvalidRequestError("This is the account's last active key: create another before revoking it.", [
        { path: 'keyId', message: 'last active key' },
      ]);
    }
    return keyView(await this.keys.revoke(keyId));
  }

  async plan(caller: CallerIdentity): Promise<OwnPlan> {
    const [state, history, periods, plans] = await Promise.all([
      this.plans.state(caller.accountId),
      this.plans.history(caller.accountId, 20),
      this.plans.periods(caller.accountId, 12),
      this.ledger.plans(),
    ]);
    return {
      ...planStateView(state),
      periods: periods.map(planPeriodView),
      changes: history.map(planChangeView),
      available: plans.map(planView),
    };
  }

  async changePlan(caller: CallerIdentity, planId: PlanId | null): Promise<PlanChangeAnswer> {
    const result = await this.plans.changePlan(caller.accountId, planId, { actor: `key:${caller.keyId}`, reason: 'self-service' });
    const [state, balance] = await Promise.all([this.plans.state(caller.accountId), this.ledger.remaining(caller.accountId)]);
    return planChangeAnswer(result, state, balance);
  }

  async grants(caller: CallerIdentity): Promise<GrantList> {
    const [grants, balance] = await Promise.all([this.ledger.grants(caller.accountId, 'newest'), this.ledger.remaining(caller.accountId)]);
    return { balance, grants: grants.map(grantView) };
  }

  async ledgerPage(caller: CallerIdentity, limit: number, before?: number): Promise<LedgerPage> {
    const page = await this.ledger.entries(caller.accountId, limit, before);
    return { entries: page.entries.map(entryView), nextCursor: page.nextCursor };
  }

  /**
   * Net usage of the account's calls in a period, as the admin's account usage route answers it (the
   * same read). Each end the query leaves out is the current period's: the plan's billing period
   * with a plan, else the current UTC calendar month.
   */
  async usage(caller: CallerIdentity, query: PeriodQueryDto): Promise<AccountUsage> {
    const current = query.from && query.to ? null : await this.currentPeriod(caller.accountId);
    const from = query.from ? new Date(query.from) : current!.from;
    const to = query.to ? new Date(query.to) : current!.to;
    checkPeriod(from, to);
    return accountUsageView(await this.ledger.usageInPeriod(caller.accountId, from, to), from, to);
  }

  /** The account's entries of a period, oldest first in batches, and the file they go out as (the admin export's CSV). */
  ledgerExport(caller: CallerIdentity, query: RequiredPeriodQueryDto): { filename: string; batches: AsyncIterable<ExportedEntry[]> } {
    const { from, to } = requiredPeriod(query);
    return { filename: ledgerCsvName(caller.accountId, from, to), batches: this.ledger.entriesInPeriod(caller.accountId, from, to) };
  }

  /** The plan's current billing period, or without a plan the current UTC calendar month. */
  private async currentPeriod(accountId: string): Promise<{ from: Date; to: Date }> {
    const { period } = await this.plans.state(accountId);
    return period ? { from: period.startsAt, to: period.endsAt } : utcMonth(this.clock.now());
  }
}
