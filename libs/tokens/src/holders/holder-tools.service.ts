import { Inject, Injectable } from '@nestjs/common';
import { Clock, Tool, type ToolResult } from '@scout/core';
import { concentration, flowWindow, type Concentration, type FlowWindow } from '../flow/flow-figures';
import { TokenParts } from '../token-parts';
import { networkIdParam, tokenRef, withProviderChain, type TokenRef } from '../token-ref';
import { FOMO_TOKENS_CLIENT, SELL_FEED, type FomoTokensPort, type SellFeedPort } from '../tokens.ports';
import { KolHoldersInput, KolSellPressureInput, TokenHoldersInput } from './holders.dto';
import { sellPressure, trackedHolders, trackedShareOfHoldersPct, type SellPressure, type TrackedHolderRow } from './holder-figures';

export interface TokenHoldersData {
  /** The token asked about. */
  token: TokenRef;
  /** When the provider captured the balances behind the list. */
  capturedAt: string | null;
  /** Tracked traders holding the token (one per trader), before the limit. */
  trackedHolderCount: number;
  /** USD value all tracked holders hold, summed over known values; null when no value is known. */
  trackedValueUsd: number | null;
  /** Rows returned here, at most the limit. */
  count: number;
  /** Tracked holders by USD value, largest first; empty when no tracked trader holds it. */
  holders: TrackedHolderRow[];
}

export interface KolHoldersData {
  /** The token asked about, with the chain the provider's stats named when the caller did not. */
  token: TokenRef;
  /** Tracked traders holding the token; null when the tracked-holders read failed. */
  trackedHolderCount: number | null;
  /** USD value all tracked holders hold; null when none is known or the tracked-holders read failed. */
  trackedValueUsd: number | null;
  /** Every holder of the token, per the provider's stats; null without stats. */
  totalHolders: number | null;
  /** Tracked holders as a share of all holders, in percent (a share of supply cannot be derived: the provider exposes no supply). */
  trackedShareOfHoldersPct: number | null;
  /** The top-10 holders' percentage (0-100) with its level; null without stats. */
  concentration: Concentration | null;
  /** Buys against sells over the last 24 h; null without stats or when the provider did not report it. */
  flow24h: FlowWindow | null;
  /** Largest tracked holders by USD value, at most the limit; null when the tracked-holders read failed. */
  topHolders: TrackedHolderRow[] | null;
}

export interface SellPressureData extends Omit<SellPressure, 'sellersList'> {
  /** The token asked about. */
  token: TokenRef;
  /** The window looked back over, minutes, as asked. */
  windowMinutes: number;
  /** The span the stored feed covers: the window, or from where Scout's copy begins if later. */
  coveredFrom: string | null;
  /** End of the covered span (now), ISO 8601 UTC. */
  coveredTo: string;
  /** Every stored feed event in the window (all tokens), as the feed tools count them. */
  eventsScanned: number;
  /** Sellers in the window, largest sold USD first; null without the sell events. */
  sellersList: SellPressure['sellersList'];
  /** Tracked holders who have not sold in the window; null without either list. */
  stillHolding:
    | {
        /** The trader's FOMO handle. */
        handle: string;
        /** The trader's FOMO user id; null when the holder list does not say. */
        userId: string | null;
        /** The USD value of the trader's holding; null when the provider does not say. */
        valueUsd: number | null;
      }[]
    | null;
}

