import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiKeyService, type ApiKeyEntity } from '@scout/auth';
import { AppConfig, InvalidRequestError } from '@scout/core';
import { LedgerService, planView, type AccountEntity, type CreditEntryEntity, type CreditGrantEntity } from '@scout/ledger';
import type { AddCreditsDto, CreateAccountDto, CreateKeyDto } from './admin.dto';

export function accountView(account: AccountEntity, remaining: number) {
  return {
    id: account.id,
    name: account.name,
    plan: account.planId,
    status: account.status,
    balance: remaining,
    createdAt: account.createdAt.toISOString(),
  };
}

export function grantView(grant: CreditGrantEntity) {
  return {
    id: grant.id,
    kind: grant.kind,
    credits: grant.credits,
    remaining: grant.remaining,
    expiresAt: grant.expiresAt?.toISOString() ?? null,
    reason: grant.reason,
    actor: grant.actor,
    createdAt: grant.createdAt.toISOString(),
  };
}

export function entryView(entry: CreditEntryEntity) {
  return {
    id: entry.id,
    kind: entry.kind,
    amount: entry.amount,
    balanceAfter: entry.balanceAfter,
    tool: entry.tool,
    grantId: entry.grantId,
    refundOf: entry.refundOf,
    requestId: entry.requestId,
    reason: entry.reason,
    actor: entry.actor,
    createdAt: entry.createdAt.toISOString(),
  };
}

export function keyView(key: ApiKeyEntity) {
  return {
    id: key.id,
    prefix: key.prefix,
    scopes: key.scopes,
    label: key.label,
    createdAt: key.createdAt.toISOString(),
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/** The admin bootstrap API: accounts, keys and credits, as the dashboard and tests use them. */
@Injectable()
export class AdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ledger: LedgerService,
    private readonly keys: ApiKeyService,
    private readonly config: AppConfig,
  ) {}

  /** Account, free grant and first key in one transaction: never an account nobody can use. */
  async createAccount(dto: CreateAccountDto) {
    const { account, issued } = await this.db.transaction(async (manager) => {
      const account = await this.ledger.openAccount(dto.name, dto.plan ?? null, manager);
      const issued = await this.keys.issue(account.id, ['tools'], 'first key', manager);
      return { account, issued };
    });
    const remaining = await this.ledger.remaining(account.id);
    return { account: accountView(account, remaining), apiKey: issued.apiKey, keyId: issued.keyId };
  }

  async createKey(accountId: string, dto: CreateKeyDto) {
    await this.ledger.requireAccount(accountId);
    const issued = await this.keys.issue(accountId, dto.scopes ?? ['tools'], dto.label ?? null);
    return { apiKey: issued.apiKey, keyId: issued.keyId, prefix: issued.prefix };
  }

  async revokeKey(keyId: string) {
    return keyView(await this.keys.revoke(keyId));
  }

  async addCredits(accountId: string, dto: AddCreditsDto, actor: string) {
    const reason = dto.reason ?? null;
    if (dto.kind === 'topup' && dto.credits < 0) {
      throw new InvalidRequestError('A top-up adds credits; use kind "adjustment" to remove some.', [
        { path: 'credits', message: 'must be positive for a top-up' },
      ]);
    }
    const expiresAt = this.expiryOf(dto);
    if (dto.credits < 0) {
      if (dto.expiresAt) {
        throw new InvalidRequestError('A negative adjustment has no expiry.', [{ path: 'expiresAt', message: 'not allowed when credits < 0' }]);
      }
      const result = await this.ledger.deduct(accountId, -dto.credits, reason, actor);
      return { kind: dto.kind, credits: dto.credits, entryId: result.entryId, grantId: null, balance: result.remaining };
    }
    const result = await this.ledger.grant(accountId, dto.kind, dto.credits, { expiresAt, reason, actor });
    return {
      kind: dto.kind,
      credits: dto.credits,
      entryId: result.entryId,
      grantId: result.grantId,
      expiresAt: expiresAt?.toISOString() ?? null,
      balance: result.remaining,
    };
  }

  /** Top-ups expire after TOPUP_EXPIRY_MONTHS unless told otherwise; an expiry must be in the future. */
  private expiryOf(dto: AddCreditsDto): Date | null {
    if (dto.expiresAt) {
      const at = new Date(dto.expiresAt);
      if (!(at.getTime() > Date.now())) {
        throw new InvalidRequestError('expiresAt must be in the future.', [{ path: 'expiresAt', message: 'must be in the future' }]);
      }
      return at;
    }
    if (dto.kind !== 'topup') return null;
    const at = new Date();
    at.setUTCMonth(at.getUTCMonth() + this.config.TOPUP_EXPIRY_MONTHS);
    return at;
  }

  async account(accountId: string) {
    const account = await this.ledger.requireAccount(accountId);
    const [remaining, grants, keys, plan] = await Promise.all([
      this.ledger.remaining(accountId),
      this.ledger.grants(accountId),
      this.keys.listForAccount(accountId),
      account.planId ? this.ledger.requirePlan(account.planId) : Promise.resolve(null),
    ]);
    return {
      account: accountView(account, remaining),
      ledgerBalance: account.balance,
      plan: plan && planView(plan),
      grants: grants.map(grantView),
      keys: keys.map(keyView),
    };
  }

  async ledgerPage(accountId: string, limit: number, before?: number) {
    await this.ledger.requireAccount(accountId);
    const page = await this.ledger.entries(accountId, limit, before);
    return { entries: page.entries.map(entryView), nextCursor: page.nextCursor };
  }
}
