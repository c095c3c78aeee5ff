import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { LAUNCHPAD_CLIENT, type LaunchpadPort } from '../launchpad.ports';
import { launchLabCurve, type CurvePoint } from './launchlab-figures';
import { LaunchLabPricingInput, LaunchpadPairsInput } from './pairs.dto';

/** The SPL token programs a quote mint may belong to. */
const TOKEN_PROGRAMS: Record<string, 'token' | 'token-2022'> = {
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'token-2022',
};

export interface PairRow {
  /** Solana mint of the quote token (base58). */
  mint: string;
  /** Quote ticker; null when the site does not say. */
  symbol: string | null;
  /** Quote token name; null when the site does not say. */
  name: string | null;
  /** Decimals of the quote's raw amounts. */
  decimals: number;
  /** The quote's category, e.g. xstock or stablecoin; null when the site does not say. */
  category: string | null;
  /** The category as the site displays it; null when the site does not say. */
  categoryLabel: string | null;
  /** Absolute URL of the quote's logo; null when the site has none. */
  logoUrl: string | null;
  /** The program that owns the mint, as its id. */
  tokenProgram: string;
  /** token or token-2022; null for a program Scout does not know. */
  tokenStandard: 'token' | 'token-2022' | null;
  /** Whether the platform allows launches against this quote. */
  launchable: boolean;
  /** Whether a Raydium LaunchLab config exists for it (launchpad_launchlab_pricing answers). */
  launchLabReady: boolean;
}

/** launchpad_pairs: the quote tokens a coin can be launched against. */
export interface LaunchpadPairsData {
  /** The quotes matching the filters. */
  pairs: PairRow[];
}

export interface LaunchLabPricingData {
  /** The quote: mint, symbol (null if unknown), decimals, USD per whole token (null when unpriced). */
  quote: {
    /** Solana mint of the quote token (base58). */
    mint: string;
    /** Quote ticker; null when the site does not say. */
    symbol: string | null;
    /** Decimals of the quote's raw amounts. */
    decimals: number;
    /** USD per whole quote token; null when the site has no price for it. */
    priceUsd: number | null;
  };
  /** A new coin: decimals, total supply raw (decimal string) and in whole tokens. */
  base: {
    /** Decimals of a new coin's raw amounts. */
    decimals: number;
    /** A new coin's total supply, raw u64 amount as a decimal string. */
    supplyRaw: string;
    /** The same supply in whole coins (supplyRaw / 10^decimals). */
    supplyTokens: number;
  };
  /** The curve's raw u64 parameters as the site gives them, with their whole-token reading. */
  curve: {
    /** Virtual base reserve at the start, raw amount as a decimal string. */
    virtualA: string;
    /** Virtual quote reserve at the start, raw amount as a decimal string. */
    virtualB: string;
    /** Base sold by the curve before graduating, raw amount as a decimal string. */
    totalSellA: string;
    /** Quote raised once totalSellA is sold, raw amount as a decimal string. */
    totalFundRaisingB: string;
    /** totalSellA in whole coins. */
    totalSellTokens: number;
    /** totalSellA as percent (0-100) of the supply; null when the supply is zero. */
    sellSharePct: number | null;
    /** totalFundRaisingB in whole quote tokens. */
    totalFundRaisingTokens: number;
  };
  /** Price per coin and market cap of the supply when the curve opens. */
  start: CurvePoint;
  /** The same once totalSellA is sold for totalFundRaisingB. */
  graduation: CurvePoint;
  /** Graduation price over start price; null when either is unknown. */
  priceMultiple: number | null;
  /** What a create instruction needs (global and platform config, curve and migrate type, ...). */
  constants: { [name: string]: string | number | boolean };
}

/** The quotes a launch can pair against, and LaunchLab's curve for one of them. */
@Injectable()
export class LaunchpadPairsToolsService {
  constructor(@Inject(LAUNCHPAD_CLIENT) private readonly launchpad: LaunchpadPort) {}

  @Tool({
    name: 'launchpad_pairs',
    input: LaunchpadPairsInput,
    summary: 'Which quote tokens a launch can pair against (xStocks, stablecoins, custom), and which are LaunchLab-ready.',
    description:
      'Each quote: mint, symbol, name, decimals, category and its label, logoUrl, tokenProgram (and tokenStandard: token or token-2022), launchable (the platform allows launches against it) and launchLabReady (a Raydium LaunchLab config exists, so launchpad_launchlab_pricing answers for it). Filter by category, launchable, launchLabReady.',
  })
  async pairs(input: LaunchpadPairsInput): Promise<ToolResult<LaunchpadPairsData>> {
    const { pairs } = await this.launchpad.pairs({ category: input.category, launchable: input.launchable, launchLabReady: input.launchLabReady });
    const rows = pairs.map((p): PairRow => ({
      mint: p.mint,
      symbol: p.symbol,
      name: p.name,
      decimals: p.decimals,
      category: p.category,
      categoryLabel: p.categoryLabel,
      logoUrl: p.logoUrl,
      tokenProgram: p.tokenProgram,
      tokenStandard: TOKEN_PROGRAMS[p.tokenProgram] ?? null,
      launchable: p.launchable,
      launchLabReady: p.launchLabReady,
    }));
    return { data: { pairs: rows }, notes: rows.length ? undefined : ['No quote matches these filters.'] };
  }

  @Tool({
    name: 'launchpad_launchlab_pricing',
    input: LaunchLabPricingInput,
    summary: 'Raydium LaunchLab curve pricing for a quote: raw parameters, start and graduation price and market cap, create constants.',
    description:
      'For building a LaunchLab launch against a quote yourself (read-only; the human signs). The raw u64 totalFundRaisingB, totalSellA, virtual reserves virtualA and virtualB and supply, read in whole tokens; start and graduation points of the constant-product curve on virtual reserves (start price virtualB/virtualA; graduation once totalSellA is sold for totalFundRaisingB), each as price per coin and market cap of the supply, in quote and in USD (null when the quote is unpriced); and the create-instruction constants. A quote that is not LaunchLab-ready (see launchpad_pairs) is a 400; an unknown quote a 404.',
  })
  async pricing(input: LaunchLabPricingInput): Promise<ToolResult<LaunchLabPricingData>> {
    const p = await this.launchpad.launchLabPricing(input.quoteMint.trim());
    const curve = launchLabCurve(p);
    const notes: string[] = [];
    if (p.quotePriceUsd === null)
      notes.push(`The site has no USD price for ${p.quoteSymbol ?? p.quoteMint}: USD figures are null (unknown), the quote figures stand.`);
    if (curve.graduation.priceQuote === null)
      notes.push('totalSellA is not below virtualA: the curve as given never graduates, so graduation figures are null.');
    return {
      data: {
        quote: { mint: p.quoteMint, symbol: p.quoteSymbol, decimals: p.quoteDecimals, priceUsd: p.quotePriceUsd },
        base: { decimals: p.baseDecimals, supplyRaw: p.supply, supplyTokens: curve.supplyTokens },
        curve: {
          virtualA: p.virtualA,
          virtualB: p.virtualB,
          totalSellA: p.totalSellA,
          totalFundRaisingB: p.totalFundRaisingB,
          totalSellTokens: curve.totalSellTokens,
          sellSharePct: curve.sellSharePct,
          totalFundRaisingTokens: curve.totalFundRaisingTokens,
        },
        start: curve.start,
        graduation: curve.graduation,
        priceMultiple: curve.priceMultiple,
        constants: p.constants,
      },
      notes: notes.length ? notes : undefined,
    };
  }
}
