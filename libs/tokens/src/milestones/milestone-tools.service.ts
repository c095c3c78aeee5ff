import { Inject, Injectable } from '@nestjs/common';
import { Clock, NotFoundError, Tool, type ToolContext, type ToolResult } from '@scout/core';
import { ANALYTICS_MAX_PAGE, UpstreamError, type AnalyticsSearchParams, type AnalyticsSearchResult } from '@scout/upstream';
import { TOKEN_ANALYTICS_CLIENT, type TokenAnalyticsPort } from '../tokens.ports';
import { MilestoneStudyInput, type MilestoneCohort } from './milestone.dto';
import { readWithin, type ChartRead } from './milestone-charts';
import { chartIntervalFor, coinOutcome, drawSample, milestoneSummary, pagesToRead, type CoinOutcome, type MilestoneSummary } from './milestone-figures';

const DAY_MS = 86_400_000;
/** Result pages of the cohort search read at most, spread over the window: a few calls for the cohort. */
export const MAX_COHORT_PAGES = 4;
/**
 * Share of the time left after the cohort search that the chart reads may use; the rest is margin
 * for assembling and posting the answer when the host or the API is slow.
 */
export const CHART_PHASE_SHARE = 0.6;
/** Crossers listed as examples, highest peak first. */
const EXAMPLES = 10;

export interface StudiedCoin extends CoinOutcome {
  /** The coin's mint. */
  mint: string;
  /** The coin's symbol; null when the cohort search does not say. */
  symbol: string | null;
  /** The coin's name; null when the cohort search does not say. */
  name: string | null;
  /** When the coin was created, ISO 8601 UTC; null when the cohort search does not say. */
  createdAt: string | null;
  /** Market cap now, as the cohort search reports it. */
  marketCapUsd: number | null;
  /** The candle interval its chart was read at (1m to 1w), the finest covering its whole life. */
  chartInterval: string;
}

export interface MilestoneStudyData {
  /** The market-cap milestone, USD, as asked. */
  thresholdUsd: number;
  /** What counts as 'went higher': a peak of at least this multiple of the milestone, as asked. */
  minPeakMultiple: number;
  /** The coins studied: the launch window, how they were drawn and how many were left out. */
  cohort: {
    /** launches (every launch, the base rate) or reached (coins at or above the milestone now). */
    kind: MilestoneCohort;
    /** The launch window, ISO. */
    from: string;
    /** End of the launch window, ISO 8601 UTC. */
    to: string;
    /** True for `reached`: drawn from survivors, so its shares overstate what a launch does. */
    upperBound: boolean;
    /** The cohort in words: base rate, or upper bound (survivors only). */
    label: string;
    /** Coins the search matched, and how many of them (on the pages read) the sample was drawn from. */
    matching: number | null;
    /** Coins on the result pages read, the sample drawn from them. */
    pool: number;
    /** The cohort search's result pages read, spread over the window. */
    pagesRead: number[];
    /** Coins drawn for the sample (by a fixed hash of each mint). */
    sampled: number;
    /** Sampled coins whose chart arrived with candles: the population of every count. */
    studied: number;
    /** Sampled coins left out: charts cut by the time budget, failed reads, charts without candles. */
    leftOut: {
      /** Charts that did not answer within the study's time budget. */
      cut: number;
      /** Chart reads that failed (an upstream error, or the coin not found). */
      failed: number;
      /** Charts that arrived without a candle. */
      noCandles: number;
    };
  };
  /** What the studied coins add up to: crossed, went higher, fell straight back, peak multiples. */
  summary: MilestoneSummary;
  /** Crossers, highest peak first (at most ten). */
  examples: {
    /** The coin's mint. */
    mint: string;
    /** The coin's symbol; null when the cohort search does not say. */
    symbol: string | null;
    /** Its peak market cap over the milestone (2 is twice the milestone). */
    peakMultiple: number;
    /** The peak reached minPeakMultiple × the milestone. */
    wentHigher: boolean;
    /** Crossed, never went higher, and closed below the milestone within 72 hours of first reaching it. */
    fellStraightBack: boolean;
  }[];
  /** Every studied coin with what it did against the milestone. */
  coins: StudiedCoin[];
}

