import { Inject, Injectable } from '@nestjs/common';
import { Clock, Tool, type ToolResult } from '@scout/core';
import type { FomoAlert } from '@scout/upstream';
import { readPages } from '@scout/traders';
import { concentration, flowWindow, type Concentration, type FlowWindow } from '../flow/flow-figures';
import { TokenParts } from '../token-parts';
import { networkIdParam, tokenRef, withProviderChain, type TokenRef } from '../token-ref';
import { FOMO_TOKENS_CLIENT, type FomoTokensPort } from '../tokens.tokens';
import { KolHoldersInput, KolSellPressureInput, TokenHoldersInput } from './holders.dto';
import { alertTime, sellPressure, trackedHolders, trackedShareOfHoldersPct, type SellPressure, type TrackedHolderRow } from './holder-figures';

/** Sell-alert pages read at most (100 events each, the provider's ring). */
const MAX_ALERT_PAGES = 5;

export interface TokenHoldersData {
  token: TokenRef;
  /** When the provider captured the balances behind the list. */
  capturedAt: string | null;
  trackedHolderCount: number;
  trackedValueUsd: number | null;
  count: number;
  holders: TrackedHolderRow[];
}

export interface KolHoldersData {
  token: TokenRef;
  trackedHolderCount: number | null;
  trackedValueUsd: number | null;
  /** Every holder of the token, per the provider's stats; null without stats. */
  totalHolders: number | null;
  /** Tracked holders as a share of all holders, in percent (a share of supply cannot be derived: the provider exposes no supply). */
  trackedShareOfHoldersPct: number | null;
  concentration: Concentration | null;
  flow24h: FlowWindow | null;
  topHolders: TrackedHolderRow[] | null;
}

export interface SellPressureData extends Omit<SellPressure, 'sellersList'> {
  token: TokenRef;
  windowMinutes: number;
  /** The span the sell events read actually cover; coveredFrom is later than the window start when not all were read. */
  coveredFrom: string | null;
  coveredTo: string;
  alertsScanned: number;
  sellersList: SellPressure['sellersList'];
  /** Tracked holders who have not sold in the window; null without either list. */
  stillHolding: { handle: string; userId: string | null; valueUsd: number | null }[] | null;
}

/** Who among tracked traders holds a token, what share of its holders they are, and who is selling. */
@Injectable()
export class HolderToolsService {
  constructor(
    @Inject(FOMO_TOKENS_CLIENT) private readonly fomo: FomoTokensPort,
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
      data: { token, capturedAt, trackedHolderCount: tracked.trackedHolderCount, trackedValueUsd: tracked.trackedValueUsd, count: tracked.holders.length, holders: tracked.holders },
      notes: holders.length === 0 ? ['No tracked trader holds this token in the provider\'s captured balances.'] : [],
    };
  }

  @Tool({
    name: 'service_fomo_kol_holders',
    input: KolHoldersInput,
    summary: 'How many tracked traders hold a coin, their USD value, and their share of all its holders.',
    description:
      'Tracked holders (count, total value, the top ones) and, with includeStats (default), the token\'s total holders, top-10 concentration and 24h flow, read in parallel; trackedShareOfHoldersPct = tracked holders / all holders. A part that fails is null with a note. Who is selling: service_fomo_kol_sell_pressure.',
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
    summary: 'Are tracked traders dumping a coin: who sold in the window, who exited fully, who still holds, and the sellers\' share.',
    description:
      'sellersPct = distinct sellers / (current tracked holders + sellers who sold out), since a trader who sold everything is no longer a holder; thresholdCrossed when it reaches thresholdPercent. Sellers come with their realized PnL and sold USD from the sell events (large sells only, as the provider\'s feed carries them). Holders and sells are read in parallel; the answer states the time range covered. When one of the two fails, the figures that need it are null with a note.',
  })
  async sellPressure(input: KolSellPressureInput): Promise<ToolResult<SellPressureData>> {
    const token = tokenRef(input.address, input.chain);
    const now = this.clock.now().getTime();
    const since = now - input.windowMinutes * 60_000;
    const parts = new TokenParts();
    const [holders, sells] = await Promise.all([
      parts.run({ part: 'FOMO tracked holders', affects: 'currentHolders, fullyExitedSellers, sellersPct, thresholdCrossed, stillHolding' }, () =>
        this.fomo.tokenHolders(token.address),
      ),
      // The alert feed answers for any address, so its answer does not show the provider knows the token.
      parts.run({ part: 'FOMO sell alerts', affects: 'sellers, fullyExitedSellers, sellersPct, thresholdCrossed, sellersList, stillHolding', knowsToken: false }, () =>
        this.sells(token.address, since),
      ),
    ]);
    parts.settle();
    const inWindow = sells?.alerts.filter((a) => {
      const at = alertTime(a);
      return at !== null && at >= since && at <= now;
    });
    const pressure = sellPressure(holders?.holders ?? null, inWindow ?? null, input.thresholdPercent);
    if (sells && !sells.complete) {
      parts.note(`Sell events were read back to ${sells.coveredFrom ?? 'an unknown time'} (${sells.alerts.length} events), not to the window's start: older sells are not counted.`);
    }
    const sold = new Set((pressure.sellersList ?? []).filter((s) => s.stillHolding).map((s) => (s.userId ?? s.handle ?? '').toLowerCase()));
    return {
      data: {
        token,
        windowMinutes: input.windowMinutes,
        coveredFrom: sells ? (sells.complete ? new Date(since).toISOString() : sells.coveredFrom) : null,
        coveredTo: new Date(now).toISOString(),
        alertsScanned: sells?.alerts.length ?? 0,
        ...pressure,
        stillHolding:
          holders && sells
            ? holders.holders.filter((h) => !sold.has((h.userId ?? h.handle).toLowerCase())).map((h) => ({ handle: h.handle, userId: h.userId, valueUsd: h.valueUsd }))
            : null,
      },
      notes: parts.notes,
    };
  }

  /** The token's sell events since `since`, newest first, page by page until past `since` (bounded). */
  private async sells(address: string, since: number): Promise<{ alerts: FomoAlert[]; complete: boolean; coveredFrom: string | null }> {
    const sinceIso = new Date(since).toISOString();
    const oldest = (items: readonly FomoAlert[]) => Math.min(...items.map((a) => alertTime(a) ?? Infinity));
    const read = await readPages<FomoAlert>({
      maxPages: MAX_ALERT_PAGES,
      fetch: async (cursor) => {
        const page = await this.fomo.alerts({ type: 'sell', token: address, since: sinceIso, limit: 100, cursor });
        return { items: page.alerts, cursor: page.cursor };
      },
      enough: (items) => items.length > 0 && oldest(items) < since,
    });
    const mine = read.items.filter((a) => (a.tokenAddress ?? '').toLowerCase() === address.toLowerCase());
    const complete = read.stoppedBy === 'end' || read.stoppedBy === 'enough';
    const first = oldest(read.items);
    return { alerts: mine, complete, coveredFrom: Number.isFinite(first) ? new Date(first).toISOString() : null };
  }
}
