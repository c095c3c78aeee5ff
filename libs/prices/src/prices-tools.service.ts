import { Inject, Injectable } from '@nestjs/common';
import { parseInstant, Tool, type ToolResult } from '@scout/core';
import { CHAIN_IDS, type Chain } from '@scout/upstream';
import { dedupe } from './dedupe';
import { listSome, part, requireSomePart } from './partial-answer';
import { orderSeries, seriesFigures, type SeriesFigures, type SeriesPoint } from './price-series';
import { MultichainPricesInput, PriceHistoryInput, TokenInfoInput, TokenPricesInput } from './prices.dto';
import { JUPITER_CLIENT, TOKEN_DATA_CLIENT, type JupiterPricesPort, type TokenDataPort } from './prices.ports';
import { isEvmChain, normaliseAddress, tokenKey } from '@scout/upstream';

export interface SolanaPriceRow {
  /** The Solana mint asked (base58). */
  mint: string;
  /** USD price of one whole token now; null without a reliable price (never 0). */
  priceUsd: number | null;
  /** Price change over 24 hours, in percent points (1.29 is +1.29 %, not a fraction); null without a reliable price or when Jupiter gives no 24h change. */
  change24h: number | null;
  /** Liquidity over all its pools, USD; null without a reliable price. */
  liquidityUsd: number | null;
}

export interface AddressPriceRow {
  /** Chain of the token, as asked. */
  chain: Chain;
  /** Token address as asked (EVM lowercased). */
  address: string;
  /** USD price of one whole token now; null when the provider has no price for it. */
  priceUsd: number | null;
  /** When the provider last updated the price, ISO 8601 UTC; null when unpriced. */
  lastUpdatedAt: string | null;
}

export interface SymbolPriceRow {
  /** The ticker asked, as the provider echoes it. */
  symbol: string;
  /** USD price of one whole token now; null when the provider has no price for it. */
  priceUsd: number | null;
  /** When the provider last updated the price, ISO 8601 UTC; null when unpriced. */
  lastUpdatedAt: string | null;
}

/** service_token_prices: one row per asked mint, in the order asked. */
export interface TokenPricesData {
  /** One row per distinct mint asked, in the order asked. */
  prices: SolanaPriceRow[];
}

/** service_token_prices_multichain: the asked addresses and symbols, each with its USD price. */
export interface MultichainPricesData {
  /** One row per distinct {chain, address} asked, in the order asked. */
  tokens: AddressPriceRow[];
  /** One row per distinct ticker asked, in the order asked. */
  symbols: SymbolPriceRow[];
}

export interface PriceHistoryData extends SeriesFigures {
  /** The token as asked: by symbol, or by chain and address (EVM lowercased). */
  token:
    | {
        /** The ticker asked for (majors), as given. */
        symbol: string;
      }
    | {
        /** Scout's chain name, as asked. */
        chain: Chain;
        /** The token's address (the mint on Solana), as asked (EVM lowercased). */
        address: string;
      };
  /** Point spacing: 5m, 1h or 1d. */
  interval: string;
  /** Start of the range, ISO 8601 UTC. */
  startTime: string;
  /** End of the range, ISO 8601 UTC. */
  endTime: string;
  /** Number of points in the series. */
  pointCount: number;
  /** The USD price series, oldest first, one point per timestamp. */
  points: SeriesPoint[];
}

export interface TokenInfoData {
  /** Chain of the token, as asked. */
  chain: Chain;
  /** Token address (the mint on solana), as asked (EVM lowercased). */
  address: string;
  /** Token name; null when the provider does not know it. */
  name: string | null;
  /** Ticker; null when the provider does not know it. */
  symbol: string | null;
  /** Decimals of the token's raw amounts; null when the provider does not know them. */
  decimals: number | null;
  /** URL of the token's logo; null when the provider has none. */
  logo: string | null;
  /** USD price of one whole token now; null when the provider has no price for it. */
  priceUsd: number | null;
}

/** The price tools: Solana prices from Jupiter, every chain's prices, history and token identity from the token data API. */
@Injectable()
export class PricesToolsService {
  constructor(
    @Inject(JUPITER_CLIENT) private readonly jupiter: JupiterPricesPort,
    @Inject(TOKEN_DATA_CLIENT) private readonly tokenData: TokenDataPort,
  ) {}

