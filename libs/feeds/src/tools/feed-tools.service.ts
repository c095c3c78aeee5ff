import { Injectable } from '@nestjs/common';
import { Clock, InvalidRequestError, Tool, unixOrIsoTime, type ToolResult } from '@scout/core';
import type { Chain } from '@scout/upstream';
import { feedCoverage } from '../coverage';
import { FeedStore } from '../feed-store';
import { eventView, type FeedEventView } from './feed-filter';
import { CoordinatedActivityInput, FeedAlertsInput, MAX_WINDOW_MINUTES, MultiTraderEntriesInput } from './feeds.dto';

/** The span an answer covers, and how much of the feed it read. */
export interface Coverage {
  /** Start of the span covered, ISO 8601 UTC: the window's start, or where Scout's copy begins if later. */
  coveredFrom: string;
  /** End of the span covered (now), ISO 8601 UTC. */
  coveredTo: string;
  /** Every stored event in the window, before the filters. */
  eventsScanned: number;
}

export interface FeedAlertsData extends Coverage {
  /** Events in the window that pass the filters (more than returned when above limit). */
  matched: number;
  /** Events returned (at most limit). */
  count: number;
  /** The matching buys and sells, newest first. */
  events: FeedEventView[];
}

export interface TraderGroup {
  /** Token symbol; null when the feed does not say. */
  token: string | null;
  /** Token contract or mint (EVM lowercased, mints as sent). */
  tokenAddress: string;
  /** Chain of the token; null when the feed does not say. */
  chain: Chain | null;
  /** Distinct tracked traders (by user id) with such an event in the window. */
  distinctTraders: number;
  /** Time of the earliest of these entries, ISO 8601 UTC. */
  firstEntryAt: string;
  /** Time of the latest of these entries, ISO 8601 UTC. */
  lastEntryAt: string;
  /** Minutes from the first to the last of these entries. */
  spreadMinutes: number;
  /** Each trader once, with their latest event in the window, newest first. */
  traders: {
    /** The trader's handle; null when the feed does not say. */
    handle: string | null;
    /** The trader's user id; null when the feed does not say. */
    userId: string | null;
    /** The provider's own figure (the peer's field): positionUsd on a buy, realizedPnlUsd on a sell. */
    usdValue: number | null;
    /** The fill's own size (the trade size), USD; null when the provider did not send it. */
    tradeUsd: number | null;
    /** Buys: the position's value after the fill (not the buy size), USD; null on a sell or when unsent. */
    positionUsd: number | null;
    /** Sells: the realized PnL of the sale, signed, USD; null on a buy or when unsent. */
    realizedPnlUsd: number | null;
    /** The provider's trade id; null when the feed does not say. */
    tradeId: string | null;
    /** Time of the event, ISO 8601 UTC. */
    at: string;
  }[];
}

export interface TraderGroupsData extends Coverage {
  /** The same count as eventsScanned, under the peer's name. */
  alertsScanned: number;
  /** Which events were grouped: buy or sell. */
  side: 'buy' | 'sell';
  /** Fewest distinct traders a token needed to be listed, as asked. */
  minTraders: number;
  /** Minutes back from now the window reaches, as asked. */
  windowMinutes: number;
  /** Tokens with any such event in the window. */
  tokensWithActivity: number;
  /** Tokens with at least minTraders distinct traders, ranked (most traders first), up to limit. */
  matches: TraderGroup[];
}

