import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { tokenHeader, type AnalyticsTokenHeader } from '../pnl-leaders/pnl-leaders-figures';
import { TokenParts } from '../token-parts';
import { TOKEN_ANALYTICS_CLIENT, type TokenAnalyticsPort } from '../tokens.ports';
import { EarlyBuyersInput } from './early-buyers.dto';
import {
  bundleNowVsLaunch,
  earlyBuyer,
  earlySelling,
  firstBuyMs,
  firstMinuteBuys,
  inBuyingOrder,
  type BundleNowVsLaunch,
  type EarlyBuyer,
  type EarlySelling,
  type FirstMinuteBuys,
} from './early-buyers-figures';

export interface EarlyBuyersData {
  /** The token's mint, name, price and launch time; figures null when its own route fails (see notes). */
  token: AnalyticsTokenHeader;
  /** What the first-minute window is timed from: the creation transaction, else the first buyer's buy. */
  launchTimeSource: 'creation' | 'first_buy' | null;
  /** The first `limit` buyers, first first; null when the first-buyers route did not answer. */
  buyers: EarlyBuyer[] | null;
  /** Over every first buyer served (up to 100); null when the first-buyers route did not answer. */
  selling: EarlySelling | null;
  /** The launch bundle then and now; null when the bundlers route did not answer. */
  bundle: BundleNowVsLaunch | null;
  /** Null without first buyers or a launch time. */
  firstMinute: FirstMinuteBuys | null;
}

/** Who bought a Solana token first, what they did since, and the launch bundle then and now. */
@Injectable()
export class EarlyBuyersToolsService {
  constructor(@Inject(TOKEN_ANALYTICS_CLIENT) private readonly analytics: TokenAnalyticsPort) {}

  @Tool({
    name: 'service_token_early_buyers',
    input: EarlyBuyersInput,
    summary:
      'The first wallets into a Solana token: when each bought, for how much, whether they sold, their PnL and what they still hold; the launch bundle then and now.',
    description:
      'From the on-chain token-analytics source: its first buyers (up to 100), the launch bundle and the token. Each listed buyer: rank, boughtAt, secondsAfterLaunch, firstBuyUsd, investedUsd, sold (none, partial, all), takenOutUsd, realized, unrealized and total PnL, holding (amount, valueUsd), and whether it is the deployer or a bundler. selling: how many of the first buyers sold any or all of their bag, and the share of the tokens they got that they sold, token-weighted and averaged per buyer (one wallet trading in and out many times weighs on the first only). bundle: wallets and share of supply at launch and now, and the share of its launch tokens the bundle kept. firstMinute: first buys within 60 s of the launch and their USD (a lower bound when the 100 served all bought inside it). A part that fails is null with a note. Solana only; an EVM contract is a 400.',
  })
  async earlyBuyers(input: EarlyBuyersInput): Promise<ToolResult<EarlyBuyersData>> {
    const mint = input.token.trim();
    const parts = new TokenParts();
    const [first, bundlers, token] = await Promise.all([
      parts.run({ part: 'token analytics /first-buyers', affects: 'buyers, selling, firstMinute' }, () => this.analytics.firstBuyers(mint)),
      parts.run({ part: 'token analytics /tokens/{mint}/bundlers', affects: 'bundle, buyers[].bundler' }, () => this.analytics.bundlers(mint)),
      parts.run({ part: 'token analytics /tokens/{mint}', affects: 'token name, price and launch time, buyers[].deployer' }, () => this.analytics.token(mint)),
    ]);
    parts.settle();

    const header = tokenHeader(mint, token);
    const rows = first ? inBuyingOrder(first) : null;
    let launchMs = header.launchedAt === null ? null : Date.parse(header.launchedAt);
    let launchTimeSource: EarlyBuyersData['launchTimeSource'] = launchMs === null ? null : 'creation';
    if (launchMs === null && rows?.length) {
      launchMs = firstBuyMs(rows[0]);
      if (launchMs !== null) {
        launchTimeSource = 'first_buy';
        parts.note("No creation time from the token route: the first minute and secondsAfterLaunch are timed from the first buyer's buy.");
      }
    }
    if (rows && rows.length === 0) parts.note('The source lists no buyers of this token yet.');
    const ctx = {
      launchMs,
      priceUsd: header.priceUsd,
      bundlers: bundlers ? new Set(bundlers.wallets.map((w) => w.wallet)) : null,
      deployer: token ? header.deployer : null,
    };
    return {
      data: {
        token: header,
        launchTimeSource,
        buyers: rows ? rows.slice(0, input.limit).map((r, i) => earlyBuyer(r, i + 1, ctx)) : null,
        selling: rows ? earlySelling(rows) : null,
        bundle: bundlers ? bundleNowVsLaunch(bundlers) : null,
        firstMinute: rows && launchMs !== null ? firstMinuteBuys(rows, launchMs) : null,
      },
      notes: parts.notes.length ? parts.notes : undefined,
    };
  }
}
