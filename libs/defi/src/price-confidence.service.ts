import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { DEFILLAMA_CLIENT, DefiLlamaClient, type CoinPrice } from '@scout/upstream';
import { PriceConfidenceInput } from './defi-tools.dto';
import { parseMoment, toLlamaCoinKey } from './coin-key';
import { isoFromUnix } from './time';
import type { PriceConfidenceData, PriceConfidenceRow } from './market-answers';

function checked<T extends { ok: true }>(result: T | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(`validated input failed to parse: ${result.message}`);
  return result;
}

function findPrice(prices: Record<string, CoinPrice>, key: string): CoinPrice | undefined {
  if (prices[key]) return prices[key];
  const lower = key.toLowerCase();
  const match = Object.keys(prices).find((k) => k.toLowerCase() === lower);
  return match === undefined ? undefined : prices[match];
}

/** Prices with DefiLlama's confidence score, now or at one past moment. */
@Injectable()
export class PriceConfidenceService {
  constructor(@Inject(DEFILLAMA_CLIENT) private readonly llama: DefiLlamaClient) {}

  @Tool({
    name: 'service_price_confidence',
    readsOnly: true,
    input: PriceConfidenceInput,
    summary: "USD price of up to 50 tokens on any chain with the provider's confidence score, now or at a past moment.",
    description:
      'Tokens are <chain>:<address> (solana:MINT, ethereum:0x..., brokerage:0x...) or coingecko:<id>. confidence runs from 0 to 1: a thin or manipulated market shows as a low score. A token the provider cannot price comes back with priceUsd and confidence null and a note.',
  })
  async priceConfidence(input: PriceConfidenceInput): Promise<ToolResult<PriceConfidenceData>> {
    // The DTO's rules (AreCoinKeys, IsPastMoment) refused bad tokens and moments before the
    // charge; what reaches here parses (a moment only moves further into the past).
    const keys = input.tokens.map((token) => checked(toLlamaCoinKey(token)).key);
    const at = input.at === undefined ? null : checked(parseMoment(input.at, Date.now())).unixSeconds;

    const asked = new Map<string, string>();
    input.tokens.forEach((token, i) => {
      if (![...asked.values()].includes(keys[i])) asked.set(token, keys[i]);
    });
    const unique = [...new Set(asked.values())];
    const prices = at === null ? await this.llama.pricesCurrent(unique) : await this.llama.pricesHistorical(at, unique);

    const rows: PriceConfidenceRow[] = [...asked.entries()].map(([token, coinKey]) => {
      const price = findPrice(prices, coinKey);
      return {
        token,
        coinKey,
        symbol: price?.symbol ?? null,
        priceUsd: price?.priceUsd ?? null,
        confidence: price?.confidence ?? null,
        decimals: price?.decimals ?? null,
        pricedAt: price ? isoFromUnix(price.timestamp) : null,
      };
    });
    const notes: string[] = [];
    const unpriced = rows.filter((r) => r.priceUsd === null).map((r) => r.token);
    if (unpriced.length) {
      const when = at === null ? '' : ` at ${isoFromUnix(at)}`;
      notes.push(`DefiLlama has no price for ${unpriced.join(', ')}${when}: priceUsd and confidence are null.`);
    }
    const noScore = rows.filter((r) => r.priceUsd !== null && r.confidence === null).map((r) => r.token);
    if (noScore.length) notes.push(`DefiLlama gave no confidence score for ${noScore.join(', ')}.`);
    return {
      data: {
        at: at === null ? null : isoFromUnix(at),
        priced: rows.length - unpriced.length,
        unpriced: unpriced.length,
        prices: rows,
      },
      notes: notes.length ? notes : undefined,
    };
  }
}
