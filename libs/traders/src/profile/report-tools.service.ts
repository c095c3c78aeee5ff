import { Inject, Injectable } from '@nestjs/common';
import { Clock, NotFoundError, Tool, type ToolResult } from '@scout/core';
import { AnswerParts } from '@scout/upstream';
import type { TraderSpotlight, TraderThesis } from '../fomo-views';
import { TraderResolver, type TraderRef } from '../trader-resolver';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from '../traders.ports';
import { CompareTradersInput, TraderReportInput } from './profile.dto';
import { ProfileToolsService } from './profile-tools.service';
import { profileView, searchTraderView, type ProfileView, type SearchTraderView } from './profile-view';
import {
  closedSampleFigures,
  leadersBy,
  portfolioFigures,
  traderFigures,
  type ClosedSampleFigures,
  type PortfolioFigures,
  type TraderFigures,
} from './report-figures';

/** Closed positions FOMO sends per page. */
const CLOSED_PAGE = 25;
/** Holdings and spotlight items a report shows. */
const TOP = 5;
/** The search hits scanned for a trader's own row (the resolver asks the same, so it is cached). */
const SEARCH_LIMIT = 25;

export interface TraderReportData {
  /** The trader asked about: FOMO user id and handle. */
  trader: TraderRef;
  /** Who the trader is and their headline figures (the full profile with `full`, else the search summary); null when it did not answer. */
  identity: TraderFigures | null;
  /** What they hold now; null when balances did not answer. */
  portfolio: PortfolioFigures | null;
  /** A sample of their closed positions; null when positions did not answer. */
  closedPositions: ClosedSampleFigures | null;
  /** Their best trades and most-liked theses (at most 5 each); null when the spotlight did not answer. */
  spotlight: TraderSpotlight | null;
  /** The most-liked theses, with includeTheses. */
  theses: TraderThesis[] | null;
}

/** One compared trader; every figure null when the trader was not found or the source lacks it. */
export interface ComparedTrader {
  /** The trader as asked (handle or user id). */
  query: string;
  /** Whether the trader was found. */
  found: boolean;
  /** The trader's FOMO handle; null when not found. */
  handle: string | null;
  /** The trader's FOMO user id; null when not found. */
  userId: string | null;
  /** Whether FOMO marks the trader verified; null when not found. */
  verified: boolean | null;
  /** All-time PnL, in USD; null when not found or FOMO does not say. */
  pnlUsdAll: number | null;
  /** PnL over 24h, in USD; null without full, when not found or FOMO does not say. */
  pnl24h: number | null;
  /** PnL over 7d, in USD; null without full, when not found or FOMO does not say. */
  pnl7d: number | null;
  /** PnL over 30d, in USD; null without full, when not found or FOMO does not say. */
  pnl30d: number | null;
  /** Trading volume, in USD; null when not found or FOMO does not say. */
  volumeUsd: number | null;
  /** Trade count; null when not found or FOMO does not say. */
  trades: number | null;
  /** Swap (fill) count; null without full, when not found or FOMO does not say. */
  swapCount: number | null;
  /** Follower count; null when not found or FOMO does not say. */
  followers: number | null;
  /** Days since the account was created; null without full, when not found or not known. */
  accountAgeDays: number | null;
  /** Average holding time, in seconds; null without full, when not found or FOMO does not say. */
  averageHoldTimeSeconds: number | null;
  /** The trader's Solana and EVM wallets; null when not found. */
  wallets: TraderFigures['wallets'] | null;
}

export interface TraderComparisonData {
  /** 'profile' with full, else 'search'. */
  source: 'profile' | 'search';
  /** One row per trader asked (a trader named twice once), in the order asked. */
  traders: ComparedTrader[];
  /** For each figure, the handle of the compared trader with the highest value. */
  leaders: { [figure: string]: string | null };
}

