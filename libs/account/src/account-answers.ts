import type { OverallState, SessionUsage, SourceHealth, UpstreamKeyState } from '@scout/core';
import type { AccountStatus, PlanView } from '@scout/ledger';

/** service_health: whether Scout is up, and the state of each data source. */
export interface HealthData {
  /**
   * The worst state among the sources: down if any is down, degraded if any is degraded, else ok.
   * A source left unconfigured (state unconfigured, naming its setting) does not count.
   */
  status: OverallState;
  /** Always true: the process answered. */
  live: true;
  /** Seconds since this process started. */
  uptimeSeconds: number;
  /** Tracked traders loaded, or null when the count could not be read. */
  loadedTraders: number | null;
  /** Each data source with its state; a down source says when it is retried (retryAt), an unconfigured one which setting it needs. */
  sources: SourceHealth[];
}

/** A prepaid top-up grant of credits. */
export interface PrepaidTopup {
  /** The ledger's id of the grant. */
  grantId: string;
  /** Credits bought. */
  credits: number;
  /** Credits of it not yet spent. */
  remaining: number;
  /** ISO 8601. */
  purchasedAt: string;
  /** ISO 8601, or null when it never expires. */
  expiresAt: string | null;
  /** True once expiresAt has passed (whatever was left of it can no longer be spent). */
  expired: boolean;
}

/** service_account: plan, credits and this month's use. */
export interface AccountData {
  /** The account's id. */
  accountId: string;
  /** The account's name. */
  name: string;
  /** active, or suspended (a suspended account's paid calls are refused). */
  status: AccountStatus;
  /** The account's plan, or null on pay-as-you-go. */
  plan: PlanView | null;
  /** Credits the account can spend now, over all live grants. */
  creditsRemaining: number;
  /** Whole calls of the base price those credits buy. */
  callsRemaining: number;
  /** Credits the plan adds each period (0 without a plan). */
  monthlyAllowance: number;
  /** Credits spent this month: the plan period with a plan, the calendar month (UTC) without one. */
  usedThisMonth: number;
  /** Start of "this month" (ISO 8601). */
  periodStart: string;
  /** When the plan next renews (ISO 8601), or null without a plan. */
  renewsAt: string | null;
  /** Every prepaid top-up grant the account bought, spent, live or expired. */
  prepaidTopups: PrepaidTopup[];
  /** The live grant that expires first, or null when none expires. */
  expiry: {
    /** When that grant expires, ISO 8601 UTC. */
    nextExpiresAt: string;
    /** Credits left on that grant, lost if not spent by nextExpiresAt. */
    credits: number;
  } | null;
}

/** service_usage: this account's use since the server started. */
export interface UsageData {
  /** This account's calls since the server started (the session): credits, calls by tool and channel, cache use. */
  session: SessionUsage;
  /** Provider keys Scout has set aside: spent for the period, or refused. */
  upstreamKeys: {
    /** Keys the provider throttled (402/429: out of quota or rate-limited), each resting until its resetAt. */
    exhausted: UpstreamKeyState[];
    /** Keys the provider refused (401/403): invalid for the life of the server process. */
    invalid: UpstreamKeyState[];
  };
  /** What calls cost: the base price in credits and USD, and each tool's cost. */
  priceTable: {
    /** Credits of the base price of one call. */
    creditsPerCall: number;
    /** USD of one base-price call on pay-as-you-go. */
    usdPerCall: number;
    /** Each tool's cost in credits, by tool name. */
    tools: { [tool: string]: number };
  };
}
