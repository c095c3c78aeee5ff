import { Injectable } from '@nestjs/common';
import {
  AppConfig,
  CREDITS_PER_CALL,
  overallState,
  ServiceStatusRegistry,
  SessionUsageTracker,
  Tool,
  TOOL_CATALOG,
  type ToolContext,
  type ToolResult,
} from '@scout/core';
import { LedgerService, PlanService, planView } from '@scout/ledger';
import type { AccountData, HealthData, UsageData } from './account-answers';
import { NoInput, UsageInput } from './account-tools.dto';

function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The account and status tools: free, and never calling an upstream. */
@Injectable()
export class AccountToolsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly plans: PlanService,
    private readonly status: ServiceStatusRegistry,
    private readonly usage: SessionUsageTracker,
    private readonly config: AppConfig,
  ) {}

  @Tool({
    name: 'service_health',
    input: NoInput,
    public: true,
    summary: 'Liveness, uptime, loaded trader count and the state of each data source. No key needed.',
    description:
      'Use it when a call failed to tell an outage from a bad request. Each source is ok, degraded, down or unconfigured; a down source says when it is retried (retryAt), an unconfigured one names the setting it needs (setting) and does not count in the overall status.',
  })
  async health(): Promise<ToolResult<HealthData>> {
    const sources = this.status.sourceHealth();
    return {
      data: {
        status: overallState(sources),
        live: true,
        uptimeSeconds: this.usage.uptimeSeconds(),
        loadedTraders: await this.status.traderCount(),
        sources,
      },
    };
  }

  @Tool({
    name: 'service_account',
    input: NoInput,
    summary: 'Your plan, credits remaining, monthly allowance, credits used this month, prepaid top-ups and their expiry.',
    description: '"This month" is the current plan period (periodStart to renewsAt) with a plan, the calendar month (UTC) without one.',
  })
  async account(_input: NoInput, context: ToolContext): Promise<ToolResult<AccountData>> {
    const accountId = context.caller!.accountId;
    const now = new Date();
    const [account, remaining, grants, planState] = await Promise.all([
      this.ledger.requireAccount(accountId),
      this.ledger.remaining(accountId),
      this.ledger.grants(accountId),
      this.plans.state(accountId),
    ]);
    const { plan, period } = planState;
    const monthStart = period?.startsAt ?? startOfMonthUtc(now);
    const monthUsage = await this.ledger.usageByTool(accountId, monthStart);
    const live = grants.filter((g) => g.remaining > 0 && (!g.expiresAt || g.expiresAt > now));
    const expiring = live.filter((g) => g.expiresAt).sort((a, b) => a.expiresAt!.getTime() - b.expiresAt!.getTime());
    return {
      data: {
        accountId: account.id,
        name: account.name,
        status: account.status,
        plan: plan && planView(plan),
        creditsRemaining: remaining,
        callsRemaining: Math.floor(remaining / CREDITS_PER_CALL),
        monthlyAllowance: plan ? plan.creditsPerMonth : 0,
        usedThisMonth: monthUsage.reduce((sum, u) => sum + u.credits, 0),
        periodStart: monthStart.toISOString(),
        renewsAt: planState.renewsAt?.toISOString() ?? null,
        prepaidTopups: grants
          .filter((g) => g.kind === 'topup')
          .map((g) => ({
            grantId: g.id,
            credits: g.credits,
            remaining: g.remaining,
            purchasedAt: g.createdAt.toISOString(),
            expiresAt: g.expiresAt?.toISOString() ?? null,
            expired: g.expiresAt !== null && g.expiresAt <= now,
          })),
        expiry: expiring.length ? { nextExpiresAt: expiring[0].expiresAt!.toISOString(), credits: expiring[0].remaining } : null,
      },
    };
  }

  @Tool({
    name: 'service_usage',
    input: UsageInput,
    summary: 'Your usage since the server started: credits spent, tools hit, calls by channel (REST or MCP), cache hit rate, upstream key states, price table.',
    description:
      'session.byChannel splits the same calls and credits by how they came: rest (/api/v1/tools) or mcp (/mcp); both spend one balance. The durable record is the ledger (GET /api/v1/me).',
  })
  // eslint-disable-next-line @typescript-eslint/require-await -- a tool handler returns a promise; async keeps a throw a rejection, as in every other handler
  async sessionUsage(input: UsageInput, context: ToolContext): Promise<ToolResult<UsageData>> {
    const accountId = context.caller!.accountId;
    const notes: string[] = [];
    if (input.clearCache) {
      const at = this.usage.clearCache(accountId);
      notes.push(`Cache cleared for your calls at ${at.toISOString()}: your next calls read fresh upstream data.`);
    }
    const keyStates = this.status.keyStates();
    return {
      data: {
        session: this.usage.usage(accountId),
        upstreamKeys: {
          exhausted: keyStates.filter((k) => k.state === 'exhausted'),
          invalid: keyStates.filter((k) => k.state === 'invalid'),
        },
        priceTable: {
          creditsPerCall: CREDITS_PER_CALL,
          usdPerCall: this.config.PAYG_USD_PER_CALL,
          tools: Object.fromEntries(Object.entries(TOOL_CATALOG).map(([name, entry]) => [name, entry.cost])),
        },
      },
      notes,
    };
  }
}