/** One-page trader reports and side-by-side comparisons, composed from several FOMO routes. */
@Injectable()
export class ReportToolsService {
  constructor(
    @Inject(FOMO_TRADERS_CLIENT) private readonly fomo: FomoTradersPort,
    private readonly traders: TraderResolver,
    private readonly profiles: ProfileToolsService,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_fomo_trader_report',
    input: TraderReportInput,
    summary: 'One report on a tracked trader: wallets, profit, open positions, win rate and best/worst trades, spotlight, recent calls.',
    description:
      'Composed from the profile (search summary, or the full profile with full), a sample of closed positions (closedSample, 10-200: win rate, realized PnL, best and worst trade; closedTotalUpstream is how many the provider counts in all, null when it does not say), current holdings (byChain lists every chain, 0 where nothing is held), the spotlight and, with includeTheses, the most-liked theses. A part that fails is null with a note.',
  })
  async report(input: TraderReportInput): Promise<ToolResult<TraderReportData>> {
    const trader = await this.traders.resolve(input.trader);
    const parts = new AnswerParts();
    const [profile, closed, balances, spotlight, theses] = await Promise.all([
      parts.run({ part: 'FOMO profile', affects: 'profile' }, () => this.summary(trader, input.full)),
      parts.run({ part: 'FOMO closed positions', affects: 'closedPositions' }, () =>
        this.fomo.positions(
          trader.userId,
          { status: 'closed', limit: CLOSED_PAGE },
          { maxPages: Math.ceil(input.closedSample / CLOSED_PAGE), maxItems: input.closedSample },
        ),
      ),
      parts.run({ part: 'FOMO balances', affects: 'openPositions' }, () => this.fomo.balances(trader.userId)),
      parts.run({ part: 'FOMO spotlight', affects: 'spotlight' }, () => this.fomo.spotlight(trader.userId)),
      input.includeTheses ? parts.run({ part: 'FOMO theses', affects: 'theses' }, () => this.fomo.thesesByUser(trader.userId, { sort: 'likes' })) : null,
    ]);
    parts.assertAnswered();
    const sample = closed ? closed.items.slice(0, input.closedSample) : null;
    if (sample && closed?.stoppedBy === 'deadline')
      parts.note(`Sampled ${sample.length} closed positions: the call's time ran out before ${input.closedSample}.`);
    return {
      data: {
        trader,
        identity: profile ? traderFigures(profile) : null,
        portfolio: balances ? portfolioFigures(balances, TOP) : null,
        closedPositions: sample
          ? closedSampleFigures(sample, closed!.nextCursor === null && sample.length === closed!.items.length, closed!.closedTotal)
          : null,
        spotlight: spotlight ? { bestTrades: spotlight.bestTrades.slice(0, TOP), bestTheses: spotlight.bestTheses.slice(0, TOP) } : null,
        theses: theses ? [...theses.theses].sort((a, b) => (b.likes ?? 0) - (a.likes ?? 0)).slice(0, 10) : null,
      },
      notes: parts.resultNotes,
    };
  }

  @Tool({
    name: 'service_fomo_compare_traders',
    input: CompareTradersInput,
    summary: 'Two to four tracked traders side by side: PnL, volume, trades, followers, and who leads each figure.',
    description:
      'Search summaries (all-time figures) by default; full compares full profiles (PnL per window, holding time, account age). A trader not found is null with a note; when none is found the call is a 404.',
  })
  async compare(input: CompareTradersInput): Promise<ToolResult<TraderComparisonData>> {
    const asked = [...new Map(input.traders.map((t) => [t.trim().replace(/^@+/, '').toLowerCase(), t.trim()])).values()];
    const notes: string[] = [];
    if (asked.length < input.traders.length) notes.push('Traders named more than once are compared once.');
    const traders = await Promise.all(
      asked.map(async (query): Promise<ComparedTrader> => {
        try {
          return comparedRow(query, traderFigures(await this.summary(await this.traders.resolve(query), input.full)));
        } catch (error) {
          if (!(error instanceof NotFoundError)) throw error;
          notes.push(`${query}: ${error.message}`);
          return comparedRow(query, null);
        }
      }),
    );
    const found = traders.filter((t) => t.found);
    if (found.length === 0) throw new NotFoundError(`None of the traders was found: ${asked.join(', ')}.`);
    const leaders = leadersBy(found, {
      pnlUsdAll: (t) => t.pnlUsdAll,
      pnl7d: (t) => t.pnl7d,
      volumeUsd: (t) => t.volumeUsd,
      trades: (t) => t.trades,
      followers: (t) => t.followers,
    });
    return { data: { source: input.full ? 'profile' : 'search', traders, leaders }, notes };
  }

  /** The trader's full profile (full) or their own row in FOMO's search. */
  private async summary(trader: TraderRef, full: boolean): Promise<ProfileView | SearchTraderView> {
    if (full || trader.handle === null) return profileView(await this.profiles.profile(trader.userId), this.clock.now().getTime());
    const found = await this.fomo.search(trader.handle, { type: 'traders', limit: SEARCH_LIMIT });
    const row = found.traders.find((t) => t.userId === trader.userId);
    if (!row) throw new NotFoundError(`No tracked trader with the handle "${trader.handle}".`);
    return searchTraderView(row);
  }
}

function comparedRow(query: string, t: TraderFigures | null): ComparedTrader {
  return {
    query,
    found: t !== null,
    handle: t?.handle ?? null,
    userId: t?.userId ?? null,
    verified: t?.verified ?? null,
    pnlUsdAll: t?.pnlUsd ?? null,
    pnl24h: t?.pnl?.['24h'] ?? null,
    pnl7d: t?.pnl?.['7d'] ?? null,
    pnl30d: t?.pnl?.['30d'] ?? null,
    volumeUsd: t?.volumeUsd ?? null,
    trades: t?.trades ?? null,
    swapCount: t?.swapCount ?? null,
    followers: t?.followers ?? null,
    accountAgeDays: t?.accountAgeDays ?? null,
    averageHoldTimeSeconds: t?.averageHoldTimeSeconds ?? null,
    wallets: t?.wallets ?? null,
  };
}
