import SwaggerParser from '@apidevtools/swagger-parser';
import type { Type } from '@nestjs/common';
import { InvalidRequestError, inputSchemaOf, parseToolInput, type ValidationIssue } from '@scout/core';
import { MultichainPricesInput, PriceHistoryInput, TokenInfoInput, TokenPricesInput } from './prices.dto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Distinct valid base58 mints of 44 characters. */
const mint = (i: number) => `So${'1'.repeat(40)}${BASE58[i % 58]}${BASE58[Math.floor(i / 58)]}`;
const evm = (i: number) => `0x${i.toString(16).padStart(40, 'a')}`;
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

function parse<T extends object>(dto: Type<T>, raw: unknown, source: 'query' | 'body' = 'body'): Promise<T> {
  return parseToolInput(dto, raw, source, inputSchemaOf(dto));
}

async function issuesOf(dto: Type<object>, raw: unknown, source: 'query' | 'body' = 'body'): Promise<ValidationIssue[]> {
  const error = await parse(dto, raw, source).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  return (error as InvalidRequestError).extra.issues as ValidationIssue[];
}

describe('input schemas', () => {
  it.each([TokenPricesInput, MultichainPricesInput, PriceHistoryInput, TokenInfoInput])('%p is closed and inline (no $ref)', (dto) => {
    const schema = inputSchemaOf(dto);
    expect(schema.additionalProperties).toBe(false);
    expect(JSON.stringify(schema)).not.toContain('$ref');
  });

  it('describes each multichain token as chain:address text or a closed {chain, address} object', () => {
    const tokens = (inputSchemaOf(MultichainPricesInput).properties as Record<string, { items: { anyOf: object[] } }>).tokens;
    expect(tokens).toMatchObject({ type: 'array', maxItems: 25 });
    expect(tokens.items.anyOf).toEqual([
      expect.objectContaining({ type: 'string', pattern: expect.stringContaining('brokerage') }),
      expect.objectContaining({ type: 'object', required: ['chain', 'address'], additionalProperties: false }),
    ]);
  });

  it('are valid OpenAPI 3.1 request bodies and query parameters', async () => {
    const operation = (schema: Record<string, unknown>) => ({
      get: {
        parameters: Object.entries(schema.properties as Record<string, object>).map(([name, property]) => ({ name, in: 'query', schema: property })),
        responses: { '200': { description: 'ok' } },
      },
      post: {
        requestBody: { content: { 'application/json': { schema } } },
        responses: { '200': { description: 'ok' } },
      },
    });
    const doc = (schemas: Record<string, Record<string, unknown>>) => ({
      openapi: '3.1.0',
      info: { title: 'prices', version: '1' },
      paths: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [`/${name}`, operation(schema)])),
    });
    const dtos = { TokenPricesInput, MultichainPricesInput, PriceHistoryInput, TokenInfoInput };
    const schemas = Object.fromEntries(Object.entries(dtos).map(([name, dto]) => [name, inputSchemaOf(dto)]));
    await expect(SwaggerParser.validate(doc(schemas) as never)).resolves.toBeDefined();
    // The same check refuses a nested DTO left as a reference to a definitions section.
    const dangling = { ...schemas.TokenInfoInput, properties: { token: { $ref: '#/definitions/TokenRefInput' } } };
    await expect(SwaggerParser.validate(doc({ dangling }) as never)).rejects.toThrow();
  });

  it('requires what the tools require', () => {
    expect(inputSchemaOf(TokenPricesInput).required).toEqual(['tokens']);
    expect(inputSchemaOf(MultichainPricesInput).required).toBeUndefined();
    expect(inputSchemaOf(MultichainPricesInput).anyOf).toEqual([
      { required: ['tokens'], properties: { tokens: { minItems: 1 } } },
      { required: ['symbols'], properties: { symbols: { minItems: 1 } } },
    ]);
    expect(inputSchemaOf(PriceHistoryInput).required).toEqual(['startTime', 'endTime']);
    expect(inputSchemaOf(PriceHistoryInput).oneOf).toEqual([{ required: ['symbol'] }, { required: ['chain', 'address'] }]);
    expect(inputSchemaOf(TokenInfoInput).required).toEqual(['chain', 'address']);
  });
});

