import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { FomoNotFoundError, UpstreamError, type FomoTokenHolder } from '@scout/upstream';
import { TokenBoardService } from '../board/token-board.service';
import type { BoardItem } from '../board/board-figures';
import { TokenParts } from '../token-parts';
import { tokenRef, type TokenRef } from '../token-ref';
import { FOMO_TOKENS_CLIENT, FOMO_TRADES_CLIENT, type FomoTokensPort, type FomoTradesPort } from '../tokens.ports';
import { AnalyzeTokenInput, TopTradersForTokensInput, TrendingAnalysisInput } from './research.dto';
import { TokenAnalyst, type TokenAnalysis } from './token-analyst';
import { rankTopTraders, type TopTrader } from './top-trader-figures';

export interface TopTradersData {
  /** The leaderboard window that gives each trader's rank and PnL: 24h, 7d, 30d or all. */
  window: string;
  /** Each token asked (repeats counted once) with its tracked holders; trackedHolders null when its read failed. */
  tokens: {
    /** The token as asked: address, and chain when given. */
    token: TokenRef;
    /** Tracked traders holding it (the provider's tracked-holder list); null when that read failed. */
    trackedHolders: number | null;
  }[];
  /** Traders holding at least one of the tokens, before the limit. */
  tradersFound: number;
  /** Traders returned here, at most the limit. */
  count: number;
  /** Traders by tokens held, then leaderboard PnL (off the board after), then value held. */
  traders: TopTrader[];
}

export interface TrendingAnalysisData {
  /** The token board the tokens were taken from. */
  board: string;
  /** live: the provider answered; captured: the last board Scout kept, served while it does not answer. */
  source: 'live' | 'captured';
  /** True when the ranking is not the provider's current one. */
  stale: boolean;
  /** Tokens on the board that passed the chain and market-cap filters. */
  candidates: number;
  /** The top topN candidates: board rank, board row and analyze_token memo; analysis null when it failed. */
  tokens: {
    /** The token's rank on the board, 1 first. */
    rank: number;
    /** The token's board row, its prices from live market data where there is any. */
    board: BoardItem;
    /** The service_fomo_analyze_token analysis of the token; null when it failed (see notes). */
    analysis: TokenAnalysis | null;
  }[];
}

/** Research across a token's parts, across several tokens, and across a board. */
@Injectable()
export class ResearchToolsService {
  constructor(
    @Inject(FOMO_TOKENS_CLIENT) private readonly fomo: FomoTokensPort,
    @Inject(FOMO_TRADES_CLIENT) private readonly trades: FomoTradesPort,
    private readonly analyst: TokenAnalyst,
    private readonly boards: TokenBoardService,
  ) {}

  @Tool({
    name: 'service_fomo_analyze_token',
    input: AnalyzeTokenInput,
    summary:
      'Everything about one coin in one call: buy/sell flow, holders and concentration, tracked holders, creator and insiders with rug flags, and optionally theses.',
    description:
      'Stats (flow over 5m/1h/4h/24h, total holders, top-10 concentration, also as top10HoldersPercent; chain repeats token.chain), tracked holders (count, value, share of all holders, the top ones), developer and insider positions with rug flags (includeDevs, default true) and the most-liked theses (includeTheses), read in parallel. A part that fails is null with a note; when none answers the call fails (502) and is not charged.',
  })
  async analyzeToken(input: AnalyzeTokenInput): Promise<ToolResult<TokenAnalysis>> {
    const { analysis, notes } = await this.analyst.analyze(tokenRef(input.address, input.chain), {
      chainGiven: input.chain !== undefined,
      includeDevs: input.includeDevs,
      includeTheses: input.includeTheses,
    });
    return { data: analysis, notes };
  }

