import { Inject, Injectable } from '@nestjs/common';
import { RequestContext, Tool, ToolError, type ToolResult } from '@scout/core';
import { UpstreamError, type FomoPosition, type FomoSwap, type FomoTrade } from '@scout/upstream';
import { readPages, type PagesRead } from '../page-reader';
import { TraderResolver, type TraderRef } from '../trader-resolver';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from '../traders.ports';
import { TradeDetailInput } from './trade-detail.dto';
import { assembledDetail, fillsOfTrade, liveDetail, type TradeDetail } from './trade-figures';

/** Share of the time left the trade endpoint may use when a fallback is possible: the rest is the fallback's. */
const TRADE_ENDPOINT_SHARE = 0.5;
/** Position pages searched for the trade (every open one and 25 closed a page). */
const MAX_POSITION_PAGES = 12;
/** Swap pages of the trade's token read for its fills (100 a page). */
const MAX_SWAP_PAGES = 5;

/** One trade in full from the provider's trade endpoint, or rebuilt from the trader's positions and swaps. */
@Injectable()
export class TradeDetailService {
  constructor(
    @Inject(FOMO_TRADERS_CLIENT) private readonly fomo: FomoTradersPort,
    private readonly traders: TraderResolver,
  ) {}

  @Tool({
    name: 'service_fomo_trade_detail',
    input: TradeDetailInput,
    summary: 'One trade in full: the swaps and transfers behind a position, entry and exit prices, realized PnL, timestamps.',
    description:
      "avgEntryPrice, avgExitPrice, realizedPnlUsd, isDev, opened/closed/last-trade times and each fill (humanUsdAmountIn is a buy's true USD size). A live answer (source 'live') adds current price, liquidity, status and the trader's thesis with its likes. With trader, a failing trade endpoint (timeout, 5xx, open breaker) is answered from the trader's positions and swaps instead (source 'assembled', said in notes). tradeIds come from positions, spotlight, alerts and devs.",
  })
  async detail(input: TradeDetailInput): Promise<ToolResult<TradeDetail>> {
    const tradeId = input.tradeId.trim();
    if (input.trader === undefined) return { data: liveDetail(await this.fomo.trade(tradeId)) };
    let failure: UpstreamError;
    try {
      return { data: liveDetail(await this.tradeLeavingTime(tradeId)) };
    } catch (error) {
      // A 404 (FomoNotFoundError) is an answer about the trade, never a reason to look elsewhere.
      if (!canFallBack(error)) throw error;
      failure = error;
    }
    return this.assemble(tradeId, await this.traders.resolve(input.trader), failure);
  }

  /** The trade endpoint within its share of the time left, so a hung endpoint leaves the fallback time. */
  private tradeLeavingTime(tradeId: string): Promise<FomoTrade> {
    const context = RequestContext.current();
    if (!context) return this.fomo.trade(tradeId);
    const deadlineAt = Date.now() + Math.floor((context.deadlineAt - Date.now()) * TRADE_ENDPOINT_SHARE);
    return RequestContext.run({ ...context, deadlineAt }, () => this.fomo.trade(tradeId));
  }

  private async assemble(tradeId: string, trader: TraderRef, failure: UpstreamError): Promise<ToolResult<TradeDetail>> {
    const why = `the trade endpoint failed (${failure.detail})`;
    let position: FomoPosition | null;
    let swaps: PagesRead<FomoSwap> | null;
    try {
      position = await this.findPosition(trader.userId, tradeId);
      swaps = position ? await this.fillsOf(trader.userId, position) : null;
    } catch (error) {
      if (error instanceof UpstreamError) throw new ToolError('The FOMO data source failed.', `fomo: ${why}, and so did the fallback (${error.detail})`);
      throw error;
    }
    if (!position || !swaps) {
      throw new ToolError('The FOMO data source failed.', `fomo: ${why}, and the trader's positions read within the bounds do not hold trade "${tradeId}"`);
    }
    const notes = [`Assembled from the trader's positions and swaps because ${why}: no transfer list, liquidity or thesis; figures are the position row's.`];
    if (swaps.stoppedBy === 'limit' || swaps.stoppedBy === 'deadline') {
      notes.push(`Fills read from ${swaps.pages} page(s) of the token's swaps did not reach back to the position's opening: earlier fills may be missing.`);
    }
    return { data: assembledDetail(position, fillsOfTrade(swaps.items, tradeId), trader), notes };
  }

  /** The position row naming tradeId, page by page until found. */
  private async findPosition(userId: string, tradeId: string): Promise<FomoPosition | null> {
    const read = await readPages<FomoPosition>({
      first: 'start',
      maxPages: MAX_POSITION_PAGES,
      fetch: async (cursor) => {
        const page = await this.fomo.positionsPage(userId, { status: 'all', limit: 25 }, cursor);
        return { items: page.trades, cursor: page.cursor };
      },
      enough: (items) => items.some((p) => p.tradeId === tradeId),
    });
    return read.items.find((p) => p.tradeId === tradeId) ?? null;
  }

  /** The trader's fills of the position's token (newest first), back to the position's opening. */
  private fillsOf(userId: string, position: FomoPosition): Promise<PagesRead<FomoSwap>> {
    const openedAt = position.createdAt === null ? null : Date.parse(position.createdAt);
    return readPages<FomoSwap>({
      maxPages: MAX_SWAP_PAGES,
      fetch: async (cursor) => {
        const page = await this.fomo.swapsPage(userId, { tokenAddress: position.token.address, limit: 100 }, cursor);
        return { items: page.swaps, cursor: page.cursor };
      },
      enough: (items) => {
        const oldest = items.at(-1)?.at;
        return openedAt !== null && oldest != null && Date.parse(oldest) < openedAt;
      },
    });
  }
}

/** The trade endpoint is down or slow (timeout, network, 5xx, open breaker, garbled or never ready), not refusing. */
function canFallBack(error: unknown): error is UpstreamError {
  if (!(error instanceof UpstreamError)) return false;
  if (error.failure === 'http') return error.upstreamStatus === null || error.upstreamStatus >= 500;
  return ['timeout', 'network', 'circuit_open', 'malformed', 'pending'].includes(error.failure);
}