/** Who among tracked traders holds a token, what share of its holders they are, and who is selling. */
@Injectable()
export class HolderToolsService {
  constructor(
    @Inject(FOMO_TOKENS_CLIENT) private readonly fomo: FomoTokensPort,
    @Inject(SELL_FEED) private readonly sellFeed: SellFeedPort,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_fomo_token_holders',
    input: TokenHoldersInput,
    summary: 'Which tracked traders hold a coin, and how much: handle, amount, USD value, largest first.',
    description:
      "From the provider's captured balances of tracked traders (not every holder on chain). Each row has the holder's share of the tracked value. An empty list means no tracked trader holds it. For counts and the share of all holders use service_fomo_kol_holders.",
  })
  async tokenHolders(input: TokenHoldersInput): Promise<ToolResult<TokenHoldersData>> {
    const token = tokenRef(input.address, input.chain);
    const { holders, capturedAt } = await this.fomo.tokenHolders(token.address);
    const tracked = trackedHolders(holders, input.limit);
    return {
      data: {
        token,
        capturedAt,
        trackedHolderCount: tracked.trackedHolderCount,
        trackedValueUsd: tracked.trackedValueUsd,
        count: tracked.holders.length,
        holders: tracked.holders,
      },
      notes: holders.length === 0 ? ["No tracked trader holds this token in the provider's captured balances."] : [],
    };
  }

  @Tool({
    name: 'service_fomo_kol_holders',
    input: KolHoldersInput,
    summary: 'How many tracked traders hold a coin, their USD value, and their share of all its holders.',
    description:
      "Tracked holders (count, total value, the top ones) and, with includeStats (default), the token's total holders, top-10 concentration and 24h flow, read in parallel; trackedShareOfHoldersPct = tracked holders / all holders. A part that fails is null with a note. Who is selling: service_fomo_kol_sell_pressure.",
  })
  async kolHolders(input: KolHoldersInput): Promise<ToolResult<KolHoldersData>> {
    let token = tokenRef(input.address, input.chain);
    const parts = new TokenParts();
    const [holders, stats] = await Promise.all([
      parts.run({ part: 'FOMO tracked holders', affects: 'trackedHolderCount, trackedValueUsd, topHolders' }, () => this.fomo.tokenHolders(token.address)),
      input.includeStats
        ? parts.run({ part: 'FOMO token stats', affects: 'totalHolders, trackedShareOfHoldersPct, concentration, flow24h' }, () =>
            this.fomo.tokenStats(token.address, networkIdParam(token, input.chain !== undefined)),
          )
        : null,
    ]);
    parts.settle();
    if (stats) token = withProviderChain(token, stats.networkId);
    const tracked = holders ? trackedHolders(holders.holders, input.limit) : null;
    return {
      data: {
        token,
        trackedHolderCount: tracked?.trackedHolderCount ?? null,
        trackedValueUsd: tracked?.trackedValueUsd ?? null,
        totalHolders: stats?.holders ?? null,
        trackedShareOfHoldersPct: tracked && stats ? trackedShareOfHoldersPct(tracked.trackedHolderCount, stats.holders) : null,
        concentration: stats ? concentration(stats.top10HoldersPercent) : null,
        flow24h: stats ? flowWindow(stats.windows['24h']) : null,
        topHolders: tracked?.holders ?? null,
      },
      notes: parts.notes,
    };
  }

  @Tool({
    name: 'service_fomo_kol_sell_pressure',
    input: KolSellPressureInput,
    summary: "Are tracked traders dumping a coin: who sold in the window, who exited fully, who still holds, and the sellers' share.",
    description:
      "sellersPct = distinct sellers / (current tracked holders + sellers who sold out), since a trader who sold everything is no longer a holder; thresholdCrossed when it reaches thresholdPercent. Sellers come with their realized PnL and sold USD from Scout's stored copy of the trade feed (large sells only, as the provider's feed carries them), so the whole window is covered; the answer states the span and the events scanned. When one of the two fails, the figures that need it are null with a note.",
  })
  async sellPressure(input: KolSellPressureInput): Promise<ToolResult<SellPressureData>> {
    const token = tokenRef(input.address, input.chain);
    const now = this.clock.now();
    const since = new Date(now.getTime() - input.windowMinutes * 60_000);
    const parts = new TokenParts();
    const [holders, sells] = await Promise.all([
      parts.run({ part: 'FOMO tracked holders', affects: 'currentHolders, fullyExitedSellers, sellersPct, thresholdCrossed, stillHolding' }, () =>
        this.fomo.tokenHolders(token.address),
      ),
      // Scout's stored copy of the trade feed covers the whole window (the provider's REST feed
      // holds only its newest 100 events); it answers for any address, so it proves no token.
      parts.run({ part: 'the stored trade feed', affects: 'sellers', knowsToken: false }, () => this.sellFeed.sells(token.address, since, now)),
    ]);
    parts.settle();
    if (sells) parts.note(...sells.notes);
    const pressure = sellPressure(holders?.holders ?? null, sells?.events ?? null, input.thresholdPercent);
    const sold = new Set((pressure.sellersList ?? []).filter((s) => s.stillHolding).map((s) => (s.userId ?? s.handle ?? '').toLowerCase()));
    return {
      data: {
        token,
        windowMinutes: input.windowMinutes,
        coveredFrom: sells?.coveredFrom ?? null,
        coveredTo: now.toISOString(),
        eventsScanned: sells?.eventsScanned ?? 0,
        ...pressure,
        stillHolding:
          holders && sells
            ? holders.holders
                .filter((h) => !sold.has((h.userId ?? h.handle).toLowerCase()))
                .map((h) => ({ handle: h.handle, userId: h.userId, valueUsd: h.valueUsd }))
            : null,
      },
      notes: parts.notes,
    };
  }
}
