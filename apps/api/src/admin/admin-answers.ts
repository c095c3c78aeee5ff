import type { AuditEntryView } from '@scout/audit';
import type { SourceHealth, UpstreamKeyState } from '@scout/core';
import type { ChannelUsage, DayUsage, PlanChangeView, PlanPeriodView, PlanView, ToolUsage } from '@scout/ledger';
import type { UpstreamSourceStats } from '@scout/upstream';
import type { AccountView, GrantView, KeyView } from '../views/account-views';
import type { CreditKind } from './admin.dto';

/** The answers of the admin API (`/api/v1/admin`), each named in the OpenAPI document. */

/** GET /api/v1/admin/accounts: one page of accounts, newest first. */
export interface AccountList {
  /** Newest first. */
  accounts: AccountView[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** POST /api/v1/admin/accounts: the new account and its first key, the secret shown this once. */
export interface CreatedAccount {
  /** The account, with its free grant in its balance. */
  account: AccountView;
  /** The whole key (`sc_...`): shown once, never again. */
  apiKey: string;
  /** Key id (UUID). */
  keyId: string;
}

/** GET /api/v1/admin/accounts/{id}: one account with its grants, keys and plan. */
export interface AccountDetail {
  /** The account, with the credits it can spend now. */
  account: AccountView;
  /** The ledger's running balance in credits (grants less spending), open holds not deducted. */
  ledgerBalance: number;
  /** Credits held by calls still running. */
  held: number;
  /** The plan, or null on pay-as-you-go. */
  plan: PlanView | null;
  /** The current billing period, or null without a plan. */
  period: PlanPeriodView | null;
  /** When the plan next renews (ISO 8601), or null without a plan. */
  renewsAt: string | null;
  /** Every grant, newest first. */
  grants: GrantView[];
  /** Every key, revoked ones included. */
  keys: KeyView[];
  /** What the account keeps with Scout besides its ledger. */
  counts: {
    /** Keys, revoked ones included. */
    keys: number;
    /** Keys not revoked. */
    activeKeys: number;
    /** Token snapshots saved with service_snapshot_token. */
    tokenSnapshots: number;
  };
}

/** POST /api/v1/admin/accounts/{id}/suspend and /reactivate. */
export interface AccountStatusChange {
  /** False when the account was already in that state: nothing was written. */
  changed: boolean;
  /** The account after it. */
  account: AccountView;
}

/** GET /api/v1/admin/accounts/{id}/keys. */
export interface KeyList {
  /** Oldest first, revoked ones included. */
  keys: KeyView[];
}

/** GET /api/v1/admin/accounts/{id}/plan/history: the last 100 of each, newest first. */
export interface PlanHistory {
  /** Plan changes, newest first. */
  changes: PlanChangeView[];
  /** Billing periods with their USD charge, newest first. */
  periods: PlanPeriodView[];
}

/** POST /api/v1/admin/accounts/{id}/credits: what was added or removed. */
export interface CreditsMoved {
  /** grant (complimentary, a free grant), topup (prepaid) or adjustment. */
  kind: CreditKind;
  /** Credits added (positive) or removed (a negative adjustment). */
  credits: number;
  /** The ledger entry written. */
  entryId: number;
  /** The grant created, or null for a removal. */
  grantId: string | null;
  /** When the credits expire (ISO 8601), or null: never. */
  expiresAt: string | null;
  /** Why, as the admin wrote it (also in the ledger entry and the audit log). */
  reason: string;
  /** `key:<id>` of the admin key that acted. */
  actor: string;
  /** Credits the account can spend after it. */
  balance: number;
}

/** GET /api/v1/admin/accounts/{id}/usage: net usage of a period (refunds deducted). */
export interface AccountUsage {
  /** Start of the period, inclusive (ISO 8601). */
  from: string;
  /** End of the period, exclusive (ISO 8601). */
  to: string;
  /** The whole period. */
  total: {
    /** Calls charged, less those refunded. */
    calls: number;
    /** Credits charged, less refunds. */
    credits: number;
  };
  /** By tool, the tools called in the period only. */
  byTool: ToolUsage[];
  /** By UTC day, oldest first. */
  byDay: DayUsage[];
  /** By channel (rest, mcp), zeros included. */
  byChannel: ChannelUsage[];
}

/** GET /api/v1/admin/audit: one page of the audit log, newest first. */
export interface AuditPage {
  /** Newest first. */
  entries: AuditEntryView[];
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: number | null;
}

/** GET /api/v1/admin/upstreams: the data sources as this process sees them. */
export interface UpstreamsState {
  /** Each data source's health: ok, degraded, down with its retry time, or unconfigured with the setting it needs. */
  sources: SourceHealth[];
  /** Each provider key's state (labels only, never keys). */
  keys: UpstreamKeyState[];
  /** Counters since this process started, per source. */
  counters: UpstreamSourceStats[];
  /** This process's live feed fan-out. */
  feed: {
    /** Watches (service_fomo_watch) held open now. */
    openWatches: number;
    /** Whether this process receives the feed. */
    listening: boolean;
    /** Events handed to watches and streams since start. */
    delivered: number;
  };
}