/** The feed tools that read Scout's stored copy of the tracked traders' trade feed. */
@Injectable()
export class FeedToolsService {
  constructor(
    private readonly store: FeedStore,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_fomo_alerts',
    input: FeedAlertsInput,
    summary: "Tracked traders' buys and sells as they happen, newest first, over up to a day.",
    description:
      "Read from Scout's stored copy of the provider's trade feed, so the whole window (since, or windowMinutes back; at most 1,440 minutes) is covered, not only the provider's newest 100 events; the answer states the span covered and how many events it scanned. Each event keeps the trade size (tradeUsd) apart from the position's value after a buy (positionUsd) and a sell's realized PnL (realizedPnlUsd). Filters: type, chain, trader, token (address or symbol), minUsd (trade size).",
  })
  async alerts(input: FeedAlertsInput): Promise<ToolResult<FeedAlertsData>> {
    const now = this.clock.now().getTime();
    const since = input.since !== undefined ? unixOrIsoTime(input.since, 'ms')! : now - input.windowMinutes * 60_000;
    if (since < now - MAX_WINDOW_MINUTES * 60_000) {
      throw new InvalidRequestError(`since reaches back more than ${MAX_WINDOW_MINUTES} minutes.`, [
        { path: 'since', message: `since must be within the last ${MAX_WINDOW_MINUTES} minutes` },
      ]);
    }
    const window = await this.window(new Date(since), new Date(now));
    const found = await this.store.query({ ...input, side: input.type, since: new Date(since), until: new Date(now), limit: input.limit });
    return {
      data: { ...window.coverage, eventsScanned: found.scanned, matched: found.matched, count: found.events.length, events: found.events.map(eventView) },
      notes: window.notes,
    };
  }

  @Tool({
    name: 'service_fomo_multi_trader_entries',
    input: MultiTraderEntriesInput,
    summary: 'Which tokens several distinct tracked traders bought (or sold) in the same window, up to a day.',
    description:
      "Groups the stored trade feed of the window by token and counts distinct traders (by user id); keeps tokens with at least minTraders, most traders first, each with its traders' latest event and the first and last entry. The whole window is covered (the answer says the span and the events scanned). positionUsd on a buy is the position's value, not the buy size: tradeUsd is the size. usdValue is the provider's one figure (positionUsd on a buy, realizedPnlUsd on a sell) and alertsScanned the same count as eventsScanned, under the names the peer service uses.",
  })
  async multiTraderEntries(input: MultiTraderEntriesInput): Promise<ToolResult<TraderGroupsData>> {
    return this.groups(input, 'traders');
  }

  @Tool({
    name: 'service_fomo_coordinated_activity',
    input: CoordinatedActivityInput,
    summary: 'Are several tracked traders piling into the same coin at once: tokens bought (or sold) by several of them close together.',
    description:
      'The same groups as service_fomo_multi_trader_entries, ranked as a herding signal: most distinct traders first, then the tightest spread (minutes from first to last entry). Read from the stored feed, so the whole window (up to 1,440 minutes) is covered.',
  })
  async coordinatedActivity(input: CoordinatedActivityInput): Promise<ToolResult<TraderGroupsData>> {
    return this.groups(input, 'tightness');
  }

  private async groups(input: MultiTraderEntriesInput | CoordinatedActivityInput, rank: 'traders' | 'tightness'): Promise<ToolResult<TraderGroupsData>> {
    const now = this.clock.now().getTime();
    const since = now - input.windowMinutes * 60_000;
    const window = await this.window(new Date(since), new Date(now));
    // Ranking by tightness needs every qualifying token before the cut.
    const found = await this.store.tokensByTraders({
      since: new Date(since),
      until: new Date(now),
      side: input.side,
      chain: input.chain,
      minTraders: input.minTraders,
      limit: rank === 'traders' ? input.limit : 1000,
    });
    let matches: TraderGroup[] = found.matches.map((m) => ({
      token: m.tokenSymbol,
      tokenAddress: m.tokenAddress,
      chain: m.chain,
      distinctTraders: m.distinctTraders,
      firstEntryAt: m.firstEntryAt,
      lastEntryAt: m.lastEntryAt,
      spreadMinutes: Math.round((Date.parse(m.lastEntryAt) - Date.parse(m.firstEntryAt)) / 6_000) / 10,
      traders: m.traders.map((e) => ({
        handle: e.trader,
        userId: e.userId,
        usdValue: input.side === 'buy' ? e.positionUsd : e.realizedPnlUsd,
        tradeUsd: e.tradeUsd,
        positionUsd: e.positionUsd,
        realizedPnlUsd: e.realizedPnlUsd,
        tradeId: e.tradeId,
        at: e.at,
      })),
    }));
    if (rank === 'tightness') {
      matches = matches
        .sort((a, b) => b.distinctTraders - a.distinctTraders || a.spreadMinutes - b.spreadMinutes || a.tokenAddress.localeCompare(b.tokenAddress))
        .slice(0, input.limit);
    }
    return {
      data: {
        ...window.coverage,
        eventsScanned: found.scanned,
        alertsScanned: found.scanned,
        side: input.side,
        minTraders: input.minTraders,
        windowMinutes: input.windowMinutes,
        tokensWithActivity: found.tokensWithActivity,
        matches,
      },
      notes: window.notes,
    };
  }

  private async window(since: Date, until: Date): Promise<{ coverage: Omit<Coverage, 'eventsScanned'>; notes: string[] }> {
    const { notes, ...coverage } = await feedCoverage(this.store, since, until);
    return { coverage, notes };
  }
}
