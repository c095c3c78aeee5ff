import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { CHAIN_IDS, type Chain, type FomoThesis } from '@scout/upstream';
import { readPages, unreadPagesNote } from '../page-reader';
import { TraderResolver, type TraderRef } from '../trader-resolver';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from '../traders.ports';
import { ThesesByTraderInput, type ThesisSort } from './theses.dto';
import { keepThesis, sortTheses, summarizeTheses, thesisRow, type ThesesSummary, type ThesisRow } from './thesis-figures';

/** Provider pages read at most (about 50 theses each, every page billed by the provider). */
const MAX_THESIS_PAGES = 5;

export interface ThesesByTraderData {
  /** The trader asked about: FOMO user id and handle. */
  trader: TraderRef;
  /** The token contract the theses were narrowed to; null for every token. */
  tokenAddress: string | null;
  /** The chain the theses were narrowed to; null for every chain. */
  chain: Chain | null;
  /** The order: recent (newest first), likes, equity or pnl, highest first. */
  sort: ThesisSort;
  /** Theses read from the provider, before the local filters. */
  read: number;
  /** False when the provider holds more theses than were read. */
  complete: boolean;
  /** Over the theses returned. */
  summary: ThesesSummary;
  /** The theses returned (at most limit), in sort order. */
  theses: ThesisRow[];
}

/** What a trader wrote about their trades, and whether those trades made money. */
@Injectable()
export class ThesesToolsService {
  constructor(
    @Inject(FOMO_TRADERS_CLIENT) private readonly fomo: FomoTradersPort,
    private readonly traders: TraderResolver,
  ) {}

  @Tool({
    name: 'service_fomo_theses_by_trader',
    input: ThesesByTraderInput,
    summary: "A tracked trader's written calls (theses) and whether the trades behind them made money.",
    description:
      "Each thesis with its text, token, chain, likes, replies, equity when written, first trade's USD, tradeId, time and its position's PnL; madeMoney says whether that position made money (realized plus unrealized above zero; null when unknown). summary counts the theses returned, those with a known PnL, and how many made money. sort=recent|likes|equity|pnl; minEquity and minLikes filter here over the theses read (up to 5 provider pages within the deadline; notes say when more exist). Read why a trader entered before copying them.",
  })
  async theses(input: ThesesByTraderInput): Promise<ToolResult<ThesesByTraderData>> {
    const trader = await this.traders.resolve(input.trader);
    const tokenAddress = input.tokenAddress?.trim();
    const filters = { minEquity: input.minEquity, minLikes: input.minLikes };
    const kept = (items: readonly FomoThesis[]) => items.map(thesisRow).filter((row) => keepThesis(row, filters));
    // The provider sorts too, so once a page brings the limit of kept rows the rest cannot outrank them.
    const read = await readPages<FomoThesis>({
      maxPages: MAX_THESIS_PAGES,
      fetch: async (cursor) => {
        const page = await this.fomo.thesesByUser(trader.userId, {
          tokenAddress,
          sort: input.sort,
          chain: input.chain ? CHAIN_IDS[input.chain].fomoSlug : undefined,
          cursor,
        });
        return { items: page.theses, cursor: page.cursor };
      },
      enough: (items) => kept(items).length >= input.limit,
    });
    const theses = sortTheses(kept(read.items), input.sort).slice(0, input.limit);
    const complete = read.stoppedBy === 'end';
    const notes: string[] = [];
    const cut = unreadPagesNote(read, MAX_THESIS_PAGES, 'theses', 'the trader has more');
    if (cut) notes.push(cut);
    return {
      data: {
        trader,
        tokenAddress: tokenAddress ?? null,
        chain: input.chain ?? null,
        sort: input.sort,
        read: read.items.length,
        complete,
        summary: summarizeTheses(theses),
        theses,
      },
      notes,
    };
  }
}
