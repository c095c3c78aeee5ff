import { Injectable } from '@nestjs/common';
import { CALL_CHANNELS, type CallChannel } from '../tools/call-channel';

/** Answered calls and the credits they cost. */
interface Tally {
  /** Calls answered. */
  calls: number;
  /** Credits those calls cost. */
  credits: number;
}

/** Calls and credits by channel, every channel listed (zeros for one with no calls). */
interface ChannelTallies extends Record<CallChannel, Tally> {
  /** Calls through the REST routes (/api/v1/tools). */
  rest: Tally;
  /** Calls through the MCP endpoint (/mcp). */
  mcp: Tally;
}

export interface SessionUsage {
  /** When the server started, ISO 8601 UTC: the session counts calls from then. */
  since: string;
  /** Credits the account's answered calls cost since then. */
  creditsSpent: number;
  /** Calls the account had answered since then. */
  calls: number;
  /** The same calls and credits by tool name (only tools called are listed). */
  byTool: { [tool: string]: Tally };
  /** The same calls by how they came: REST or MCP (every channel listed, zeros included). */
  byChannel: ChannelTallies;
  /** Live upstream requests those calls made (cache hits not counted). */
  upstreamCalls: number;
  /** Upstream reads those calls answered from Scout's cache instead. */
  cachedCalls: number;
  /** Share of upstream reads answered from cache, or null before any upstream read. */
  cacheHitRate: number | null;
  /** When the account last cleared its cache (service_usage clearCache), ISO 8601 UTC; null when it never did since the server started. */
  cacheClearedAt: string | null;
}

/** One answered call, as SessionUsageTracker.record counts it. */
export interface AnsweredCall {
  accountId: string;
  tool: string;
  /** Credits the call cost. */
  credits: number;
  /** Live upstream requests it made. */
  upstreamCalls: number;
  /** Upstream reads it answered from Scout's cache. */
  cachedCalls: number;
  /** How it came, REST or MCP: always said, never defaulted, so an MCP call cannot be counted as REST. */
  channel: CallChannel;
}

interface AccountTally {
  creditsSpent: number;
  calls: number;
  byTool: Map<string, Tally>;
  byChannel: Map<CallChannel, Tally>;
  upstreamCalls: number;
  cachedCalls: number;
  cacheClearedAt: Date | null;
}

/**
 * Per-account usage since this process started (the "session" of service_usage). The ledger is
 * the durable record; this is the cheap live view, including cache behaviour the ledger does not see.
 */
@Injectable()
export class SessionUsageTracker {
  private readonly startedAt = new Date();
  private readonly tallies = new Map<string, AccountTally>();

  private tally(accountId: string): AccountTally {
    let tally = this.tallies.get(accountId);
    if (!tally) {
      tally = { creditsSpent: 0, calls: 0, byTool: new Map(), byChannel: new Map(), upstreamCalls: 0, cachedCalls: 0, cacheClearedAt: null };
      this.tallies.set(accountId, tally);
    }
    return tally;
  }

  /**
   * Counts one answered call, under its tool and its channel. Called once the call is charged, so
   * it never throws: the channel is checked where the charge is made (CreditHoldsService).
   */
  record(call: AnsweredCall): void {
    const { accountId, tool, credits, upstreamCalls, cachedCalls, channel } = call;
    const tally = this.tally(accountId);
    tally.creditsSpent += credits;
    tally.calls += 1;
    tally.upstreamCalls += upstreamCalls;
    tally.cachedCalls += cachedCalls;
    count(tally.byTool, tool, credits);
    count(tally.byChannel, channel, credits);
  }

  /** The caller's next calls skip cached upstream answers older than now (others keep theirs). */
  clearCache(accountId: string): Date {
    const at = new Date();
    this.tally(accountId).cacheClearedAt = at;
    return at;
  }

  cacheClearedAt(accountId: string): Date | null {
    return this.tallies.get(accountId)?.cacheClearedAt ?? null;
  }

  usage(accountId: string): SessionUsage {
    const tally = this.tally(accountId);
    const reads = tally.upstreamCalls + tally.cachedCalls;
    return {
      since: this.startedAt.toISOString(),
      creditsSpent: tally.creditsSpent,
      calls: tally.calls,
      byTool: Object.fromEntries([...tally.byTool.entries()].sort(([a], [b]) => a.localeCompare(b))),
      byChannel: everyChannel(tally.byChannel),
      upstreamCalls: tally.upstreamCalls,
      cachedCalls: tally.cachedCalls,
      cacheHitRate: reads === 0 ? null : Number((tally.cachedCalls / reads).toFixed(4)),
      cacheClearedAt: tally.cacheClearedAt?.toISOString() ?? null,
    };
  }

  uptimeSeconds(): number {
    return Math.round((Date.now() - this.startedAt.getTime()) / 1000);
  }
}

function count<K>(tallies: Map<K, Tally>, key: K, credits: number): void {
  const tally = tallies.get(key) ?? { calls: 0, credits: 0 };
  tally.calls += 1;
  tally.credits += credits;
  tallies.set(key, tally);
}

/** Copies of the channels' tallies, every channel listed (zeros for one with no calls). */
function everyChannel(byChannel: Map<CallChannel, Tally>): ChannelTallies {
  const tallies = CALL_CHANNELS.map((channel) => [channel, { ...(byChannel.get(channel) ?? { calls: 0, credits: 0 }) }] as const);
  return Object.fromEntries(tallies) as Record<CallChannel, Tally>;
}
