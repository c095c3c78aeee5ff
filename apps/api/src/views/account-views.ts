import type { ApiKeyEntity } from '@scout/auth';
import type { AccountEntity, CreditEntryEntity, CreditGrantEntity } from '@scout/ledger';

/** How ledger and key rows appear in the admin and self-service answers: ISO times, no secrets. */

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
    channel: entry.channel,
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