  @Tool({
    name: 'service_token_prices',
    readsOnly: true,
    input: TokenPricesInput,
    summary: 'Current USD price, 24h change and pool liquidity for up to 50 Solana mints in one call.',
    description:
      'Answers in the order asked, one row per distinct mint. A mint without a reliable price has priceUsd, change24h and liquidityUsd null (never 0), with a note. change24h is in percent; liquidityUsd sums all pools.',
  })
  async tokenPrices(input: TokenPricesInput): Promise<ToolResult<TokenPricesData>> {
    const { unique, repeated } = dedupe(input.tokens);
    const answer = await this.jupiter.prices(unique);
    const prices = unique.map((mint): SolanaPriceRow => {
      const price = answer.byMint.get(mint);
      return {
        mint,
        priceUsd: price?.usdPrice ?? null,
        change24h: price?.priceChange24h ?? null,
        liquidityUsd: price?.liquidity ?? null,
      };
    });
    const notes: string[] = [];
    if (repeated.length > 0) notes.push(`Mints given more than once are answered once: ${listSome(repeated)}.`);
    const unpriced = prices.filter((p) => p.priceUsd === null).map((p) => p.mint);
    if (unpriced.length > 0) {
      notes.push(
        `No reliable price for ${unpriced.length} of ${unique.length} mints (${listSome(unpriced)}): their priceUsd, change24h and liquidityUsd are null.`,
      );
    }
    return { data: { prices }, notes };
  }

  @Tool({
    name: 'service_token_prices_multichain',
    readsOnly: true,
    input: MultichainPricesInput,
    summary: 'Current USD prices on any chain, by contract address or by ticker, up to 25 of each per call.',
    description:
      'Give tokens as {chain, address} objects or "chain:address" text, and/or symbols for majors. Answers in the order asked; a token without a price has priceUsd null with a note. EVM addresses come back lowercased.',
  })
  async multichainPrices(input: MultichainPricesInput): Promise<ToolResult<MultichainPricesData>> {
    const refs = input.tokens.map((t) => ({ chain: t.chain, address: normaliseAddress(t.chain, t.address) }));
    const tokens = dedupe(refs, (t) => tokenKey(t.chain, t.address));
    const symbols = dedupe(input.symbols, (s) => s.toUpperCase());
    const notes: string[] = [];
    const repeated = [...tokens.repeated.map((t) => tokenKey(t.chain, t.address)), ...symbols.repeated];
    if (repeated.length > 0) notes.push(`Tokens given more than once are answered once: ${listSome(repeated)}.`);

    const [byAddress, bySymbol] = await Promise.all([
      tokens.unique.length > 0 ? part(this.tokenData.pricesByAddress(tokens.unique)) : null,
      symbols.unique.length > 0 ? part(this.tokenData.pricesBySymbol(symbols.unique)) : null,
    ]);
    requireSomePart([byAddress, bySymbol]);

    const unpriced: string[] = [];
    let tokenRows: AddressPriceRow[] = [];
    if (byAddress?.ok) {
      tokenRows = byAddress.value.map(({ chain, address, priceUsd, lastUpdatedAt, error }) => {
        if (priceUsd === null) unpriced.push(`${tokenKey(chain, address)} (${error ?? 'no price'})`);
        return { chain, address, priceUsd, lastUpdatedAt };
      });
    } else if (byAddress) {
      tokenRows = tokens.unique.map((t) => ({ ...t, priceUsd: null, lastUpdatedAt: null }));
      notes.push(`Prices by address are unavailable (${byAddress.error.message}): every token's priceUsd is null.`);
    }
    let symbolRows: SymbolPriceRow[] = [];
    if (bySymbol?.ok) {
      symbolRows = bySymbol.value.map(({ symbol, priceUsd, lastUpdatedAt, error }) => {
        if (priceUsd === null) unpriced.push(`${symbol} (${error ?? 'no price'})`);
        return { symbol, priceUsd, lastUpdatedAt };
      });
    } else if (bySymbol) {
      symbolRows = symbols.unique.map((symbol) => ({ symbol, priceUsd: null, lastUpdatedAt: null }));
      notes.push(`Prices by ticker are unavailable (${bySymbol.error.message}): every symbol's priceUsd is null.`);
    }
    if (unpriced.length > 0) {
      notes.push(`No price for ${unpriced.length} of the tokens asked: ${listSome(unpriced)}. Their priceUsd is null.`);
    }
    return { data: { tokens: tokenRows, symbols: symbolRows }, notes };
  }