describe('service_token_prices input', () => {
  it('takes 50 mints, from a body or a query comma list', async () => {
    const tokens = Array.from({ length: 50 }, (_, i) => mint(i));
    await expect(parse(TokenPricesInput, { tokens })).resolves.toMatchObject({ tokens });
    await expect(parse(TokenPricesInput, { tokens: tokens.join(',') }, 'query')).resolves.toMatchObject({ tokens });
  });

  it('refuses 51 mints', async () => {
    const tokens = Array.from({ length: 51 }, (_, i) => mint(i));
    expect(await issuesOf(TokenPricesInput, { tokens })).toEqual([{ path: 'tokens', message: 'tokens must contain no more than 50 elements' }]);
  });

  it('refuses no mints', async () => {
    expect(await issuesOf(TokenPricesInput, { tokens: [] })).toEqual([{ path: 'tokens', message: 'tokens must contain at least 1 elements' }]);
    expect((await issuesOf(TokenPricesInput, {})).map((i) => i.path)).toContain('tokens');
  });

  it.each([
    ['an EVM address', evm(1)],
    ['base58 with a 0', `0${BONK.slice(1)}`],
    ['31 characters', BONK.slice(0, 31)],
    ['45 characters', `${BONK}1`],
  ])('refuses %s', async (_label, bad) => {
    const issues = await issuesOf(TokenPricesInput, { tokens: [BONK, bad] });
    expect(issues).toEqual([{ path: 'tokens', message: 'each value in tokens must be a Solana address: base58, 32-44 characters' }]);
  });

  it('refuses unknown fields', async () => {
    expect(await issuesOf(TokenPricesInput, { tokens: [BONK], chain: 'solana' })).toEqual([{ path: 'chain', message: 'unknown field "chain"' }]);
  });
});

describe('service_token_prices_multichain input', () => {
  it('takes 25 tokens and 25 symbols', async () => {
    const tokens = Array.from({ length: 25 }, (_, i) => ({ chain: 'ethereum', address: evm(i) }));
    const symbols = Array.from({ length: 25 }, (_, i) => `T${i}`);
    const input = await parse(MultichainPricesInput, { tokens, symbols });
    expect(input.tokens).toHaveLength(25);
    expect(input.symbols).toHaveLength(25);
  });

  it('refuses 26 tokens or 26 symbols', async () => {
    const tokens = Array.from({ length: 26 }, (_, i) => `base:${evm(i)}`);
    expect(await issuesOf(MultichainPricesInput, { tokens })).toEqual([{ path: 'tokens', message: 'tokens must contain no more than 25 elements' }]);
    const symbols = Array.from({ length: 26 }, (_, i) => `T${i}`);
    expect(await issuesOf(MultichainPricesInput, { symbols })).toEqual([{ path: 'symbols', message: 'symbols must contain no more than 25 elements' }]);
  });

  it('reads GET and POST to the same input: chain:address text and {chain, address} objects', async () => {
    const fromQuery = await parse(MultichainPricesInput, { tokens: `base:${USDC_BASE},solana:${BONK}`, symbols: 'ETH,BNB' }, 'query');
    const fromBody = await parse(MultichainPricesInput, {
      tokens: [{ chain: 'base', address: USDC_BASE }, `solana:${BONK}`],
      symbols: ['ETH', 'BNB'],
    });
    expect(fromQuery).toEqual(fromBody);
    expect(fromBody.tokens).toEqual([
      { chain: 'base', address: USDC_BASE },
      { chain: 'solana', address: BONK },
    ]);
  });

  it('takes symbols alone or tokens alone', async () => {
    await expect(parse(MultichainPricesInput, { symbols: 'ETH' }, 'query')).resolves.toMatchObject({ tokens: [], symbols: ['ETH'] });
    await expect(parse(MultichainPricesInput, { tokens: [`ethereum:${evm(1)}`] })).resolves.toMatchObject({ symbols: [] });
  });

  it('refuses an input with neither tokens nor symbols', async () => {
    const expected = [{ path: 'tokens', message: 'send at least one token (tokens) or ticker (symbols)' }];
    expect(await issuesOf(MultichainPricesInput, {})).toEqual(expected);
    expect(await issuesOf(MultichainPricesInput, { tokens: [], symbols: [] })).toEqual(expected);
  });

  it('refuses a bad address for its chain, an unknown chain and malformed items', async () => {
    const issues = await issuesOf(MultichainPricesInput, {
      tokens: [
        { chain: 'ethereum', address: BONK },
        `solana:${evm(2)}`,
        { chain: 'eth', address: evm(3) },
        'ethereum-0xabc',
        { chain: 'base', address: evm(4), extra: 1 },
      ],
    });
    expect(issues).toEqual([
      { path: 'tokens.0.address', message: 'address must be an EVM address on Ethereum: 0x followed by 40 hex characters' },
      { path: 'tokens.1.address', message: 'address must be a Solana address: base58, 32-44 characters' },
      { path: 'tokens.2.chain', message: 'chain must be one of: solana, ethereum, base, bsc, monad, hyperliquid, brokerage' },
      { path: 'tokens.3', message: 'each token must be a {chain, address} object or "chain:address" text with a known chain' },
      { path: 'tokens.4.extra', message: 'unknown field "extra"' },
    ]);
  });

  it('refuses a list or a null where a token belongs, and null lists', async () => {
    expect(await issuesOf(MultichainPricesInput, { symbols: ['ETH'], tokens: [[]] })).toEqual([
      { path: 'tokens.0', message: 'tokens.0 must not be a list: no input takes a list of lists' },
    ]);
    expect(await issuesOf(MultichainPricesInput, { symbols: ['ETH'], tokens: [null] })).toEqual([{ path: 'tokens.0', message: 'tokens.0 must not be null' }]);
    expect(await issuesOf(MultichainPricesInput, { symbols: ['ETH'], tokens: null })).toEqual([
      { path: 'tokens', message: 'tokens must not be null: leave the field out to use its default' },
    ]);
  });

  it('accepts EVM addresses in any case', async () => {
    await expect(parse(MultichainPricesInput, { tokens: [`bsc:${USDC_BASE.toUpperCase().replace('0X', '0x')}`] })).resolves.toBeDefined();
  });

  it('refuses a symbol longer than 12 characters', async () => {
    expect(await issuesOf(MultichainPricesInput, { symbols: ['ETH', 'ABCDEFGHIJKLM'] })).toEqual([
      { path: 'symbols', message: 'each value in symbols must be 1-12 characters' },
    ]);
  });
});

