import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { CHAIN_IDS, chainFromFomo, type Chain, type FomoWalk } from '@scout/upstream';
import type { SwapToken } from '../fomo-views';
import { TraderResolver, type TraderRef } from '../trader-resolver';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from '../traders.ports';
import { TraderBalancesInput, TraderPositionsInput, TraderSwapsInput } from './activity.dto';
import { chainSplit, holdingsByValue, type ChainSplit, type HoldingRow } from './holding-figures';
import { positionRow, summarizePositions, type PositionRow, type PositionsSummary } from './position-figures';

/** Provider pages a `deep` positions call reads at most (25 closed positions each). */
const DEEP_POSITION_PAGES = 12;

export interface BalancesData {
  /** The trader asked about: FOMO user id and handle. */
  trader: TraderRef;
  /** The chain the holdings were narrowed to; null for every chain. */
  chain: Chain | null;
  /** Sum of the holdings' value; a floor when the provider capped the list. */
  totalValueUsd: number | null;
  /** True when the provider left holdings out (it lists about 100 at most). */
  capped: boolean;
  /** Holdings and their USD value per chain, by Scout's chain names. */
  byChain: ChainSplit;
  /** Holdings returned (at most limit). */
  count: number;
  /** Holdings with amount, price, value and 24h change, largest value first. */
  holdings: HoldingRow[];
}

export interface PositionsData {
  /** The trader asked about: FOMO user id and handle. */
  trader: TraderRef;
  /** The positions asked for: open, closed or all. */
  status: 'open' | 'closed' | 'all';
  /** Open and closed positions, wins, losses, win rate and PnL totals over the rows read. */
  summary: PositionsSummary;
  /** Positions returned. */
  count: number;
  /** Pass as cursor for the next page; null at the end. */
  nextCursor: string | null;
  /** False when more positions exist past what was read. */
  complete: boolean;
  /** One row per coin: open positions first, then closed ones newest first. */
  positions: PositionRow[];
}

export interface SwapRow {
  /** FOMO's id of the fill. */
  swapId: string;
  /** 'buy' or 'sell' of the position's token; null when FOMO does not say. */
  side: string | null;
  /** Scout's chain name; null when FOMO does not name a chain Scout covers. */
  chain: Chain | null;
  /** The token given. */
  tokenIn: SwapToken;
  /** The token received. */
  tokenOut: SwapToken;
  /** The fill's true USD size. */
  humanUsdAmountIn: number | null;
  /** The token's price at the fill, USD per token; null when FOMO does not say. */
  priceUsd: number | null;
  /** The position (trade) of the token given; null when FOMO does not say. */
  tradeIdIn: string | null;
  /** The position (trade) of the token received; null when FOMO does not say. */
  tradeIdOut: string | null;
  /** The fill's transaction hash (signature on Solana); null when FOMO does not say. */
  txHash: string | null;
  /** When the fill happened, ISO 8601 UTC time; null when FOMO does not say. */
  at: string | null;
}

export interface SwapsData {
  /** The trader asked about: FOMO user id and handle. */
  trader: TraderRef;
  /** Fills returned. */
  count: number;
  /** Pass as cursor for the next page; null at the end. */
  nextCursor: string | null;
  /** Every buy and sell, newest first, with both legs' amounts and USD. */
  swaps: SwapRow[];
}

/** What a trader holds, the positions they opened and closed, and every fill, from FOMO. */
@Injectable()
export class ActivityToolsService {
  constructor(
    @Inject(FOMO_TRADERS_CLIENT) private readonly fomo: FomoTradersPort,
    private readonly traders: TraderResolver,
  ) {}