  @Tool({
    name: 'service_price_history',
    readsOnly: true,
    input: PriceHistoryInput,
    summary: 'A USD price series for one token over a time range, with first, last, change, high and low.',
    description:
      'Identify the token by symbol (majors) or by chain and address. startTime and endTime are ISO 8601 (UTC when no offset is given). interval 5m covers up to 7 days, 1h up to 90 days, 1d up to 5 years; a range longer than the provider answers in one call (7 days at 5m, 30 at 1h, 365 at 1d) is read in windows of that size and joined. The figures are computed from the returned points, oldest first.',
  })
  async priceHistory(input: PriceHistoryInput): Promise<ToolResult<PriceHistoryData>> {
    const startTime = parseInstant(input.startTime)!;
    const endTime = parseInstant(input.endTime)!;
    // Validation guarantees a symbol, or a chain with an address.
    const token = input.symbol != null ? { symbol: input.symbol } : { chain: input.chain!, address: normaliseAddress(input.chain!, input.address!) };
    const series = await this.tokenData.historical({ token, startTime, endTime, interval: input.interval });
    const points = orderSeries(series.points.map((p) => ({ timestamp: p.timestamp, priceUsd: p.value })));
    const notes: string[] = [];
    if (points.length === 0) {
      notes.push(
        `No price points between ${startTime.toISOString()} and ${endTime.toISOString()} at interval ${input.interval}: the token may not have traded then, or the provider does not cover it. The figures are null.`,
      );
    } else if (points[0].priceUsd === 0) {
      notes.push('The first price of the range is 0, so changePct is null.');
    }
    return {
      data: {
        token,
        interval: input.interval,
        startTime: startTime.toISOString(),
        endTime: endTime.toISOString(),
        pointCount: points.length,
        ...seriesFigures(points),
        points,
      },
      notes,
    };
  }

  @Tool({
    name: 'service_token_info',
    readsOnly: true,
    input: TokenInfoInput,
    summary: 'What a token address is: name, ticker, decimals, logo and current USD price, on any of the seven chains.',
    description:
      'Solana mints are resolved through the Jupiter token list and price API; EVM contracts through their token metadata and the token data price API. A part the provider cannot give is null with a note.',
  })
  async tokenInfo(input: TokenInfoInput): Promise<ToolResult<TokenInfoData>> {
    const address = normaliseAddress(input.chain, input.address);
    return isEvmChain(input.chain) ? this.evmTokenInfo(input.chain, address) : this.solanaTokenInfo(input.chain, address);
  }

  private async solanaTokenInfo(chain: Chain, mint: string): Promise<ToolResult<TokenInfoData>> {
    const [search, price] = await Promise.all([part(this.jupiter.searchTokens(mint)), part(this.jupiter.prices([mint]))]);
    requireSomePart([search, price]);
    const notes: string[] = [];
    const info = search.ok ? search.value.find((t) => t.id === mint) : undefined;
    if (!search.ok) {
      notes.push(`Token metadata is unavailable (${search.error.message}): name, symbol and logo are null.`);
    } else if (!info) {
      notes.push("Jupiter's token list does not know this mint: name, symbol, decimals and logo are null.");
    }
    const priced = price.ok ? price.value.byMint.get(mint) : undefined;
    let priceUsd: number | null = priced?.usdPrice ?? null;
    if (!price.ok) {
      priceUsd = info?.usdPrice ?? null;
      notes.push(
        priceUsd === null
          ? `The price is unavailable (${price.error.message}): priceUsd is null.`
          : `The price API is unavailable (${price.error.message}): priceUsd is the token list's last known price.`,
      );
    } else if (!priced) {
      notes.push('Jupiter has no reliable price for this mint: priceUsd is null.');
    }
    return {
      data: {
        chain,
        address: mint,
        name: info?.name ?? null,
        symbol: info?.symbol ?? null,
        decimals: info?.decimals ?? priced?.decimals ?? null,
        logo: info?.icon ?? null,
        priceUsd,
      },
      notes,
    };
  }

  private async evmTokenInfo(chain: Chain, address: string): Promise<ToolResult<TokenInfoData>> {
    const [metadata, prices] = await Promise.all([
      part(this.tokenData.tokenMetadata(chain, address)),
      part(this.tokenData.pricesByAddress([{ chain, address }])),
    ]);
    requireSomePart([metadata, prices]);
    const notes: string[] = [];
    const meta = metadata.ok ? metadata.value : null;
    if (!metadata.ok) {
      notes.push(`Token metadata is unavailable (${metadata.error.message}): name, symbol, decimals and logo are null.`);
    } else if (meta && meta.name === null && meta.symbol === null && meta.decimals === null) {
      notes.push(`The contract reports no token metadata on ${CHAIN_IDS[chain].label}: it may not be a token, or not on this chain.`);
    }
    const row = prices.ok ? prices.value[0] : undefined;
    if (!prices.ok) {
      notes.push(`The price is unavailable (${prices.error.message}): priceUsd is null.`);
    } else if (!row || row.priceUsd === null) {
      notes.push(`No price for this token${row?.error ? ` (${row.error})` : ''}: priceUsd is null.`);
    }
    return {
      data: {
        chain,
        address,
        name: meta?.name ?? null,
        symbol: meta?.symbol ?? null,
        decimals: meta?.decimals ?? null,
        logo: meta?.logo ?? null,
        priceUsd: row?.priceUsd ?? null,
      },
      notes,
    };
  }
}
