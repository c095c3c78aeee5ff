import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { TokenAnalyticsNotFoundError, type AnalyticsWalletPnl } from '@scout/upstream';
import { WALLET_PNL_CLIENT, type WalletPnlPort } from '../wallets.ports';
import { emptyPnlFigures, hasHistory, holdingsByValue, holdingsTotal, pnlFigures, type PnlFigures, type PnlHolding } from './pnl-figures';
import { WalletPnlInput } from './wallet-pnl.dto';

export interface WalletPnlData extends PnlFigures {
  /** The Solana wallet asked about (base58). */
  wallet: string;
  /** Always solana. */
  chain: 'solana';
  /** False when the provider knows no trade of the wallet: the figures are then null and the lists empty. */
  hasHistory: boolean;
  /** Coins the wallet traded; null when holdings were not asked for (the provider then lists no coin). */
  tokensTraded: number | null;
  /** What the holdings are worth now (priced ones); null when holdings were not asked for. */
  holdingsValueUsd: number | null;
  /** The coins still held, largest value first; null when holdings were not asked for. */
  holdings: PnlHolding[] | null;
}

/** A Solana wallet's profit and loss, measured on chain by the token-analytics API. */
@Injectable()
export class PnlToolsService {
  constructor(@Inject(WALLET_PNL_CLIENT) private readonly analytics: WalletPnlPort) {}

  @Tool({
    name: 'service_wallet_pnl',
    input: WalletPnlInput,
    summary: 'Profit and loss of any Solana wallet: realized, unrealized, invested, average buy, wins, losses, win rate, and what it still holds.',
    description:
      "From the on-chain token-analytics API's PnL of the wallet over every coin it traded: realizedPnlUsd, unrealizedPnlUsd, totalPnlUsd, investedUsd (buys and transfers in), averageBuyUsd, wins and losses (coins up or down in total) and winRatePct = wins / (wins + losses). With includeHoldings (default true), holdings lists the coins still held (mint, amount, valueUsd, unrealized and realized PnL, cost basis per token) by value, and tokensTraded counts the coins. Works for any wallet, tracked trader or not. A wallet the provider knows no trade of (unused, or unknown to it) answers hasHistory:false with null figures and a note. Solana only; an EVM address is a 400.",
  })
  async walletPnl(input: WalletPnlInput): Promise<ToolResult<WalletPnlData>> {
    const wallet = input.wallet.trim();
    let pnl: AnalyticsWalletPnl;
    try {
      // Without holdings the coins are not needed: the provider's lighter summary-only answer.
      pnl = await this.analytics.walletPnl(wallet, { hideDetails: !input.includeHoldings });
    } catch (error) {
      // The provider's 404 for a well-formed wallet means it has seen no trade of it: that is the
      // empty answer of an unused wallet, not an unknown thing to refuse.
      if (!(error instanceof TokenAnalyticsNotFoundError)) throw error;
      return this.empty(wallet, input.includeHoldings, 'The token-analytics source does not know this wallet (no trade of it indexed): no PnL to report.');
    }
    if (!hasHistory(pnl)) {
      return this.empty(wallet, input.includeHoldings, 'The token-analytics source has no trade of this wallet on Solana: no PnL to report.');
    }
    const notes: string[] = [];
    let holdings: PnlHolding[] | null = null;
    let holdingsValueUsd: number | null = null;
    if (input.includeHoldings) {
      holdings = holdingsByValue(pnl.tokens);
      const total = holdingsTotal(holdings);
      holdingsValueUsd = total.valueUsd;
      if (total.unpriced) notes.push(`${total.unpriced} holding(s) have no current value: their valueUsd is null and they are out of holdingsValueUsd.`);
    }
    return {
      data: {
        wallet,
        chain: 'solana',
        hasHistory: true,
        ...pnlFigures(pnl.summary),
        tokensTraded: input.includeHoldings ? Object.keys(pnl.tokens).length : null,
        holdingsValueUsd,
        holdings,
      },
      notes: notes.length ? notes : undefined,
    };
  }

  private empty(wallet: string, includeHoldings: boolean, note: string): ToolResult<WalletPnlData> {
    return {
      data: {
        wallet,
        chain: 'solana',
        hasHistory: false,
        ...emptyPnlFigures(),
        tokensTraded: 0,
        holdingsValueUsd: includeHoldings ? 0 : null,
        holdings: includeHoldings ? [] : null,
      },
      notes: [note],
    };
  }
}
