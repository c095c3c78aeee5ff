import { Inject, Injectable } from '@nestjs/common';
import { Clock, NotFoundError, Tool, type ToolResult } from '@scout/core';
import { AnswerParts, type AnalyticsDeployerTokens } from '@scout/upstream';
import { deployerOf } from '../onchain/onchain-figures';
import { TOKEN_ANALYTICS_CLIENT, type TokenAnalyticsPort } from '../tokens.ports';
import { TokenDeployerInput } from './deployer.dto';
import { launchRow, launchSummary, mergePages, morePages, type DeployerLaunchRow, type OutcomeCounts } from './deployer-figures';

/** Launches per /deployer page (the most the API serves). */
export const DEPLOYER_PAGE_SIZE = 500;
/** Pages read at most: a serial launcher's newest 2,000 launches are history enough. */
export const DEPLOYER_MAX_PAGES = 4;

export interface TokenDeployerData {
  /** The deployer wallet; null when the token's deployer is unknown. */
  deployer: string | null;
  /** The token the deployer was looked up from, when `token` was given. */
  resolvedFrom: {
    /** The token's mint, as asked. */
    mint: string;
    /** The token's name; null when the analytics source does not say. */
    name: string | null;
    /** The token's symbol; null when the analytics source does not say. */
    symbol: string | null;
  } | null;
  /** Every launch the source counts for the wallet (may exceed the launches listed). */
  launchCount: number | null;
  /** Launches listed here (may be fewer than launchCount when the history was cut). */
  listed: number;
  /** Listed launches that left their bonding curve, alive or dead since. */
  graduatedCount: number;
  /** Listed launches by outcome: graduated, active, dead, unknown. */
  outcomes: OutcomeCounts;
  /** Share of the listed launches (of known outcome) that are dead, percent 0-100; null when none is known. */
  deadSharePct: number | null;
  /** Newest first; null when the launch history could not be read (see notes). */
  launches: DeployerLaunchRow[] | null;
}

/** Who deployed a Solana token, and how everything that wallet launched ended up. */
@Injectable()
export class DeployerToolsService {
  constructor(
    @Inject(TOKEN_ANALYTICS_CLIENT) private readonly analytics: TokenAnalyticsPort,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_token_deployer',
    input: TokenDeployerInput,
    summary:
      "Who deployed a Solana token and what else that wallet launched: each launch's liquidity, market cap, LP burn and outcome, and how many graduated.",
    description:
      "Give token (its deployer is looked up first) or deployer (a wallet), exactly one. Lists the wallet's launches, newest first (up to 2,000): mint, name, symbol, createdAt, market (venue), graduated (left its bonding curve), liquidityUsd, marketCapUsd, lpBurnPercent and outcome: dead (over a day old with under $1,000 liquidity or under $10,000 market cap), graduated (alive on an AMM pool), active (alive on its curve, or under a day old) or unknown. launchCount is every launch the source counts; graduatedCount, outcomes and deadSharePct are over the launches listed. A wallet with no launches is an empty answer, not a clean record. Solana only.",
  })
  async deployer(input: TokenDeployerInput): Promise<ToolResult<TokenDeployerData>> {
    const parts = new AnswerParts();
    let resolvedFrom: TokenDeployerData['resolvedFrom'] = null;
    let wallet: string | null;
    if (input.token != null) {
      const mint = input.token.trim();
      // The lookup is the question's subject: an unknown mint is the 404, its failure the 502.
      const token = await this.analytics.token(mint);
      resolvedFrom = { mint, name: token.token.name, symbol: token.token.symbol };
      wallet = deployerOf(token);
      if (wallet === null) {
        return { data: empty(null, resolvedFrom, null, null), notes: ['The analytics source names no deployer for this token: nothing to look up.'] };
      }
    } else {
      wallet = input.deployer!.trim();
    }

    const first = await parts.run({ part: 'The analytics /deployer page 1', affects: 'launches' }, () => this.page(wallet, 1));
    // Given a wallet, its launch list is the whole answer; given a token, the deployer found is an answer already.
    if (resolvedFrom === null) parts.assertAnswered();
    if (first === null) return { data: empty(wallet, resolvedFrom, null, null), notes: parts.resultNotes };
    if (first.total === 0 || first.tokens.length === 0) {
      parts.note('The analytics source lists no launches by this wallet: an empty history, not a clean record.');
      return { data: empty(wallet, resolvedFrom, first.total ?? 0), notes: parts.resultNotes };
    }

    const later = morePages(first.total, first.tokens.length, DEPLOYER_PAGE_SIZE, DEPLOYER_MAX_PAGES);
    const pages = await Promise.all(
      later.map((p) =>
        parts.run({ part: `The analytics /deployer page ${p}`, affects: `launches ${(p - 1) * DEPLOYER_PAGE_SIZE + 1}-${p * DEPLOYER_PAGE_SIZE}` }, () =>
          this.page(wallet, p),
        ),
      ),
    );
    const rows = mergePages([first.tokens, ...pages.map((p) => p?.tokens ?? [])]);
    if (first.total !== null && first.total > DEPLOYER_MAX_PAGES * DEPLOYER_PAGE_SIZE) {
      parts.note(`The wallet has ${first.total} launches: the newest ${DEPLOYER_MAX_PAGES * DEPLOYER_PAGE_SIZE} are read; the counts are over those.`);
    }
    const now = this.clock.now().getTime();
    const launches = rows.map((r) => launchRow(r, now));
    return {
      data: { deployer: wallet, resolvedFrom, launchCount: first.total, ...launchSummary(launches), launches },
      notes: parts.resultNotes,
    };
  }

  /** One page of the wallet's launches; a wallet the source does not know has launched nothing it has seen. */
  private async page(wallet: string, page: number): Promise<AnalyticsDeployerTokens> {
    try {
      return await this.analytics.deployerTokens(wallet, { page, limit: DEPLOYER_PAGE_SIZE });
    } catch (error) {
      if (error instanceof NotFoundError) return { total: 0, tokens: [] };
      throw error;
    }
  }
}

function empty(
  deployer: string | null,
  resolvedFrom: TokenDeployerData['resolvedFrom'],
  launchCount: number | null,
  launches: DeployerLaunchRow[] | null = [],
): TokenDeployerData {
  return { deployer, resolvedFrom, launchCount, ...launchSummary(launches ?? []), launches };
}
