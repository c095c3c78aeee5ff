import type { ChannelUsage, PlanChangeView, PlanPeriodView, PlanStateView, PlanView, ToolUsage } from '@scout/ledger';
import type { GrantView, KeyView } from '../views/account-views';

/** The answers of the self-service routes (`/api/v1/me`), each named in the OpenAPI document. */

/** GET /api/v1/me: the caller's account, balance and usage. */
export interface MeSummary {
  /** The account the key belongs to. */
  account: {
    /** Account id (UUID). */
    id: string;
    /** The account's name. */
    name: string;
    /** The plan's id, or null on pay-as-you-go. */
    plan: string | null;
    /** `suspended`: every key of the account is refused. */
    status: 'active' | 'suspended';
  };
  /** The key (or, for an OAuth token, the approving key) that called. */
  key: {
    /** Key id (UUID). */
    id: string;
    /** What the key may do: tools, admin. */
    scopes: string[];
  };
  /** Credits the account can spend now. */
  balance: number;
  /** Calls the balance pays for at `creditsPerCall` credits a call. */
  callsLeft: number;
  /** Credits of one call at the standard price (250). */
  creditsPerCall: number;
  /** The plan now, its current period and when it renews. */
  plan: PlanStateView;
  /** Net credits and calls by tool over the life of the account (refunds deducted); tools never called are left out. */
  usageByTool: ToolUsage[];
  /** Net credits and calls by channel (rest, mcp), every channel listed, zeros included. */
  usageByChannel: ChannelUsage[];
}

/** One of the account's keys, marked when it is the key that asked. */
export interface OwnKeyView extends KeyView {
  /** True for the key this request came with. */
  current: boolean;
}

/** GET /api/v1/me/keys. */
export interface OwnKeyList {
  /** Oldest first, revoked ones included. */
  keys: OwnKeyView[];
}

/** GET /api/v1/me/plan: the plan now, past periods with their charge, plan changes, the plans to pick from. */
export interface OwnPlan extends PlanStateView {
  /** The last 12 billing periods, newest first. */
  periods: PlanPeriodView[];
  /** The last 20 plan changes, newest first. */
  changes: PlanChangeView[];
  /** Every plan the account can pick. */
  available: PlanView[];
}

/** GET /api/v1/me/grants (and the admin's view of an account's grants). */
export interface GrantList {
  /** Credits the account can spend now. */
  balance: number;
  /** Every grant, newest first, spent and expired ones included. */
  grants: GrantView[];
}