describe('service_price_history input', () => {
  const range = { startTime: '2025-01-01T00:00:00Z', endTime: '2025-01-02T00:00:00Z' };

  it('takes a symbol or a chain and address, with interval 1h by default', async () => {
    await expect(parse(PriceHistoryInput, { symbol: 'ETH', ...range })).resolves.toMatchObject({ symbol: 'ETH', interval: '1h' });
    await expect(parse(PriceHistoryInput, { chain: 'base', address: USDC_BASE, ...range, interval: '5m' }, 'query')).resolves.toMatchObject({
      chain: 'base',
      interval: '5m',
    });
  });

  it('refuses an unknown interval', async () => {
    expect(await issuesOf(PriceHistoryInput, { symbol: 'ETH', ...range, interval: '15m' })).toEqual([
      { path: 'interval', message: 'interval must be one of: 5m, 1h, 1d' },
    ]);
  });

  it('refuses an endTime before or equal to startTime', async () => {
    const before = await issuesOf(PriceHistoryInput, { symbol: 'ETH', startTime: range.endTime, endTime: range.startTime });
    expect(before).toEqual([{ path: 'endTime', message: 'endTime must be after startTime' }]);
    const same = await issuesOf(PriceHistoryInput, { symbol: 'ETH', startTime: range.startTime, endTime: range.startTime });
    expect(same).toEqual([{ path: 'endTime', message: 'endTime must be after startTime' }]);
  });

  it.each([
    ['5m', '2025-01-01T00:00:00Z', '2025-01-08T00:00:00Z', '2025-01-08T00:01:00Z', '7 days'],
    ['1h', '2025-01-01T00:00:00Z', '2025-04-01T00:00:00Z', '2025-04-01T00:01:00Z', '90 days'],
    ['1d', '2020-01-01T00:00:00Z', '2024-12-31T00:00:00Z', '2024-12-31T00:01:00Z', '1826 days (5 years)'],
  ])('takes the longest range of interval %s and refuses one minute more', async (interval, startTime, lastOk, tooFar, limit) => {
    await expect(parse(PriceHistoryInput, { symbol: 'ETH', startTime, endTime: lastOk, interval })).resolves.toBeDefined();
    const issues = await issuesOf(PriceHistoryInput, { symbol: 'ETH', startTime, endTime: tooFar, interval });
    expect(issues).toEqual([{ path: 'endTime', message: expect.stringContaining(`interval ${interval} allows at most ${limit}`) }]);
  });

  it('says which interval fits a range that is too long', async () => {
    const [issue] = await issuesOf(PriceHistoryInput, { symbol: 'ETH', startTime: '2025-01-01', endTime: '2025-03-02', interval: '5m' });
    expect(issue.message).toBe(
      'the range from startTime to endTime covers 60.0 days; interval 5m allows at most 7 days; use interval 1h or 1d or a shorter range',
    );
  });

  it('refuses symbol with chain and address, and neither', async () => {
    expect(await issuesOf(PriceHistoryInput, { symbol: 'ETH', chain: 'base', address: USDC_BASE, ...range })).toEqual([
      { path: 'symbol', message: 'give symbol, or chain and address, not both' },
    ]);
    expect(await issuesOf(PriceHistoryInput, { ...range })).toEqual([{ path: 'address', message: 'give symbol, or chain and address' }]);
    // An explicit null is refused like every null input, not read as an absent symbol.
    expect(await issuesOf(PriceHistoryInput, { symbol: null, ...range })).toEqual([
      { path: 'symbol', message: 'symbol must not be null: leave the field out to use its default' },
    ]);
  });

  it('refuses a chain without an address and an address without a chain', async () => {
    expect(await issuesOf(PriceHistoryInput, { chain: 'base', ...range })).toEqual([
      { path: 'chain', message: 'address is required with chain' },
      { path: 'address', message: 'give symbol, or chain and address' },
    ]);
    expect(await issuesOf(PriceHistoryInput, { address: USDC_BASE, ...range })).toEqual([{ path: 'address', message: 'chain is required with address' }]);
  });

  it('refuses a bad address for the chain', async () => {
    expect(await issuesOf(PriceHistoryInput, { chain: 'solana', address: USDC_BASE, ...range })).toEqual([
      { path: 'address', message: 'address must be a Solana address: base58, 32-44 characters' },
    ]);
  });

  it('refuses missing, unreadable and future times', async () => {
    const missing = await issuesOf(PriceHistoryInput, { symbol: 'ETH' });
    expect(missing).toEqual([
      { path: 'startTime', message: 'startTime is required' },
      { path: 'endTime', message: 'endTime is required' },
    ]);
    const unreadable = await issuesOf(PriceHistoryInput, { symbol: 'ETH', startTime: '2025-02-30', endTime: 'tomorrow' });
    expect(unreadable.map((i) => i.path)).toEqual(['startTime', 'endTime']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const ahead = new Date(Date.now() + 20 * 3_600_000).toISOString();
    expect(await issuesOf(PriceHistoryInput, { symbol: 'ETH', startTime: future, endTime: ahead })).toEqual([
      { path: 'startTime', message: 'startTime must not be in the future: there is no price history there yet' },
    ]);
    // Beyond a day ahead, or before 2009, a time is no real instant to ask about.
    const farAhead = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const outside = await issuesOf(PriceHistoryInput, { symbol: 'ETH', startTime: '2008-12-31T00:00:00Z', endTime: farAhead });
    expect(outside.map((i) => i.path)).toEqual(['startTime', 'endTime']);
    expect(outside[0].message).toMatch(/between 2009-01-03 and one day from now/);
  });
});

describe('service_token_info input', () => {
  it('takes a Solana mint and an EVM contract', async () => {
    await expect(parse(TokenInfoInput, { chain: 'solana', address: BONK })).resolves.toMatchObject({ chain: 'solana', address: BONK });
    await expect(parse(TokenInfoInput, { chain: 'brokerage', address: USDC_BASE }, 'query')).resolves.toMatchObject({ chain: 'brokerage' });
  });

  it('refuses a missing chain and address', async () => {
    expect(await issuesOf(TokenInfoInput, {})).toEqual([
      { path: 'chain', message: 'chain must be one of: solana, ethereum, base, bsc, monad, hyperliquid, brokerage' },
      { path: 'address', message: 'address is required' },
    ]);
  });

  it.each([
    ['ethereum', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA0291', 'address must be an EVM address on Ethereum: 0x followed by 40 hex characters'],
    ['base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA0291Z', 'address must be an EVM address on Base: 0x followed by 40 hex characters'],
    ['solana', 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB26O', 'address must be a Solana address: base58, 32-44 characters'],
  ])('refuses a bad %s address', async (chain, address, message) => {
    expect(await issuesOf(TokenInfoInput, { chain, address })).toEqual([{ path: 'address', message }]);
  });

  it('refuses the peer spellings of chains', async () => {
    for (const chain of ['eth', 'robinhood']) {
      const issues = await issuesOf(TokenInfoInput, { chain, address: USDC_BASE });
      expect(issues.map((i) => i.path)).toEqual(['chain']);
    }
  });
});
