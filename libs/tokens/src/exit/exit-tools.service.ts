import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { AnswerParts, type JupiterPrice } from '@scout/upstream';
import { SOLANA_TOKENS_CLIENT, type SolanaTokensPort } from '../tokens.ports';
import { ExitCheckInput } from './exit.dto';
import { exitQuote, exitSizes, fromRaw, rawAmountForUsd, roundTrip, type ExitQuote, type NoExit, type RoundTrip } from './exit-figures';

/** Solana's USDC, the coin every exit is quoted into. */
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDC_DECIMALS = 6;
/** The tolerance the quotes are asked with: 1 %, what a market sell would set. */
const SLIPPAGE_BPS = 100;

export interface ExitCheckData {
  /** The mint with Jupiter's USD price, decimals and USD liquidity; each null when Jupiter has no price. */
  token: {
    /** The token's mint, as asked. */
    mint: string;
    /** Jupiter's USD price per token; null when Jupiter has no reliable price. */
    priceUsd: number | null;
    /** The token's decimal places (a raw amount is whole tokens × 10^decimals); null when Jupiter has no price. */
    decimals: number | null;
    /** Jupiter's liquidity across all pools, in USD; null when Jupiter has no price. */
    liquidityUsd: number | null;
  };
  /** The USD size asked to sell. */
  usd: number;
  /** Whether a sell of `usd` into USDC has a route now. */
  routable: boolean;
  /** Why not, when not: Jupiter's code, no_price or amount_too_small. */
  reason: string | null;
  /** The sell of `usd`, when it routes. */
  sell: ExitQuote | null;
  /** The same at the ladder's smaller sizes, ascending; a size whose quote failed is left out (see notes). */
  sizes: (ExitQuote | NoExit)[];
  /** Buying with `usd` of USDC and selling it straight back; null when that quote failed (see notes). */
  roundTrip: RoundTrip | null;
}

/** Could you get out of a Solana token, and at what price: real Jupiter quotes into USDC. */
@Injectable()
export class ExitToolsService {
  constructor(@Inject(SOLANA_TOKENS_CLIENT) private readonly jupiter: SolanaTokensPort) {}

  @Tool({
    name: 'service_token_exit_check',
    input: ExitCheckInput,
    summary: 'Could you sell a given USD size of a Solana token now, and what would you get: a real route into USDC.',
    description:
      "Prices the token (Jupiter), sells floor(usd / price × 10^decimals) into USDC on Jupiter's router and reports receivedUsd, minReceivedUsd (within 1 % tolerance), slippagePct against the price, priceImpactPct (percent) and the venues. sizes repeats it at $100, $1,000 and $10,000 below usd, so depth shows as a curve; roundTrip buys with usd of USDC and sells straight back. No price or no route is an answer: routable false with the reason (Jupiter's code such as COULD_NOT_FIND_ANY_ROUTE, or no_price). Solana only.",
  })
  async exitCheck(input: ExitCheckInput): Promise<ToolResult<ExitCheckData>> {
    const mint = input.token.trim();
    const { usd } = input;
    // The price is the one part the rest needs: without Jupiter answering it there is nothing to quote (502).
    const priced = (await this.jupiter.prices([mint])).byMint.get(mint) ?? null;
    const token = { mint, priceUsd: priced?.usdPrice ?? null, decimals: priced?.decimals ?? null, liquidityUsd: priced?.liquidity ?? null };
    if (!priced) {
      return {
        data: { token, usd, routable: false, reason: 'no_price', sell: null, sizes: [], roundTrip: null },
        notes: ['Jupiter has no reliable price for this mint, so no size can be quoted.'],
      };
    }
    const parts = new AnswerParts();
    const [sizes, trip] = await Promise.all([
      Promise.all(
        exitSizes(usd).map((size) => parts.run({ part: `Jupiter quote of a $${size} sell`, affects: `sizes[$${size}]` }, () => this.sell(mint, size, priced))),
      ),
      parts.run({ part: 'Jupiter round-trip quotes', affects: 'roundTrip' }, () => this.roundTrip(mint, usd, priced.decimals)),
    ]);
    parts.assertAnswered();
    const quoted = sizes.filter((s): s is ExitQuote | NoExit => s !== null);
    const sell = quoted.find((s) => s.usd === usd) ?? null;
    return {
      data: {
        token,
        usd,
        routable: sell?.routable ?? false,
        reason: sell ? (sell.routable ? null : sell.reason) : 'quote_failed',
        sell: sell?.routable ? sell : null,
        sizes: quoted,
        roundTrip: trip,
      },
      notes: parts.resultNotes,
    };
  }

  private async sell(mint: string, usd: number, price: JupiterPrice): Promise<ExitQuote | NoExit> {
    const amount = rawAmountForUsd(usd, price.usdPrice, price.decimals);
    if (amount === null) return { usd, routable: false, reason: 'amount_too_small' };
    const result = await this.jupiter.quote({ inputMint: mint, outputMint: USDC_MINT, amount: amount.toString(), slippageBps: SLIPPAGE_BPS });
    if (!result.routable) return { usd, routable: false, reason: result.errorCode ?? 'no_route' };
    return exitQuote(usd, amount, price.decimals, result.quote, USDC_DECIMALS);
  }

  private async roundTrip(mint: string, usd: number, decimals: number): Promise<RoundTrip> {
    const spend = BigInt(Math.round(usd * 10 ** USDC_DECIMALS));
    const buy = await this.jupiter.quote({ inputMint: USDC_MINT, outputMint: mint, amount: spend.toString(), slippageBps: SLIPPAGE_BPS });
    if (!buy.routable) return roundTrip(usd, null, null, buy.errorCode ?? 'no_route');
    const back = await this.jupiter.quote({ inputMint: mint, outputMint: USDC_MINT, amount: buy.quote.outAmount, slippageBps: SLIPPAGE_BPS });
    const bought = fromRaw(buy.quote.outAmount, decimals);
    if (!back.routable) return roundTrip(usd, bought, null, back.errorCode ?? 'no_route');
    return roundTrip(usd, bought, fromRaw(back.quote.outAmount, USDC_DECIMALS), null);
  }
}
