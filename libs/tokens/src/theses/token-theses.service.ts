import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import type { Chain, FomoThesis } from '@scout/upstream';
import { keepThesis, readPages, sortTheses, unreadPagesNote, summarizeTheses, thesisRow, type ThesesSummary, type ThesisRow } from '@scout/traders';
import { tokenRef, type TokenRef } from '../token-ref';
import { FOMO_TOKENS_CLIENT, type FomoTokensPort } from '../tokens.ports';
import { TokenThesesInput, type TokenThesisSort } from './token-theses.dto';

/** Provider pages read at most (about 95 theses each, each billed by the provider). */
const MAX_THESIS_PAGES = 5;

/** FOMO's thesis `network` filter names the four chains it has; other chains are filtered here. */
const FOMO_THESIS_NETWORK: Partial<Record<Chain, string>> = { solana: 'sol', bsc: 'bnb', base: 'base', ethereum: 'eth' };

export interface TokenThesisRow extends ThesisRow {
  /** The author's handle; null when the provider does not say. */
  handle: string | null;
  /** The author's provider user id; null when the provider does not say. */
  userId: string | null;
}

export interface TokenThesesData {
  /** The token asked about. */
  token: TokenRef;
  /** The order asked for: likes, recent or pnl (the author's position realized plus unrealized). */
  sort: TokenThesisSort;
  /** Theses read from the provider, before minLikes. */
  read: number;
  /** False when the provider holds more theses than were read. */
  complete: boolean;
  /** Totals over the theses returned. */
  summary: ThesesSummary;
  /** The theses kept after minLikes and the chain, in sort order, at most the limit. */
  theses: TokenThesisRow[];
}

export function tokenThesisRow(t: FomoThesis): TokenThesisRow {
  return { ...thesisRow(t), handle: t.handle, userId: t.userId };
}

/** What traders wrote about one coin. */
@Injectable()
export class TokenThesesService {
  constructor(@Inject(FOMO_TOKENS_CLIENT) private readonly fomo: FomoTokensPort) {}

  @Tool({
    name: 'service_fomo_theses_for_token',
    input: TokenThesesInput,
    summary: 'The reasons traders wrote for buying or selling one coin, most-liked first.',
    description:
      "Each thesis with its text, author (handle, userId), likes, replies, isDev, time, tradeId and the author's position PnL (madeMoney). sort=likes|recent|pnl; minLikes filters. Up to 5 provider pages are read within the deadline; notes say when more exist. Carries likes, not equity.",
  })
  async theses(input: TokenThesesInput): Promise<ToolResult<TokenThesesData>> {
    const token = tokenRef(input.address, input.chain);
    const network = input.chain ? FOMO_THESIS_NETWORK[input.chain] : undefined;
    const kept = (items: readonly FomoThesis[]) =>
      items
        .map(tokenThesisRow)
        .filter((row) => keepThesis(row, { minLikes: input.minLikes }))
        .filter((row) => !input.chain || network || row.chain === null || row.chain === input.chain);
    const read = await readPages<FomoThesis>({
      maxPages: MAX_THESIS_PAGES,
      fetch: async (cursor) => {
        const page = await this.fomo.thesesForToken(token.address, { network, sort: input.sort, cursor });
        return { items: page.theses, cursor: page.cursor };
      },
      // The provider sorts too, so once the limit is met the rest cannot outrank what was read.
      enough: (items) => kept(items).length >= input.limit,
    });
    const theses = sortTheses(kept(read.items), input.sort).slice(0, input.limit);
    const notes: string[] = [];
    const cut = unreadPagesNote(read, MAX_THESIS_PAGES, 'theses', 'the token has more');
    if (cut) notes.push(cut);
    if (read.items.length === 0) notes.push('Nobody has written a thesis on this token yet.');
    return {
      data: { token, sort: input.sort, read: read.items.length, complete: read.stoppedBy === 'end', summary: summarizeTheses(theses), theses },
      notes,
    };
  }
}
