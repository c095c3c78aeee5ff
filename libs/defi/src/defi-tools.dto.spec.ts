import type { Type } from '@nestjs/common';
import { InvalidRequestError, inputSchemaOf, parseToolInput } from '@scout/core';
import {
  ChainHealthInput,
  ChainRevenueInput,
  ChainTrendInput,
  DefiHacksInput,
  DexVolumesInput,
  PerpsOpenInterestInput,
  PriceConfidenceInput,
  ProtocolFeesInput,
  ProtocolReportInput,
  StablecoinsInput,
  TokenYieldsInput,
} from './defi-tools.dto';

function parse<T extends object>(dto: Type<T>, raw: unknown, source: 'body' | 'query' = 'body'): Promise<T> {
  return parseToolInput(dto, raw, source, inputSchemaOf(dto));
}

async function issuesOf(dto: Type<object>, raw: unknown, source: 'body' | 'query' = 'body') {
  try {
    await parse(dto, raw, source);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError);
    return (error as InvalidRequestError).extra.issues as Array<{ path: string; message: string }>;
  }
  throw new Error('expected the input to be refused');
}

const ALL_CHAINS = ['solana', 'ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'brokerage'];
const text = (n: number) => 'a'.repeat(n);

describe('DeFi tool inputs', () => {
  describe('defaults', () => {
    it.each([
      [TokenYieldsInput, { minTvlUsd: 100_000, limit: 20 }],
      [DefiHacksInput, { limit: 20 }],
      [DexVolumesInput, { limit: 20 }],
      [ProtocolFeesInput, { sortBy: 'fees', limit: 20 }],
      [ChainRevenueInput, { top: 5 }],
      [PerpsOpenInterestInput, { limit: 20 }],
      [StablecoinsInput, { limit: 20 }],
      [ChainTrendInput, { weeks: 12 }],
      [ChainHealthInput, { chains: ALL_CHAINS }],
    ] as Array<[Type<object>, object]>)('%p applies the spec defaults', async (dto, defaults) => {
      await expect(parse(dto, {})).resolves.toEqual(expect.objectContaining(defaults));
    });
  });

  describe('list limits 1..100', () => {
    it.each([TokenYieldsInput, DefiHacksInput, DexVolumesInput, ProtocolFeesInput, PerpsOpenInterestInput, StablecoinsInput] as Array<Type<object>>)(
      '%p takes 1 and 100, refuses 0, 101 and 2.5',
      async (dto) => {
        await expect(parse(dto, { limit: 1 })).resolves.toMatchObject({ limit: 1 });
        await expect(parse(dto, { limit: 100 })).resolves.toMatchObject({ limit: 100 });
        expect(await issuesOf(dto, { limit: 0 })).toEqual([{ path: 'limit', message: 'limit must not be less than 1' }]);
        expect(await issuesOf(dto, { limit: 101 })).toEqual([{ path: 'limit', message: 'limit must not be greater than 100' }]);
        expect((await issuesOf(dto, { limit: 2.5 }))[0].message).toBe('limit must be an integer number');
      },
    );

    it('coerces a query-string limit', async () => {
      await expect(parse(DefiHacksInput, { limit: '7' }, 'query')).resolves.toMatchObject({ limit: 7 });
      expect(await issuesOf(DefiHacksInput, { limit: '101' }, 'query')).toEqual([{ path: 'limit', message: 'limit must not be greater than 100' }]);
    });
  });

  describe('chain', () => {
    it.each([
      TokenYieldsInput,
      DefiHacksInput,
      DexVolumesInput,
      ProtocolFeesInput,
      ChainRevenueInput,
      PerpsOpenInterestInput,
      StablecoinsInput,
      ChainTrendInput,
    ] as Array<Type<object>>)('%p takes the seven chains and nothing else', async (dto) => {
      for (const chain of ALL_CHAINS) await expect(parse(dto, { chain })).resolves.toMatchObject({ chain });
      expect((await issuesOf(dto, { chain: 'robinhood' }))[0].path).toBe('chain');
      expect((await issuesOf(dto, { chain: 'eth' }))[0].path).toBe('chain');
    });

    it('publishes the enum in the JSON Schema', () => {
      expect(inputSchemaOf(DexVolumesInput)).toMatchObject({
        properties: { chain: { enum: ALL_CHAINS }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
      });
    });
  });

  describe('service_chain_health chains', () => {
    it('takes 1 to 7 distinct chains, as a JSON list or a comma list', async () => {
      await expect(parse(ChainHealthInput, { chains: ['base'] })).resolves.toEqual({ chains: ['base'] });
      await expect(parse(ChainHealthInput, { chains: ALL_CHAINS })).resolves.toEqual({ chains: ALL_CHAINS });
      await expect(parse(ChainHealthInput, { chains: 'solana,base' }, 'query')).resolves.toEqual({ chains: ['solana', 'base'] });
    });

    it('refuses none, eight, repeats and unknown chains', async () => {
      expect(await issuesOf(ChainHealthInput, { chains: [] })).toEqual([{ path: 'chains', message: 'chains must contain at least 1 elements' }]);
      const eight = await issuesOf(ChainHealthInput, { chains: [...ALL_CHAINS, 'solana'] });
      expect(eight.map((i) => i.message)).toEqual(
        expect.arrayContaining(['chains must contain no more than 7 elements', "All chains's elements must be unique"]),
      );
      expect((await issuesOf(ChainHealthInput, { chains: ['base', 'base'] }))[0].message).toMatch(/unique/);
      expect((await issuesOf(ChainHealthInput, { chains: ['arbitrum'] }))[0].message).toMatch(/each value in chains must be one of/);
    });

    it('publishes the item enum and bounds', () => {
      expect(inputSchemaOf(ChainHealthInput)).toMatchObject({
        properties: { chains: { type: 'array', minItems: 1, maxItems: 7, items: { enum: ALL_CHAINS } } },
      });
    });
  });

  describe('service_token_yields', () => {
    it('takes symbols of 1 to 20 characters', async () => {
      await expect(parse(TokenYieldsInput, { symbol: 'S' })).resolves.toMatchObject({ symbol: 'S' });
      await expect(parse(TokenYieldsInput, { symbol: text(20) })).resolves.toMatchObject({ symbol: text(20) });
      expect((await issuesOf(TokenYieldsInput, { symbol: '' }))[0].path).toBe('symbol');
      expect((await issuesOf(TokenYieldsInput, { symbol: text(21) }))[0].message).toBe('symbol must be shorter than or equal to 20 characters');
    });

    it('takes minTvlUsd from 0 to 1e12 and refuses negative or absurd values', async () => {
      await expect(parse(TokenYieldsInput, { minTvlUsd: 0 })).resolves.toMatchObject({ minTvlUsd: 0 });
      await expect(parse(TokenYieldsInput, { minTvlUsd: 1e12 })).resolves.toMatchObject({ minTvlUsd: 1e12 });
      expect(await issuesOf(TokenYieldsInput, { minTvlUsd: -1 })).toEqual([{ path: 'minTvlUsd', message: 'minTvlUsd must not be less than 0' }]);
      expect(await issuesOf(TokenYieldsInput, { minTvlUsd: 1e12 + 1 })).toEqual([
        { path: 'minTvlUsd', message: 'minTvlUsd must not be greater than 1000000000000' },
      ]);
    });

    it('coerces stablesOnly from a query string and refuses other fields', async () => {
      await expect(parse(TokenYieldsInput, { stablesOnly: 'true' }, 'query')).resolves.toMatchObject({ stablesOnly: true });
      expect(await issuesOf(TokenYieldsInput, { apyMin: 3 })).toEqual([{ path: 'apyMin', message: 'unknown field "apyMin"' }]);
    });
  });

  describe('name queries of 2 to 60 characters', () => {
    it.each([
      [ProtocolReportInput, 'protocol'],
      [DefiHacksInput, 'query'],
      [DexVolumesInput, 'query'],
      [ProtocolFeesInput, 'query'],
    ] as Array<[Type<object>, string]>)('%p.%s', async (dto, field) => {
      await expect(parse(dto, { [field]: text(2) })).resolves.toMatchObject({ [field]: text(2) });
      await expect(parse(dto, { [field]: text(60) })).resolves.toMatchObject({ [field]: text(60) });
      expect(await issuesOf(dto, { [field]: text(1) })).toEqual([{ path: field, message: `${field} must be longer than or equal to 2 characters` }]);
      expect(await issuesOf(dto, { [field]: text(61) })).toEqual([{ path: field, message: `${field} must be shorter than or equal to 60 characters` }]);
    });

    it('requires protocol on service_protocol_report', async () => {
      expect((await issuesOf(ProtocolReportInput, {})).map((i) => i.path)).toContain('protocol');
      expect(inputSchemaOf(ProtocolReportInput)).toMatchObject({ required: ['protocol'] });
    });
  });

  describe('service_protocol_fees sortBy', () => {
    it('takes fees or revenue only', async () => {
      await expect(parse(ProtocolFeesInput, { sortBy: 'revenue' })).resolves.toMatchObject({ sortBy: 'revenue' });
      expect((await issuesOf(ProtocolFeesInput, { sortBy: 'apy' }))[0].path).toBe('sortBy');
    });
  });

  describe('service_chain_revenue top 1..20', () => {
    it('takes 1 and 20, refuses 0 and 21', async () => {
      await expect(parse(ChainRevenueInput, { top: 1 })).resolves.toMatchObject({ top: 1 });
      await expect(parse(ChainRevenueInput, { top: 20 })).resolves.toMatchObject({ top: 20 });
      expect(await issuesOf(ChainRevenueInput, { top: 0 })).toEqual([{ path: 'top', message: 'top must not be less than 1' }]);
      expect(await issuesOf(ChainRevenueInput, { top: 21 })).toEqual([{ path: 'top', message: 'top must not be greater than 20' }]);
    });
  });

  describe('service_chain_trend weeks 1..52', () => {
    it('takes 1 and 52, refuses 0 and 53', async () => {
      await expect(parse(ChainTrendInput, { weeks: 1 })).resolves.toMatchObject({ weeks: 1 });
      await expect(parse(ChainTrendInput, { weeks: 52 })).resolves.toMatchObject({ weeks: 52 });
      expect(await issuesOf(ChainTrendInput, { weeks: 0 })).toEqual([{ path: 'weeks', message: 'weeks must not be less than 1' }]);
      expect(await issuesOf(ChainTrendInput, { weeks: 53 })).toEqual([{ path: 'weeks', message: 'weeks must not be greater than 52' }]);
    });
  });

  describe('service_price_confidence', () => {
    const tokens = (n: number) => Array.from({ length: n }, (_, i) => `coingecko:coin-${i}`);

    it('requires 1 to 50 tokens', async () => {
      await expect(parse(PriceConfidenceInput, { tokens: tokens(1) })).resolves.toMatchObject({ tokens: tokens(1) });
      await expect(parse(PriceConfidenceInput, { tokens: tokens(50) })).resolves.toMatchObject({ tokens: tokens(50) });
      expect(await issuesOf(PriceConfidenceInput, { tokens: [] })).toEqual([{ path: 'tokens', message: 'tokens must contain at least 1 elements' }]);
      expect(await issuesOf(PriceConfidenceInput, { tokens: tokens(51) })).toEqual([
        { path: 'tokens', message: 'tokens must contain no more than 50 elements' },
      ]);
      expect((await issuesOf(PriceConfidenceInput, {})).map((i) => i.path)).toContain('tokens');
    });

    it('takes items of 3 to 120 characters', async () => {
      await expect(parse(PriceConfidenceInput, { tokens: [`coingecko:${text(110)}`] })).resolves.toBeDefined();
      expect(await issuesOf(PriceConfidenceInput, { tokens: ['a:'] })).toContainEqual({
        path: 'tokens',
        message: 'each item of tokens must be 3 to 120 characters',
      });
      expect(await issuesOf(PriceConfidenceInput, { tokens: ['coingecko:bitcoin', `coingecko:${text(111)}`] })).toEqual([
        { path: 'tokens', message: 'each item of tokens must be 3 to 120 characters' },
      ]);
      expect(inputSchemaOf(PriceConfidenceInput)).toMatchObject({
        required: ['tokens'],
        properties: { tokens: { minItems: 1, maxItems: 50, items: { type: 'string', minLength: 3, maxLength: 120 } } },
      });
    });

    it('takes at of 4 to 40 characters', async () => {
      await expect(parse(PriceConfidenceInput, { tokens: tokens(1), at: '1700000000' })).resolves.toMatchObject({ at: '1700000000' });
      expect(await issuesOf(PriceConfidenceInput, { tokens: tokens(1), at: '123' })).toContainEqual({
        path: 'at',
        message: 'at must be longer than or equal to 4 characters',
      });
      expect(await issuesOf(PriceConfidenceInput, { tokens: tokens(1), at: text(41) })).toContainEqual({
        path: 'at',
        message: 'at must be shorter than or equal to 40 characters',
      });
    });

    // Checked here rather than in the handler, so a bad token or moment is refused before the charge.
    it('takes only coin keys with a known prefix and a past moment', async () => {
      expect(await issuesOf(PriceConfidenceInput, { tokens: ['coingecko:bitcoin', 'robinhood:0xabc'] })).toEqual([
        {
          path: 'tokens',
          message:
            'tokens.1: "robinhood:0xabc" has an unknown prefix "robinhood": use a chain (solana, ethereum, base, bsc, monad, hyperliquid, brokerage) or coingecko',
        },
      ]);
      expect(await issuesOf(PriceConfidenceInput, { tokens: tokens(1), at: '2999-01-01' })).toEqual([
        { path: 'at', message: '"2999-01-01" is in the future; omit at for the current price' },
      ]);
      expect(await issuesOf(PriceConfidenceInput, { tokens: tokens(1), at: '\u0000\u0000\u0000\u0000' })).toEqual([
        { path: 'at', message: 'at must not contain control characters (U+0000-U+001F, U+007F)' },
      ]);
      expect(await issuesOf(PriceConfidenceInput, { tokens: tokens(1), at: null })).toEqual([
        { path: 'at', message: 'at must not be null: leave the field out to use its default' },
      ]);
    });

    it('splits a comma list from a query string', async () => {
      await expect(
        parse(PriceConfidenceInput, { tokens: 'coingecko:bitcoin,solana:So11111111111111111111111111111111111111112' }, 'query'),
      ).resolves.toMatchObject({
        tokens: ['coingecko:bitcoin', 'solana:So11111111111111111111111111111111111111112'],
      });
    });
  });
});