/** Of the coins launched in a window, how many crossed a market-cap milestone and what they did next. */
@Injectable()
export class MilestoneToolsService {
  constructor(
    @Inject(TOKEN_ANALYTICS_CLIENT) private readonly analytics: TokenAnalyticsPort,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_milestone_study',
    input: MilestoneStudyInput,
    summary: 'Of coins that reached a market-cap milestone, how many kept climbing.',
    description:
      "Samples Solana coins launched between daysAgoFrom and daysAgoTo (cohort launches: every launch, the honest base rate; reached: coins at or above the milestone now, an upper bound biased to survivors), reads each one's market-cap candles over its whole life, and reports how many crossed thresholdUsd (a candle high at or above it), went higher (peak ≥ minPeakMultiple × the milestone), fell straight back (crossed, never went higher, and closed below the milestone within 72 hours of first reaching it), and how many peaked at 1.5, 2, 5 and 10 times the milestone. The sample is drawn by a fixed hash of each mint, so the same inputs at the same time study the same coins. Charts are read four at a time within the call's time budget; coins whose chart did not arrive are left out and counted (cohort.studied of cohort.sampled).",
  })
  async study(input: MilestoneStudyInput, context: ToolContext): Promise<ToolResult<MilestoneStudyData>> {
    const now = this.clock.now().getTime();
    const window = { minCreatedAt: now - input.daysAgoFrom * DAY_MS, maxCreatedAt: now - input.daysAgoTo * DAY_MS };
    const notes: string[] = [];
    const upperBound = input.cohort === 'reached';
    const search: AnalyticsSearchParams = {
      ...window,
      ...(upperBound ? { minMarketCap: input.thresholdUsd } : {}),
      sortBy: 'createdAt',
      sortOrder: 'asc',
      limit: ANALYTICS_MAX_PAGE,
    };
    // The first page is the cohort: without it there is nothing to study (502, uncharged).
    const first = await this.analytics.search({ ...search, page: 1 });
    const pages = pagesToRead(first.pages ?? 1, MAX_COHORT_PAGES);
    const pool: AnalyticsSearchResult[] = [...first.data];
    const pagesRead = [1];
    const more = pages.filter((p) => p !== 1);
    const answers = await Promise.all(
      more.map((page) =>
        this.analytics.search({ ...search, page }).catch((error: unknown) => {
          if (!(error instanceof UpstreamError)) throw error;
          notes.push(`Cohort search page ${page} did not answer (${error.detail}): the sample is drawn from the pages that did.`);
          return null;
        }),
      ),
    );
    answers.forEach((answer, i) => {
      if (!answer) return;
      pool.push(...answer.data);
      pagesRead.push(more[i]);
    });
    const matching = first.total ?? null;
    if (matching !== null && matching > pool.length) {
      notes.push(
        `${matching} coins match; the sample is drawn from the ${pool.length} on result pages ${pagesRead.join(', ')} (oldest first, spread over the window).`,
      );
    }
    // Salted by cohort and window only: studies of one window at other milestones draw the same launches.
    const sample = drawSample(pool, input.sample, `${input.cohort}|${input.daysAgoFrom}|${input.daysAgoTo}`);
    if (sample.length < input.sample) notes.push(`Only ${sample.length} coins matched, fewer than the ${input.sample} asked for.`);

    const nowSeconds = Math.floor(now / 1000);
    const plan = sample.map((row) => {
      const from = Math.floor((row.createdAt ?? window.minCreatedAt) / 1000);
      return { row, from, interval: chartIntervalFor(nowSeconds - from) };
    });
    const budgetEnds = Date.now() + Math.floor((context.deadlineAt - Date.now()) * CHART_PHASE_SHARE);
    const reads = await readWithin(
      plan,
      (p) => this.analytics.chart(p.row.mint, { type: p.interval, timeFrom: p.from, timeTo: nowSeconds, marketCap: true }),
      budgetEnds,
    );
    const coins = this.studied(plan, reads, input, notes);
    if (upperBound) {
      notes.push(
        "Cohort 'reached' holds only coins at or above the milestone now: every one crossed, and survivors went higher more often than launches do, so its shares are an upper bound, not a base rate.",
      );
    }
    const summary = milestoneSummary(coins, input.thresholdUsd);
    const leftOut = {
      cut: reads.filter((r) => r.state === 'cut').length,
      failed: reads.filter((r) => r.state === 'failed').length,
      noCandles: reads.filter((r) => r.state === 'read' && r.value.length === 0).length,
    };
    return {
      data: {
        thresholdUsd: input.thresholdUsd,
        minPeakMultiple: input.minPeakMultiple,
        cohort: {
          kind: input.cohort,
          from: new Date(window.minCreatedAt).toISOString(),
          to: new Date(window.maxCreatedAt).toISOString(),
          upperBound,
          label: upperBound ? 'upper bound: survivors only (coins at or above the milestone now)' : 'base rate: every launch in the window',
          matching,
          pool: pool.length,
          pagesRead,
          sampled: sample.length,
          studied: coins.length,
          leftOut,
        },
        summary,
        examples: coins
          .filter((c) => c.crossed)
          .sort((a, b) => b.peakMultiple - a.peakMultiple || (a.mint < b.mint ? -1 : 1))
          .slice(0, EXAMPLES)
          .map((c) => ({ mint: c.mint, symbol: c.symbol, peakMultiple: c.peakMultiple, wentHigher: c.wentHigher, fellStraightBack: c.fellStraightBack })),
        coins,
      },
      notes: notes.length ? notes : undefined,
    };
  }

  /** The coins whose chart arrived with candles; what was left out goes in the notes (a study with no chart at all is a 502). */
  private studied(
    plan: { row: AnalyticsSearchResult; interval: string }[],
    reads: ChartRead<Awaited<ReturnType<TokenAnalyticsPort['chart']>>>[],
    input: MilestoneStudyInput,
    notes: string[],
  ): StudiedCoin[] {
    const failures = reads.flatMap((r) => (r.state === 'failed' ? [r.error] : []));
    const cut = reads.filter((r) => r.state === 'cut').length;
    if (!reads.some((r) => r.state === 'read') && reads.length > 0) {
      const upstream = failures.find((e): e is UpstreamError => e instanceof UpstreamError);
      throw upstream ?? new UpstreamError('token-analytics', 'timeout', `none of ${reads.length} charts answered within the study's time budget`);
    }
    const coins: StudiedCoin[] = [];
    plan.forEach((p, i) => {
      const r = reads[i];
      if (r.state !== 'read') return;
      const outcome = coinOutcome(r.value, input.thresholdUsd, input.minPeakMultiple);
      if (!outcome) return;
      const { row } = p;
      coins.push({
        mint: row.mint,
        symbol: row.symbol,
        name: row.name,
        createdAt: row.createdAt === null ? null : new Date(row.createdAt).toISOString(),
        marketCapUsd: row.marketCapUsd,
        chartInterval: p.interval,
        ...outcome,
      });
    });
    if (cut > 0 || failures.length > 0 || coins.length < reads.length) {
      const parts = [
        cut > 0 ? `${cut} chart(s) did not answer within the study's time budget` : null,
        failures.length > 0 ? `${failures.length} chart read(s) failed (${tally(failures.map(failureReason))})` : null,
        reads.length - cut - failures.length - coins.length > 0 ? `${reads.length - cut - failures.length - coins.length} coin(s) had no candles` : null,
      ].filter((x): x is string => x !== null);
      notes.push(`Studied ${coins.length} of ${reads.length} sampled coins: ${parts.join('; ')}. Those coins are left out of every count.`);
    }
    return coins;
  }
}

/** Why a chart read failed, as AnswerParts words it: "HTTP 503", "timeout", "not found". */
function failureReason(error: UpstreamError | NotFoundError): string {
  if (!(error instanceof UpstreamError)) return 'not found';
  return error.failure === 'http' && error.upstreamStatus !== null ? `HTTP ${error.upstreamStatus}` : error.failure.replace('_', ' ');
}

/** "a ×2, b" from a list of reasons. */
function tally(reasons: string[]): string {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].map(([r, n]) => (n > 1 ? `${r} ×${n}` : r)).join(', ');
}
