import type { AuditEntryView } from '@scout/audit';
import type { SourceHealth, ToolArea, UpstreamKeyState } from '@scout/core';
import type { AccountStatus, ChannelUsage, PlanChangeView, PlanPeriodView, PlanView } from '@scout/ledger';
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

/** GET /api/v1/admin/overview: the whole service at a glance, for the admin dashboard. */
export interface AdminOverview {
  /** When the figures were read (ISO 8601). */
  generatedAt: string;
  /** The last 30 UTC days, oldest first, today (so far) last; every day listed, zeros included. Net of refunds, counted on the day of the call, as the account usage route counts them. */
  days: OverviewDay[];
  /** The UTC month `topAccounts` covers, YYYY-MM (the current one). */
  month: string;
  /** The 10 accounts that spent the most net credits in `month`, most first; fewer when fewer spent any. */
  topAccounts: TopAccount[];
  /** Holds open now: calls running, and the credits they set aside. */
  holds: {
    /** Holds pending within their deadline. */
    count: number;
    /** Credits they hold. */
    credits: number;
  };
  /** How many accounts there are, by status. */
  accounts: {
    /** Every account. */
    total: number;
    /** Accounts whose keys work. */
    active: number;
    /** Suspended accounts: every key refused. */
    suspended: number;
  };
}

/** Every account's calls of one UTC day, net of refunds. */
export interface OverviewDay {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Calls charged that day, less those refunded. */
  calls: number;
  /** Credits charged that day, less refunds. */
  credits: number;
  /** By channel (rest, mcp): every channel listed, zeros included; they add up to the day. */
  byChannel: ChannelUsage[];
  /** By tool area (the catalog's), every area listed, zeros included; a tool outside the catalog counts in the day only. */
  byArea: AreaUsage[];
}

/** Net usage of the tools of one area of the catalog. */
export interface AreaUsage {
  /** The tool area: account, traders, tokens, feeds, wallets, prices, defi, launchpad, alerts. */
  area: ToolArea;
  /** Calls charged, less those refunded. */
  calls: number;
  /** Credits charged, less refunds. */
  credits: number;
}

/** One of the accounts that spent the most credits this month. */
export interface TopAccount {
  /** Account id (UUID). */
  id: string;
  /** The account's name. */
  name: string;
  /** The plan's id, or null on pay-as-you-go. */
  plan: string | null;
  /** `suspended`: every key of the account is refused. */
  status: AccountStatus;
  /** Calls charged this month, less those refunded. */
  calls: number;
  /** Credits charged this month, less refunds. */
  credits: number;
}
