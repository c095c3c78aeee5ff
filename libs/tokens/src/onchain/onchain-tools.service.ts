import { Inject, Injectable } from '@nestjs/common';
import { Clock, Tool, type ToolResult } from '@scout/core';
import { AnswerParts, type MintInformation } from '@scout/upstream';
import { SolanaTokenInput } from '../solana-token-input.dto';
import { SOLANA_TOKENS_CLIENT, TOKEN_ANALYTICS_CLIENT, type SolanaTokensPort, type TokenAnalyticsPort } from '../tokens.ports';
import {
  ageDays,
  authorityLive,
  createdAtMs,
  deployerOf,
  flow24h,
  mainPool,
  priceChanges,
  riskFlags,
  walletGroup,
  type Flow24h,
  type PriceChanges,
  type RiskFlag,
  type WalletGroup,
} from './onchain-figures';

export interface TokenOnchainData {
  /** The mint with its name, symbol and decimals; each null when the analytics API does not say. */
  token: {
    /** The token's mint, as asked. */
    mint: string;
    /** The token's name; null when the analytics API does not say. */
    name: string | null;
    /** The token's symbol; null when the analytics API does not say. */
    symbol: string | null;
    /** The token's decimal places; null when the analytics API does not say. */
    decimals: number | null;
  };
  /** Every wallet holding the token on chain, not only tracked traders. */
  holdersTotal: number | null;
  /** Circulating supply, as the main pool counts it. */
  supply: number | null;
  /** Share of the main pool's LP tokens burned, 0-100. */
  lpBurnedPercent: number | null;
  /** True when the mint authority is still set, false when renounced; null without the main pool's security. */
  mintAuthorityLive: boolean | null;
  /** True when the freeze authority is still set, false when renounced; null without the main pool's security. */
  freezeAuthorityLive: boolean | null;
  /** Wallet that created the token; null when neither the creation record nor a pool names one. */
  deployer: string | null;
  /** When the token was created, ISO 8601 UTC (else its oldest pool's creation); null when unknown. */
  createdAt: string | null;
  /** Days since createdAt, one decimal; null when the creation time is unknown. */
  ageDays: number | null;
  /** Price of one whole token in USD, from the main pool; null without a pool or price. */
  priceUsd: number | null;
  /** Market cap in USD, from the main pool; null without a pool or figure. */
  marketCapUsd: number | null;
  /** USD liquidity of the main pool; null without a pool or figure. */
  liquidityUsd: number | null;
  /** The pool the price, market cap, liquidity, supply, LP burn and authorities come from (the deepest). */
  pool: {
    /** The pool's address. */
    id: string;
    /** The venue the pool is on, e.g. pumpfun (a bonding curve), pumpfun-amm, raydium; null when the API does not say. */
    market: string | null;
    /** The mint of the token the pool prices against (e.g. wrapped SOL); null when the API does not say. */
    quoteToken: string | null;
    /** A bonding-curve pool's progress toward graduation, percent 0-100; null for an AMM pool or when the API does not say. */
    curvePercent: number | null;
  } | null;
  /** Pools the analytics API lists for the token. */
  poolCount: number;
  /** Share of the supply the ten largest holders own, 0-100. */
  top10Percent: number | null;
  /** Share of the supply the deployer holds now, 0-100. */
  devPercent: number | null;
  /** Sniper wallets: count and share of supply held now (0-100); nulls when the provider does not report them. */
  snipers: WalletGroup;
  /** Insider wallets: count and share of supply held now (0-100); nulls when the provider does not report them. */
  insiders: WalletGroup;
  /** Bundler wallets: count and share of supply held now (0-100); nulls when the provider does not report them. */
  bundlers: WalletGroup;
  /** Risk score 0-10 (higher is riskier), rugged, Jupiter-verified (null when unknown) and named risks, dangers first. */
  risk: {
    /** The analytics API's risk score, 0-10, higher is riskier; null when it does not say. */
    score: number | null;
    /** Whether the analytics API marks the token rugged; null when it does not say. */
    rugged: boolean | null;
    /** Whether Jupiter verifies the token (the analytics API's flag, else Jupiter's directory); null when neither says. */
    verified: boolean | null;
    /** The named risks, dangers first. */
    flags: RiskFlag[];
  };
  /** Buys, sells, transactions and USD volume over the last 24 h. */
  flow24h: Flow24h;
  /** Price change per window, percent. */
  priceChangePct: PriceChanges;
  /** Jupiter's organic score (0-100) and label; null when Jupiter did not answer or does not list the mint. */
  organic: {
    /** Jupiter's organic trading activity score, 0-100; null when Jupiter does not say. */
    score: number | null;
    /** Jupiter's label for it: high, medium or low; null when Jupiter does not say. */
    label: string | null;
  } | null;
}

