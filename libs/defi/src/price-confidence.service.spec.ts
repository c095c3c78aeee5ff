import type { Type } from '@nestjs/common';
import { InvalidRequestError, inputSchemaOf, parseToolInput } from '@scout/core';
import type { UpstreamCall, UpstreamSource } from '@scout/upstream';
import { PriceConfidenceInput } from './defi-tools.dto';
import { DefiLlamaClient } from '@scout/upstream';
import { PriceConfidenceService } from './price-confidence.service';
import { fakeLlama, upstreamTimeout } from './test/llama-fixtures';

function input<T extends object>(dto: Type<T>, raw: object = {}): Promise<T> {
  return parseToolInput(dto, raw, 'body', inputSchemaOf(dto));
}

const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

function setup() {
  const llama = fakeLlama();
  return { llama, tools: new PriceConfidenceService(llama) };
}

async function issuesOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError);
    return (error as InvalidRequestError).extra.issues;
  }
  throw new Error('expected a bad request');
}

describe('service_price_confidence', () => {
  it('prices tokens now with their confidence; a token the provider cannot price is null with a note', async () => {
    const { llama, tools } = setup();
    llama.pricesCurrent.mockResolvedValue({
      [`solana:${BONK}`]: { priceUsd: 0.00002, symbol: 'BONK', timestamp: 1_750_000_000, decimals: 5, confidence: 0.99 },
      // DefiLlama may answer an EVM key with the address in another case.
      [`ethereum:${USDT.toLowerCase()}`]: { priceUsd: 1.0001, symbol: 'USDT', timestamp: 1_750_000_010, decimals: 6, confidence: 0.97 },
      'coingecko:bitcoin': { priceUsd: 97000, symbol: 'BTC', timestamp: 1_750_000_020, decimals: null, confidence: 0.99 },
    });
    const result = await tools.priceConfidence(
      await input(PriceConfidenceInput, { tokens: [`solana:${BONK}`, `ethereum:${USDT}`, 'brokerage:0xabc', 'coingecko:bitcoin', `solana:${BONK}`] }),
    );
    expect(llama.pricesCurrent).toHaveBeenCalledWith([`solana:${BONK}`, `ethereum:${USDT}`, 'robinhood:0xabc', 'coingecko:bitcoin']);
    expect(result).toEqual({
      data: {
        at: null,
        priced: 3,
        unpriced: 1,
        prices: [
          {
            token: `solana:${BONK}`,
            coinKey: `solana:${BONK}`,
            symbol: 'BONK',
            priceUsd: 0.00002,
            confidence: 0.99,
            decimals: 5,
            pricedAt: new Date(1_750_000_000_000).toISOString(),
          },
          expect.objectContaining({ token: `ethereum:${USDT}`, symbol: 'USDT', priceUsd: 1.0001, confidence: 0.97 }),
          { token: 'brokerage:0xabc', coinKey: 'robinhood:0xabc', symbol: null, priceUsd: null, confidence: null, decimals: null, pricedAt: null },
          expect.objectContaining({ token: 'coingecko:bitcoin', priceUsd: 97000, decimals: null }),
        ],
      },
      notes: ['DefiLlama has no price for brokerage:0xabc: priceUsd and confidence are null.'],
    });
  });

  it('prices at a past moment given as ISO 8601 or unix seconds', async () => {
    const { llama, tools } = setup();
    llama.pricesHistorical.mockResolvedValue({});
    const iso = await tools.priceConfidence(await input(PriceConfidenceInput, { tokens: ['coingecko:bitcoin'], at: '2024-03-01T12:00:00Z' }));
    expect(llama.pricesHistorical).toHaveBeenLastCalledWith(Date.parse('2024-03-01T12:00:00Z') / 1000, ['coingecko:bitcoin']);
    expect(iso.data).toMatchObject({ at: '2024-03-01T12:00:00.000Z', priced: 0, unpriced: 1 });
    expect(iso.notes).toEqual(['DefiLlama has no price for coingecko:bitcoin at 2024-03-01T12:00:00.000Z: priceUsd and confidence are null.']);
    await tools.priceConfidence(await input(PriceConfidenceInput, { tokens: ['coingecko:bitcoin'], at: '1700000000' }));
    expect(llama.pricesHistorical).toHaveBeenLastCalledWith(1_700_000_000, ['coingecko:bitcoin']);
    expect(llama.pricesCurrent).not.toHaveBeenCalled();
  });

  it('notes a price that came without a confidence score', async () => {
    const { llama, tools } = setup();
    llama.pricesCurrent.mockResolvedValue({ 'coingecko:x': { priceUsd: 2, symbol: 'X', timestamp: 1, decimals: null, confidence: null } });
    const result = await tools.priceConfidence(await input(PriceConfidenceInput, { tokens: ['coingecko:x'] }));
    expect(result.data).toMatchObject({ priced: 1, unpriced: 0 });
    expect(result.notes).toEqual(['DefiLlama gave no confidence score for coingecko:x.']);
  });

  // Refused by the DTO's rules, so the gateway answers 400 before it charges anything.
  it('refuses unknown prefixes and bad moments in validation, naming each item', async () => {
    const issues = await issuesOf(input(PriceConfidenceInput, { tokens: ['coingecko:bitcoin', 'robinhood:0xabc', 'nocolon'], at: '2999-01-01' }));
    expect(issues).toEqual([
      {
        path: 'tokens',
        message:
          'tokens.1: "robinhood:0xabc" has an unknown prefix "robinhood": use a chain (solana, ethereum, base, bsc, monad, hyperliquid, brokerage) or coingecko; tokens.2: "nocolon" is not <chain>:<address> or <aggregator>:<id>',
      },
      { path: 'at', message: '"2999-01-01" is in the future; omit at for the current price' },
    ]);
    expect(await issuesOf(input(PriceConfidenceInput, { tokens: ['coingecko:x'], at: 'last week' }))).toEqual([
      { path: 'at', message: '"last week" is neither an ISO 8601 timestamp nor unix seconds' },
    ]);
  });

  it('fails with the upstream error when prices cannot be read', async () => {
    const { llama, tools } = setup();
    const failure = upstreamTimeout();
    llama.pricesCurrent.mockRejectedValue(failure);
    await expect(tools.priceConfidence(await input(PriceConfidenceInput, { tokens: ['coingecko:bitcoin'] }))).rejects.toBe(failure);
  });

  it('reaches the coins host through a real DefiLlamaClient', async () => {
    const calls: UpstreamCall[] = [];
    const coins: UpstreamSource = {
      name: 'defillama-coins',
      async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
        calls.push(call);
        return parse({ coins: { 'robinhood:0xabc': { price: 12.5, symbol: 'HOOD', timestamp: 1_700_000_000, decimals: 18, confidence: 0.8 } } });
      },
    };
    const unused: UpstreamSource = {
      name: 'unused',
      request: () => Promise.reject(new Error('not this host')),
    };
    const tools = new PriceConfidenceService(new DefiLlamaClient({ api: unused, coins, stablecoins: unused, yields: unused }));
    const result = await tools.priceConfidence(await input(PriceConfidenceInput, { tokens: ['brokerage:0xabc', 'coingecko:tether'], at: '1700000000' }));
    expect(calls).toEqual([
      {
        method: 'GET',
        endpoint: 'defillama:/prices/historical/{timestamp}/{coins}',
        path: '/prices/historical/1700000000/robinhood:0xabc,coingecko:tether',
        cacheTtlMs: 3_600_000,
      },
    ]);
    expect(result.data).toMatchObject({
      priced: 1,
      prices: [
        { token: 'brokerage:0xabc', symbol: 'HOOD', priceUsd: 12.5, confidence: 0.8 },
        { token: 'coingecko:tether', priceUsd: null },
      ],
    });
  });
});