  @Tool({
    name: 'service_fomo_trader_balances',
    input: TraderBalancesInput,
    summary: "A tracked trader's current holdings on every chain, with value, largest first.",
    description:
      'Holdings with amount, price, value and 24h change, the total and a split by chain. The provider lists about 100 holdings at most: capped says when some were left out, and the total is then a floor.',
  })
  async balances(input: TraderBalancesInput): Promise<ToolResult<BalancesData>> {
    const trader = await this.traders.resolve(input.trader);
    const answer = await this.fomo.balances(trader.userId, input.chain ? CHAIN_IDS[input.chain].fomoSlug : undefined);
    const holdings = holdingsByValue(answer);
    const byChain = chainSplit(answer);
    const shown = holdings.slice(0, input.limit);
    const capped = answer.capped === true;
    const notes = capped ? ['The provider lists about 100 holdings at most: some were left out, and totalValueUsd is a floor.'] : [];
    return {
      data: { trader, chain: input.chain ?? null, totalValueUsd: answer.totalValueUsd, capped, byChain, count: shown.length, holdings: shown },
      notes,
    };
  }

  @Tool({
    name: 'service_fomo_trader_positions',
    input: TraderPositionsInput,
    summary: "A tracked trader's positions, one row per coin: cost, proceeds, realized and unrealized PnL, up or down.",
    description:
      "Open positions come first, then closed ones newest first. limit is the page size asked of the provider (it sends at most 25 closed rows a page); deep reads up to 12 pages within the deadline. summary counts open and closed positions, wins, losses and the win rate over the rows read. Page with cursor ('start', then nextCursor).",
  })
  async positions(input: TraderPositionsInput): Promise<ToolResult<PositionsData>> {
    const trader = await this.traders.resolve(input.trader);
    // limit is the page size asked of the provider and nothing read is cut, so nextCursor resumes
    // exactly after the last row shown.
    const walk = await this.fomo.positions(
      trader.userId,
      { status: input.status, limit: input.limit },
      { maxPages: input.deep ? DEEP_POSITION_PAGES : 1 },
      input.cursor,
    );
    return {
      data: {
        trader,
        status: input.status,
        summary: summarizePositions(walk.items),
        count: walk.items.length,
        nextCursor: walk.nextCursor,
        complete: walk.nextCursor === null,
        positions: walk.items.map(positionRow),
      },
      notes: walkNotes(walk, 'positions'),
    };
  }

  @Tool({
    name: 'service_fomo_trader_swaps',
    input: TraderSwapsInput,
    summary: "Every buy and sell of a tracked trader, newest first, with both legs' amounts and USD.",
    description:
      "Fills 100 per provider page; humanUsdAmountIn is a buy's true USD size. tokenAddress narrows to one token (reaching further back); source 'relay' reads the on-chain record across every chain. Page with nextCursor.",
  })
  async swaps(input: TraderSwapsInput): Promise<ToolResult<SwapsData>> {
    const trader = await this.traders.resolve(input.trader);
    const walk = await this.fomo.swaps(
      trader.userId,
      { tokenAddress: input.tokenAddress?.trim(), source: input.source, limit: input.limit },
      { maxPages: 1 },
      input.cursor,
    );
    const swaps = walk.items.map((s): SwapRow => ({
      swapId: s.swapId,
      side: s.side,
      chain: chainFromFomo(s.chain, s.networkId),
      tokenIn: s.tokenIn,
      tokenOut: s.tokenOut,
      humanUsdAmountIn: s.humanUsdAmountIn,
      priceUsd: s.priceUsd,
      tradeIdIn: s.tradeIdIn,
      tradeIdOut: s.tradeIdOut,
      txHash: s.txHash,
      at: s.at,
    }));
    return { data: { trader, count: swaps.length, nextCursor: walk.nextCursor, swaps }, notes: walkNotes(walk, 'fills') };
  }
}

/** What a partial walk left out, said in notes. */
function walkNotes<T>(walk: FomoWalk<T>, what: string): string[] {
  if (walk.stoppedBy === 'deadline') return [`Stopped reading ${what} at the call's deadline after ${walk.pages} page(s); resume with nextCursor.`];
  if (walk.stoppedBy === 'error') return [`A later page of ${what} failed (${walk.error?.message ?? 'upstream error'}); the ${what} read before it are shown.`];
  return [];
}
