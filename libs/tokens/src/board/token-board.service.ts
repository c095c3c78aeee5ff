import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, Tool, type ToolResult } from '@scout/core';
import { UpstreamError, type FomoTokenBoard } from '@scout/upstream';
import { FOMO_TOKENS_CLIENT, MARKET_DATA_CLIENT, type FomoTokensPort, type MarketDataPort } from '../tokens.ports';
import { boardItem, type BoardItem } from './board-figures';
import { BoardCaptures } from './board-captures';
import { liveMarkets } from './live-markets';
import { TokenBoardInput, type TokenBoardName } from './token-board.dto';

export interface TokenBoardData {
  /** Which board: trending, most-held or graduated. */
  board: TokenBoardName;
  /** live: the provider answered (its ranking is cached 5 minutes); captured: the last board it answered, kept by Scout. */
  source: 'live' | 'captured';
  /** True when the ranking is not the provider's current one. */
  stale: boolean;
  /** When the provider captured the ranking. */
  capturedAt: string | null;
  /** Tokens on the full board, before the limit. */
  boardSize: number;
  /** Tokens returned here, at most the limit. */
  count: number;
  /** The board's rows by rank, live market data laid over them. */
  tokens: BoardItem[];
}

/** A token board as read: the ranking and whether it is the provider's current one. */
export interface BoardRead {
  board: FomoTokenBoard;
  source: 'live' | 'captured';
  stale: boolean;
  notes: string[];
}

/** The token boards: the provider's ranking, live market data laid over it, and the last good board kept for outages. */
@Injectable()
export class TokenBoardService {
  private readonly logger = new Logger('TokenBoard');
  /** The capture of each board last written to PostgreSQL: a cached board is not written again. */
  private readonly kept = new Map<TokenBoardName, string | null>();

  constructor(
    @Inject(FOMO_TOKENS_CLIENT) private readonly fomo: FomoTokensPort,
    @Inject(MARKET_DATA_CLIENT) private readonly market: MarketDataPort,
    private readonly captures: BoardCaptures,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_fomo_token_board',
    input: TokenBoardInput,
    summary: 'Which coins tracked traders are trading, holding most, or just graduated: a ranked token list with live prices and market caps.',
    description:
      'The provider\'s ranking (read whole, cached 5 minutes) with priceUsd, marketCapUsd, fdvUsd, liquidityUsd, volume24hUsd and change24h replaced by live market data; each row says its marketCapBasis (circulating or fully_diluted) and marketCapSource. When the provider does not answer, the last board Scout captured is served with source "captured" and stale true. A ranked list only: to research the tokens use service_fomo_trending_analysis.',
  })
  async tokenBoard(input: TokenBoardInput): Promise<ToolResult<TokenBoardData>> {
    const read = await this.read(input.board);
    const { tokens, notes } = await this.items(read.board, input.limit);
    return {
      data: {
        board: input.board,
        source: read.source,
        stale: read.stale,
        capturedAt: read.board.capturedAt,
        boardSize: read.board.tokens.length,
        count: tokens.length,
        tokens,
      },
      notes: [...read.notes, ...notes],
    };
  }

  /** The board from the provider, or the last one captured when it does not answer (then its failure stands only if none was ever captured). */
  async read(name: TokenBoardName): Promise<BoardRead> {
    try {
      const board = await this.fomo.tokenBoard(name);
      await this.keep(name, board);
      const notes = board.stale ? ['The provider marked this board stale: its own capture is not current.'] : [];
      return { board, source: 'live', stale: board.stale === true, notes };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const last = await this.captures.last(name);
      if (!last) throw error;
      const age = Math.max(0, Math.round((this.clock.now().getTime() - last.fetchedAt.getTime()) / 60_000));
      return {
        board: last.board,
        source: 'captured',
        stale: true,
        notes: [`The provider did not answer (${error.message}); this is the last board Scout captured, read ${age} min ago.`],
      };
    }
  }

  /** The top `limit` rows by rank with live market data laid over them. */
  async items(board: FomoTokenBoard, limit: number): Promise<{ tokens: BoardItem[]; notes: string[] }> {
    const rows = [...board.tokens].sort((a, b) => a.rank - b.rank).slice(0, limit);
    const located = rows.map((row) => ({ row, item: boardItem(row, board.board, null, this.market.name) }));
    const markets = await liveMarkets(
      this.market,
      located.map(({ item }) => ({ chain: item.chain, address: item.token.address })),
    );
    const tokens = located.map(({ row, item }) => boardItem(row, board.board, markets.get(item.chain, item.token.address), this.market.name));
    const unpriced = tokens.filter((t) => t.priceSource !== this.market.name).length;
    const notes = [...markets.notes];
    if (unpriced > 0 && markets.notes.length === 0)
      notes.push(`${unpriced} of ${tokens.length} tokens have no live market data; they show the provider's own figures.`);
    return { tokens, notes };
  }

  private async keep(name: TokenBoardName, board: FomoTokenBoard): Promise<void> {
    if (board.capturedAt !== null && this.kept.get(name) === board.capturedAt) return;
    try {
      await this.captures.keep(board, this.clock.now());
      this.kept.set(name, board.capturedAt);
    } catch (error) {
      // The answer never waits on the outage copy: the next read tries again.
      this.logger.warn(`could not keep the ${name} board: ${(error as Error).message}`);
    }
  }
}
