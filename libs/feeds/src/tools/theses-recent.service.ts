import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { keepThesis, readPages, sortTheses, unreadPagesNote, summarizeTheses, thesisRow, type ThesesSummary, type ThesisRow } from '@scout/traders';
import { CHAIN_IDS, type Chain, type FomoThesis } from '@scout/upstream';
import { FOMO_THESES_CLIENT, type FomoThesesFeedPort } from '../feeds.ports';
import { ThesesRecentInput } from './theses-recent.dto';

/** Provider pages read at most (each billed by the provider). */
const MAX_THESIS_PAGES = 5;

export interface RecentThesisRow extends ThesisRow {
  /** The author's handle; null when the provider does not say. */
  handle: string | null;
  /** The author's user id; null when the provider does not say. */
  userId: string | null;
}

export interface ThesesRecentData {
  /** The chain asked for; null for every chain. */
  chain: Chain | null;
  /** Order of the theses: recent, equity or pnl, as asked. */
  sort: string;
  /** Theses read from the provider (before minEquity and limit). */
  read: number;
  /** True when every provider page was read (no more theses exist). */
  complete: boolean;
  /** Figures over the theses listed. */
  summary: ThesesSummary;
  /** The theses kept, in the asked order, up to limit. */
  theses: RecentThesisRow[];
}

/** The newest written calls across every coin. */
@Injectable()
export class ThesesRecentService {
  constructor(@Inject(FOMO_THESES_CLIENT) private readonly fomo: FomoThesesFeedPort) {}

  @Tool({
    name: 'service_fomo_theses_recent',
    input: ThesesRecentInput,
    summary: 'The newest written trade calls (theses) across every coin, with the size and PnL of the position behind each.',
    description:
      "Each thesis with its text, author, token, chain, equity when written, first trade's USD, tradeId, time and its position's PnL (madeMoney). sort=recent|equity|pnl; minEquity keeps theses backed by big positions. Up to 5 provider pages are read within the deadline; notes say when more exist. Carries equity and PnL, not likes. For one coin use service_fomo_theses_for_token, for one trader service_fomo_theses_by_trader.",
  })
  async theses(input: ThesesRecentInput): Promise<ToolResult<ThesesRecentData>> {
    const row = (t: FomoThesis): RecentThesisRow => ({ ...thesisRow(t), handle: t.handle, userId: t.userId });
    const kept = (items: readonly FomoThesis[]) => items.map(row).filter((r) => keepThesis(r, { minEquity: input.minEquity }));
    const read = await readPages<FomoThesis>({
      maxPages: MAX_THESIS_PAGES,
      fetch: async (cursor) => {
        const page = await this.fomo.recentTheses({ chain: input.chain ? CHAIN_IDS[input.chain].fomoSlug : undefined, sort: input.sort, cursor });
        return { items: page.theses, cursor: page.cursor };
      },
      enough: (items) => kept(items).length >= input.limit,
    });
    const theses = sortTheses(kept(read.items), input.sort).slice(0, input.limit);
    const notes: string[] = [];
    const cut = unreadPagesNote(read, MAX_THESIS_PAGES, 'theses', 'there are more');
    if (cut) notes.push(cut);
    return {
      data: {
        chain: input.chain ?? null,
        sort: input.sort,
        read: read.items.length,
        complete: read.stoppedBy === 'end',
        summary: summarizeTheses(theses),
        theses,
      },
      notes,
    };
  }
}
