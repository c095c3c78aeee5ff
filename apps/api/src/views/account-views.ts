import type { ApiKeyEntity } from '@scout/auth';
import type { CallChannel } from '@scout/core';
import type { AccountEntity, AccountStatus, CreditEntryEntity, CreditGrantEntity, EntryKind, GrantKind } from '@scout/ledger';

/** How ledger and key rows appear in the admin and self-service answers: ISO times, no secrets. */

/** An account as the admin answers show it. */
export interface AccountView {
  /** Account id (UUID). */
  id: string;
  /** The account's name, as given when it was created. */
  name: string;
  /** The plan's id, or null on pay-as-you-go. */
  plan: string | null;
  /** `suspended`: every key of the account is refused. */
  status: AccountStatus;
  /** Credits the account can spend now: unexpired grants, less open holds. */
  balance: number;
  /** When the account was created (ISO 8601). */
  createdAt: string;
}

/** One credit grant: where credits came from, and what is left of it. */
export interface GrantView {
  /** Grant id (UUID). */
  id: string;
  /** free (the sign-up grant or an admin's complimentary grant), plan (a period's credits), topup (prepaid) or adjustment. */
  kind: GrantKind;
  /** Credits the grant added. */
  credits: number;
  /** Credits of it not yet spent or expired. */
  remaining: number;
  /** When what remains expires (ISO 8601), or null: never. */
  expiresAt: string | null;
  /** Why it was granted, when an admin or a plan said so. */
  reason: string | null;
  /** Who granted it (`key:<id>` of an admin key, `system`), or null. */
  actor: string | null;
  /** When it was granted (ISO 8601). */
  createdAt: string;
}

/** One ledger entry: every change of an account's credits is one, never updated or deleted. */
export interface LedgerEntryView {
  /** Entry id, increasing with time; pass it as `before` to page. */
  id: number;
  /** grant (credits added), usage (a call charged), refund (a charge given back), adjustment (an admin's removal) or expiry. */
  kind: EntryKind;
  /** Credits: positive adds, negative spends. */
  amount: number;
  /** The account's ledger balance after this entry, in credits. */
  balanceAfter: number;
  /** The tool a usage or refund entry is for, or null. */
  tool: string | null;
  /** The grant the entry adds to or draws from, or null. */
  grantId: string | null;
  /** The usage entry a refund gives back, or null. */
  refundOf: number | null;
  /** The request that made the entry (usage and refunds), or null. */
  requestId: string | null;
  /** Why, for grants and adjustments, or null. */
  reason: string | null;
  /** Who made it (`key:<id>` of an admin key, `system`), or null for a call. */
  actor: string | null;
  /** When (ISO 8601). */
  createdAt: string;
  /** How the call came: rest (/api/v1/tools) or mcp (/mcp); rest for entries that are not calls. */
  channel: CallChannel;
}

/** An API key as answers show it: its prefix, never its secret. */
export interface KeyView {
  /** Key id (UUID). */
  id: string;
  /** The key's first characters, enough to recognise it (`sc_live_ab12...`). */
  prefix: string;
  /** What the key may do: tools (call tools and the self-service routes), admin (the admin API). */
  scopes: string[];
  /** The holder's name for the key, or null. */
  label: string | null;
  /** When it was created (ISO 8601). */
  createdAt: string;
  /** When it was revoked (ISO 8601), or null while it works. */
  revokedAt: string | null;
  /** When it was last used for a request, to the minute (ISO 8601), or null: never. An OAuth token approved with it counts for its grant, not here. */
  lastUsedAt: string | null;
}

/** A new key (self-service and admin): the new key, its secret shown this once. */
export interface NewKey {
  /** The whole key (`sc_...`): shown once, never again. */
  apiKey: string;
  /** Key id (UUID). */
  keyId: string;
  /** The key's first characters, as lists show it. */
  prefix: string;
  /** What the key may do: tools, admin. */
  scopes: string[];
}

/** One page of ledger entries, newest first. */
export interface LedgerPage {
  /** Newest first. */
  entries: LedgerEntryView[];
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: number | null;
}

export function accountView(account: AccountEntity, remaining: number): AccountView {
  return {
    id: account.id,
    name: account.name,
    plan: account.planId,
    status: account.status,
    balance: remaining,
    createdAt: account.createdAt.toISOString(),
  };
}

export function grantView(grant: CreditGrantEntity): GrantView {
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

export function entryView(entry: CreditEntryEntity): LedgerEntryView {
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

export function keyView(key: ApiKeyEntity): KeyView {
  return {
    id: key.id,
    prefix: key.prefix,
    scopes: key.scopes,
    label: key.label,
    createdAt: key.createdAt.toISOString(),
    revokedAt: key.revokedAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}