  @Tool({
    name: 'service_fomo_top_traders_for_tokens',
    input: TopTradersForTokensInput,
    summary: 'Which top traders hold several coins at once (up to five), ranked by how many they hold, then PnL.',
    description:
      "Reads each token's tracked holders and the leaderboard of the window in parallel, merges the holders per trader and ranks them by how many of the given tokens they hold, then leaderboard PnL (traders off the board after), then value held. Rank, PnL and wallets come from the leaderboard row. A token that fails or is unknown is a note; when every token does, the call fails.",
  })
  async topTraders(input: TopTradersForTokensInput): Promise<ToolResult<TopTradersData>> {
    const refs = [...new Map(input.tokens.map((t) => tokenRef(t)).map((r) => [r.address, r])).values()];
    // The leaderboard alone says nothing about who holds the tokens: the holders decide the outcome.
    const parts = new TokenParts();
    const boardPart = new TokenParts();
    const [board, ...holders] = await Promise.all([
      boardPart.run({ part: `FOMO ${input.window} leaderboard`, affects: 'leaderboardRank, pnlUsd, wallets' }, () => this.trades.leaderboard(input.window)),
      ...refs.map((r) => parts.run({ part: `FOMO tracked holders of ${r.address}`, affects: "that token's holders" }, () => this.fomo.tokenHolders(r.address))),
    ]);
    parts.settle();
    parts.note(...boardPart.notes);
    const byToken = new Map<string, readonly FomoTokenHolder[]>();
    refs.forEach((r, i) => holders[i] && byToken.set(r.address, holders[i].holders));
    const ranked = rankTopTraders(byToken, board?.traders ?? null);
    if (refs.length < input.tokens.length) parts.note('Tokens named more than once are counted once.');
    return {
      data: {
        window: input.window,
        tokens: refs.map((r, i) => ({ token: r, trackedHolders: holders[i]?.holders.length ?? null })),
        tradersFound: ranked.length,
        count: Math.min(ranked.length, input.limit),
        traders: ranked.slice(0, input.limit),
      },
      notes: parts.notes,
    };
  }

  @Tool({
    name: 'service_fomo_trending_analysis',
    input: TrendingAnalysisInput,
    summary: 'Finds the coins on a token board (trending by default) and analyses the top few in one call.',
    description:
      'Reads the board (live market caps; the captured board when the provider is down), keeps the tokens on `chain` and under maxMarketCapUsd, and runs the analyze_token memo on the top topN (1-5) in parallel. A token whose analysis fails is null with a note; when all fail the call fails (502) and is not charged.',
  })
  async trendingAnalysis(input: TrendingAnalysisInput): Promise<ToolResult<TrendingAnalysisData>> {
    const read = await this.boards.read(input.board);
    const { tokens: items, notes: boardNotes } = await this.boards.items(read.board, read.board.tokens.length);
    const candidates = items
      .filter((t) => !input.chain || t.chain === input.chain)
      .filter((t) => input.maxMarketCapUsd === undefined || (t.marketCapUsd !== null && t.marketCapUsd <= input.maxMarketCapUsd));
    const chosen = candidates.slice(0, input.topN);
    const notes = [...read.notes, ...boardNotes];
    if (chosen.length === 0) notes.push('No token on the board passed the filters.');
    const failures: Error[] = [];
    const analysed = await Promise.all(
      chosen.map(async (item) => {
        try {
          const { analysis, notes: partNotes } = await this.analyst.analyze(tokenRef(item.token.address, item.chain ?? undefined), {
            chainGiven: item.chain !== null,
            includeDevs: true,
            includeTheses: input.includeTheses,
          });
          notes.push(...partNotes.map((n) => `${item.token.symbol ?? item.token.address}: ${n}`));
          return analysis;
        } catch (error) {
          if (!(error instanceof UpstreamError) && !(error instanceof FomoNotFoundError)) throw error;
          failures.push(error);
          notes.push(`${item.token.symbol ?? item.token.address}: the analysis failed (${error.message}); analysis left null.`);
          return null;
        }
      }),
    );
    if (chosen.length > 0 && failures.length === chosen.length) throw failures.find((f) => f instanceof UpstreamError) ?? failures[0];
    return {
      data: {
        board: input.board,
        source: read.source,
        stale: read.stale,
        candidates: candidates.length,
        tokens: chosen.map((board, i) => ({ rank: board.rank, board, analysis: analysed[i] })),
      },
      notes,
    };
  }
}