/** A Solana token's on-chain picture: holders, supply, LP, authorities, concentration, launch wallets, risk. */
@Injectable()
export class OnchainToolsService {
  constructor(
    @Inject(TOKEN_ANALYTICS_CLIENT) private readonly analytics: TokenAnalyticsPort,
    @Inject(SOLANA_TOKENS_CLIENT) private readonly jupiter: SolanaTokensPort,
    private readonly clock: Clock,
  ) {}

  @Tool({
    name: 'service_token_onchain',
    input: SolanaTokenInput,
    summary:
      'Is a Solana token safe and real on chain: total holders, supply, LP burned, live authorities, top-10 and developer share, snipers and insiders, risk score, 24 h flow and price change.',
    description:
      "From the Solana token-analytics API: holdersTotal (every holder on chain, not only tracked traders), supply, lpBurnedPercent, whether the mint and freeze authorities are live, the deployer and the token's age, price, market cap and liquidity of its deepest pool, top10Percent and devPercent of the supply, snipers, insiders and bundlers (count and share of supply held now), risk (score 0-10, higher is riskier; rugged; Jupiter-verified; the named risks, dangers first), flow24h (buys, sells, USD volume) and priceChangePct over 12 windows from 1m to 24h. organic is Jupiter's organic score. Solana only; an EVM contract is a 400.",
  })
  async onchain(input: SolanaTokenInput): Promise<ToolResult<TokenOnchainData>> {
    const mint = input.token.trim();
    const parts = new AnswerParts();
    // The analytics read carries every figure but the organic score: an unknown mint there is the 404, its failure the 502.
    const [token, directory] = await Promise.all([
      this.analytics.token(mint),
      parts.run({ part: "Jupiter's token directory", affects: 'organic' }, () => this.jupiter.searchTokens(mint)),
    ]);
    const entry: MintInformation | null = directory?.find((t) => t.id === mint) ?? null;
    if (directory && !entry) parts.note("Jupiter's token directory does not list this mint: organic left null.");
    const pool = mainPool(token.pools);
    if (!pool) parts.note('The analytics source lists no pool for this token: price, market cap, liquidity, supply, LP burn and authorities left null.');
    const created = createdAtMs(token);
    const risk = token.risk;
    return {
      data: {
        token: { mint, name: token.token.name, symbol: token.token.symbol, decimals: token.token.decimals },
        holdersTotal: token.holders,
        supply: pool?.tokenSupply ?? null,
        lpBurnedPercent: pool?.lpBurn ?? null,
        mintAuthorityLive: authorityLive(pool, 'mintAuthority'),
        freezeAuthorityLive: authorityLive(pool, 'freezeAuthority'),
        deployer: deployerOf(token),
        createdAt: created === null ? null : new Date(created).toISOString(),
        ageDays: ageDays(created, this.clock.now().getTime()),
        priceUsd: pool?.price?.usd ?? null,
        marketCapUsd: pool?.marketCap?.usd ?? null,
        liquidityUsd: pool?.liquidity?.usd ?? null,
        pool: pool && { id: pool.poolId, market: pool.market, quoteToken: pool.quoteToken, curvePercent: pool.curvePercentage },
        poolCount: token.pools.length,
        top10Percent: risk.top10,
        devPercent: risk.dev?.percentage ?? null,
        snipers: walletGroup(risk.snipers),
        insiders: walletGroup(risk.insiders),
        bundlers: walletGroup(risk.bundlers),
        risk: { score: risk.score, rugged: risk.rugged, verified: risk.jupiterVerified ?? entry?.isVerified ?? null, flags: riskFlags(risk.risks) },
        flow24h: flow24h(token),
        priceChangePct: priceChanges(token.events),
        organic: entry && { score: entry.organicScore ?? null, label: entry.organicScoreLabel ?? null },
      },
      notes: parts.resultNotes,
    };
  }
}
