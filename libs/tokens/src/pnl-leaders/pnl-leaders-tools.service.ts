import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { TokenParts } from '../token-parts';
import { TOKEN_ANALYTICS_CLIENT, type TokenAnalyticsPort } from '../tokens.ports';
import { PnlLeadersInput } from './pnl-leaders.dto';
import {
  byTotalPnl,
  pnlLeadersSummary,
  tokenHeader,
  walletTokenPnl,
  type AnalyticsTokenHeader,
  type PnlLeadersSummary,
  type WalletTokenPnl,
} from './pnl-leaders-figures';

export interface PnlLeadersData {
  /** The token's mint, name, price and launch time; figures null when its own route fails (see notes). */
  token: AnalyticsTokenHeader;
  /** The `limit` wallets with the largest total PnL, largest first. */
  wallets: (WalletTokenPnl & {
    /** Its place by total PnL among the source's top traders, 1 the largest. */
    rank: number;
  })[];
  /** Over the ranked wallets: in profit, at a loss, profit and loss totals, the top wallet's share. */
  summary: PnlLeadersSummary;
}

/** Who made and who lost money on one Solana token, measured on chain. */
@Injectable()
export class PnlLeadersToolsService {
  constructor(@Inject(TOKEN_ANALYTICS_CLIENT) private readonly analytics: TokenAnalyticsPort) {}

  @Tool({
    name: 'service_token_pnl_leaders',
    input: PnlLeadersInput,
    summary:
      "The wallets with the largest realized plus unrealized PnL on one Solana token: invested, taken out, still holding; the top wallet's share of the profit.",
    description:
      "From the on-chain token-analytics source's top traders (up to 100 wallets, every wallet, not only tracked traders). Each listed wallet: investedUsd, takenOutUsd (what its sells fetched), realized, unrealized and total PnL, holding (amount, valueUsd), stillHolding, buys, sells. summary over the ranked wallets: how many are in profit and at a loss, the profit and loss they add up to, and topWalletProfitSharePct, the top wallet's total PnL as a share of the profit every ranked wallet in profit made (null when none is; profitShareIsUpperBound when the 100-row ranking was cut with wallets still in profit). The token's name and price come from its own route; when that fails they are null with a note. Solana only; an EVM contract is a 400.",
  })
  async pnlLeaders(input: PnlLeadersInput): Promise<ToolResult<PnlLeadersData>> {
    const mint = input.token.trim();
    const parts = new TokenParts();
    // The ranking is the answer: when it fails the call fails (502, or 404 for a token the source does
    // not know). The token's own route only names and prices it, so its failure is a note.
    const [traders, token] = await Promise.all([
      this.analytics.topTraders(mint),
      parts.run({ part: 'token analytics /tokens/{mint}', affects: 'token name, price and launch time' }, () => this.analytics.token(mint)),
    ]);
    const header = tokenHeader(mint, token);
    const ranked = traders.map((r) => walletTokenPnl(r, header.priceUsd)).sort(byTotalPnl);
    if (ranked.length === 0) parts.note('The source lists no traders of this token yet.');
    return {
      data: {
        token: header,
        wallets: ranked.slice(0, input.limit).map((w, i) => ({ rank: i + 1, ...w })),
        summary: pnlLeadersSummary(ranked),
      },
      notes: parts.notes.length ? parts.notes : undefined,
    };
  }
}
