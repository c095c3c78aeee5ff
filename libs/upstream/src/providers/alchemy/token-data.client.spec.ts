import { UpstreamError, type UpstreamCall, type UpstreamSource } from '../../upstream.types';
import { TokenDataClient } from './token-data.client';
import {
  BONK,
  BY_ADDRESS_EXAMPLE,
  BY_SYMBOL_EXAMPLE,
  HISTORICAL_EXAMPLE,
  METADATA_EXAMPLE,
  METADATA_NOT_A_TOKEN,
  USDC_BASE,
  USDC_ETH,
} from './token-data.fixture';

/** A source that answers every call with a canned payload, through the client's own parser. */
class CannedSource implements UpstreamSource {
  readonly calls: UpstreamCall[] = [];
  constructor(
    readonly name: string,
    private readonly answer: unknown,
  ) {}

  async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    this.calls.push(call);
    return parse(this.answer);
  }
}

function pricesClient(answer: unknown): { client: TokenDataClient; source: CannedSource } {
  const source = new CannedSource('alchemy-prices', answer);
  const client = new TokenDataClient(source, () => {
    throw new Error('no JSON-RPC source in this test');
  });
  return { client, source };
}

function rpcClient(answer: unknown): { client: TokenDataClient; networks: string[]; sources: CannedSource[] } {
  const networks: string[] = [];
  const sources: CannedSource[] = [];
  const client = new TokenDataClient(new CannedSource('alchemy-prices', {}), (network) => {
    networks.push(network);
    const source = new CannedSource(`alchemy-rpc:${network}`, answer);
    sources.push(source);
    return source;
  });
  return { client, networks, sources };
}

describe('TokenDataClient.pricesByAddress (POST /tokens/by-address)', () => {
  const asked = [
    { chain: 'ethereum' as const, address: USDC_ETH },
    { chain: 'base' as const, address: USDC_BASE },
    { chain: 'solana' as const, address: BONK },
  ];

  it('posts network ids from CHAIN_IDS with EVM addresses lowercased', async () => {
    const { client, source } = pricesClient(BY_ADDRESS_EXAMPLE);
    await client.pricesByAddress(asked);
    expect(source.calls[0]).toMatchObject({
      endpoint: 'alchemy:/tokens/by-address',
      path: '/tokens/by-address',
      method: 'POST',
      body: {
        addresses: [
          { network: 'eth-mainnet', address: USDC_ETH.toLowerCase() },
          { network: 'base-mainnet', address: USDC_BASE.toLowerCase() },
          { network: 'solana-mainnet', address: BONK },
        ],
      },
    });
    expect(source.calls[0].cacheTtlMs).toBeGreaterThan(0);
  });

  it('parses string values to numbers and keeps a per-item error with a null price, in the order asked', async () => {
    const { client } = pricesClient(BY_ADDRESS_EXAMPLE);
    const prices = await client.pricesByAddress([asked[2], asked[1], asked[0]]);
    expect(prices).toEqual([
      { chain: 'solana', address: BONK, priceUsd: 0.00002251, lastUpdatedAt: '2026-10-02T06:01:12.400Z', error: null },
      { chain: 'base', address: USDC_BASE.toLowerCase(), priceUsd: null, lastUpdatedAt: null, error: 'Token not found' },
      { chain: 'ethereum', address: USDC_ETH.toLowerCase(), priceUsd: 0.9998332011, lastUpdatedAt: '2026-10-02T06:01:41.000Z', error: null },
    ]);
  });

  it('answers null for a token missing from the answer', async () => {
    const { client } = pricesClient({ data: [] });
    await expect(client.pricesByAddress([asked[0]])).resolves.toEqual([
      { chain: 'ethereum', address: USDC_ETH.toLowerCase(), priceUsd: null, lastUpdatedAt: null, error: 'not in the answer' },
    ]);
  });

  it('asks tokens on more than 3 networks in calls of at most 3 (prices.yaml: "max 3 networks")', async () => {
    const { client, source } = pricesClient(BY_ADDRESS_EXAMPLE);
    const chains = ['ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'solana', 'ethereum'] as const;
    const tokens = chains.map((chain, i) => ({ chain, address: chain === 'solana' ? BONK : `0x${String(i + 1).padStart(40, '0')}` }));
    const prices = await client.pricesByAddress(tokens);
    const networksPerCall = source.calls.map((call) => [...new Set((call.body as { addresses: Array<{ network: string }> }).addresses.map((a) => a.network))]);
    expect(networksPerCall).toEqual([
      ['eth-mainnet', 'base-mainnet', 'bnb-mainnet'],
      ['monad-mainnet', 'hyperliquid-mainnet', 'solana-mainnet'],
    ]);
    expect(source.calls.flatMap((call) => (call.body as { addresses: unknown[] }).addresses)).toHaveLength(7);
    // Answers come back in the order asked, whichever call carried them.
    expect(prices.map((p) => p.chain)).toEqual([...chains]);
    expect(prices.find((p) => p.chain === 'solana')?.priceUsd).toBe(0.00002251);
  });

  it('refuses more than 25 addresses before calling', async () => {
    const { client, source } = pricesClient(BY_ADDRESS_EXAMPLE);
    const many = Array.from({ length: 26 }, (_, i) => ({ chain: 'ethereum' as const, address: `0x${String(i).padStart(40, '0')}` }));
    await expect(client.pricesByAddress(many)).rejects.toBeInstanceOf(RangeError);
    expect(source.calls).toHaveLength(0);
  });

  it.each([
    ['a value that is not a number', { data: [{ ...BY_ADDRESS_EXAMPLE.data[0], prices: [{ currency: 'usd', value: 'n/a' }] }] }],
    ['a value as a JSON number', { data: [{ ...BY_ADDRESS_EXAMPLE.data[0], prices: [{ currency: 'usd', value: 0.9998 }] }] }],
    ['no data array', { tokens: [] }],
    ['prices that are not an array', { data: [{ ...BY_ADDRESS_EXAMPLE.data[0], prices: { usd: '1' } }] }],
  ])('refuses %s', async (_label, payload) => {
    const { client } = pricesClient(payload);
    await expect(client.pricesByAddress([asked[0]])).rejects.toThrow();
  });
});

describe('TokenDataClient.pricesBySymbol (GET /tokens/by-symbol)', () => {
  it('sends the symbols as repeated query keys and answers in the order asked', async () => {
    const { client, source } = pricesClient(BY_SYMBOL_EXAMPLE);
    const prices = await client.pricesBySymbol(['btc', 'ETH', 'NOPE']);
    expect(source.calls[0]).toMatchObject({
      endpoint: 'alchemy:/tokens/by-symbol',
      path: '/tokens/by-symbol',
      query: { symbols: ['btc', 'ETH', 'NOPE'] },
    });
    expect(source.calls[0].method ?? 'GET').toBe('GET');
    expect(prices).toEqual([
      { symbol: 'btc', priceUsd: 61112.09, lastUpdatedAt: '2026-10-02T06:02:01.000Z', error: null },
      { symbol: 'ETH', priceUsd: 2460.7133, lastUpdatedAt: '2026-10-02T06:02:03.000Z', error: null },
      { symbol: 'NOPE', priceUsd: null, lastUpdatedAt: null, error: 'Token not found' },
    ]);
  });

  it('treats an answer without a USD price as unpriced', async () => {
    const { client } = pricesClient({ data: [{ symbol: 'ETH', prices: [{ currency: 'eur', value: '2200' }], error: null }] });
    await expect(client.pricesBySymbol(['ETH'])).resolves.toEqual([
      { symbol: 'ETH', priceUsd: null, lastUpdatedAt: null, error: 'no USD price in the answer' },
    ]);
  });

  it('refuses more than 25 symbols', async () => {
    const { client } = pricesClient(BY_SYMBOL_EXAMPLE);
    await expect(client.pricesBySymbol(Array.from({ length: 26 }, (_, i) => `T${i}`))).rejects.toBeInstanceOf(RangeError);
  });
});

describe('TokenDataClient.historical (POST /tokens/historical)', () => {
  const range = { startTime: new Date('2026-09-01T00:00:00Z'), endTime: new Date('2026-09-01T03:00:00Z'), interval: '1h' as const };

  it('posts a symbol request and parses the series', async () => {
    const { client, source } = pricesClient(HISTORICAL_EXAMPLE);
    const series = await client.historical({ token: { symbol: 'ETH' }, ...range });
    expect(source.calls[0]).toMatchObject({
      endpoint: 'alchemy:/tokens/historical',
      path: '/tokens/historical',
      method: 'POST',
      body: { symbol: 'ETH', startTime: '2026-09-01T00:00:00.000Z', endTime: '2026-09-01T03:00:00.000Z', interval: '1h' },
    });
    expect(series.points).toEqual([
      { timestamp: '2026-09-01T00:00:00.000Z', value: 2412.5 },
      { timestamp: '2026-09-01T01:00:00.000Z', value: 2455.1 },
      { timestamp: '2026-09-01T02:00:00.000Z', value: 2398 },
    ]);
  });

  it("reads a range past the provider's documented limit in windows within it, in parallel, and joins them", async () => {
    const { client, source } = pricesClient(HISTORICAL_EXAMPLE);
    const startTime = new Date('2026-06-01T00:00:00Z');
    const series = await client.historical({ token: { symbol: 'ETH' }, startTime, endTime: new Date('2026-08-30T00:00:00Z'), interval: '1h' });
    // 90 days at 1h: three calls of 30 days (prices.yaml: "(1h, 30d)"), edge to edge.
    const ranges = source.calls.map((call) => call.body as { startTime: string; endTime: string });
    expect(ranges.map((range) => [range.startTime, range.endTime])).toEqual([
      ['2026-06-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'],
      ['2026-07-01T00:00:00.000Z', '2026-07-31T00:00:00.000Z'],
      ['2026-07-31T00:00:00.000Z', '2026-08-30T00:00:00.000Z'],
    ]);
    // The canned answer is the same each time: a point answered twice is kept once.
    expect(series.points.map((p) => p.timestamp)).toEqual(['2026-09-01T00:00:00.000Z', '2026-09-01T01:00:00.000Z', '2026-09-01T02:00:00.000Z']);
  });

  it.each([
    ['5m', 7],
    ['1h', 30],
    ['1d', 365],
  ] as const)('interval %s: one call up to %i days', async (interval, days) => {
    const startTime = new Date('2024-01-01T00:00:00Z');
    const endTime = new Date(startTime.getTime() + days * 86_400_000);
    const one = pricesClient(HISTORICAL_EXAMPLE);
    await one.client.historical({ token: { symbol: 'ETH' }, startTime, endTime, interval });
    const two = pricesClient(HISTORICAL_EXAMPLE);
    await two.client.historical({ token: { symbol: 'ETH' }, startTime, endTime: new Date(endTime.getTime() + 1000), interval });
    expect([one.source.calls.length, two.source.calls.length]).toEqual([1, 2]);
  });

  it('posts network and lowercased address for a contract', async () => {
    const { client, source } = pricesClient({ network: 'base-mainnet', address: USDC_BASE.toLowerCase(), currency: 'usd', data: [] });
    await expect(client.historical({ token: { chain: 'base', address: USDC_BASE }, ...range })).resolves.toEqual({ points: [] });
    expect(source.calls[0].body).toMatchObject({ network: 'base-mainnet', address: USDC_BASE.toLowerCase() });
    expect(source.calls[0].body).not.toHaveProperty('symbol');
  });

  it("turns the API's 404 for an unknown token into NotFoundError, and passes other failures on", async () => {
    const failing = (error: UpstreamError) =>
      new TokenDataClient({ name: 'alchemy-prices', request: () => Promise.reject(error) }, () => {
        throw new Error('no JSON-RPC source in this test');
      });
    const notFound = new UpstreamError('alchemy-prices', 'http', 'answered HTTP 404 (not found)', 404);
    await expect(failing(notFound).historical({ token: { symbol: 'ZZZQQ' }, ...range })).rejects.toMatchObject({
      code: 'not_found',
      message: 'The token data provider knows no token by the symbol ZZZQQ.',
    });
    const down = new UpstreamError('alchemy-prices', 'http', 'answered HTTP 503', 503);
    await expect(failing(down).historical({ token: { symbol: 'ETH' }, ...range })).rejects.toBe(down);
  });

  it('refuses an empty or inverted range before calling', async () => {
    const { client, source } = pricesClient(HISTORICAL_EXAMPLE);
    await expect(client.historical({ token: { symbol: 'ETH' }, ...range, endTime: range.startTime })).rejects.toBeInstanceOf(RangeError);
    expect(source.calls).toHaveLength(0);
  });

  it.each([
    ['a value that is not a number', { ...HISTORICAL_EXAMPLE, data: [{ value: 'x', timestamp: '2026-09-01T00:00:00Z' }] }],
    ['a timestamp that is not a date', { ...HISTORICAL_EXAMPLE, data: [{ value: '1', timestamp: 'soon' }] }],
    ['a series in another currency', { ...HISTORICAL_EXAMPLE, currency: 'eth' }],
    ['no data array', { symbol: 'ETH', currency: 'usd' }],
    ['the current-prices shape', BY_SYMBOL_EXAMPLE],
  ])('refuses %s', async (_label, payload) => {
    const { client } = pricesClient(payload);
    await expect(client.historical({ token: { symbol: 'ETH' }, ...range })).rejects.toThrow();
  });
});

describe('TokenDataClient.tokenMetadata (alchemy_getTokenMetadata)', () => {
  it('posts a JSON-RPC call to the network source picked through CHAIN_IDS', async () => {
    const { client, networks, sources } = rpcClient(METADATA_EXAMPLE);
    await expect(client.tokenMetadata('ethereum', USDC_ETH)).resolves.toEqual({
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
      logo: 'https://static.alchemyapi.io/images/assets/3408.png',
    });
    expect(networks).toEqual(['eth-mainnet']);
    expect(sources[0].calls[0]).toMatchObject({
      endpoint: 'alchemy:alchemy_getTokenMetadata',
      path: '',
      method: 'POST',
      body: { jsonrpc: '2.0', id: 1, method: 'alchemy_getTokenMetadata', params: [USDC_ETH.toLowerCase()] },
    });
  });

  it('builds one source per network and reuses it', async () => {
    const { client, networks } = rpcClient(METADATA_EXAMPLE);
    await client.tokenMetadata('base', USDC_BASE);
    await client.tokenMetadata('base', USDC_BASE);
    await client.tokenMetadata('brokerage', USDC_BASE);
    expect(networks).toEqual(['base-mainnet', 'robinhood-mainnet']);
  });

  it('answers nulls for an address that is not a token', async () => {
    const { client } = rpcClient(METADATA_NOT_A_TOKEN);
    await expect(client.tokenMetadata('bsc', USDC_BASE)).resolves.toEqual({ name: null, symbol: null, decimals: null, logo: null });
  });

  it('turns a JSON-RPC error into an UpstreamError of that network source', async () => {
    const { client } = rpcClient({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
    const failure = client.tokenMetadata('monad', USDC_BASE);
    await expect(failure).rejects.toBeInstanceOf(UpstreamError);
    await expect(failure).rejects.toMatchObject({ source: 'alchemy-rpc:monad-mainnet', failure: 'rejected' });
  });

  it.each([
    ['decimals as a hex string', { jsonrpc: '2.0', id: 1, result: { ...METADATA_EXAMPLE.result, decimals: '0x6' } }],
    ['neither result nor error', { jsonrpc: '2.0', id: 1 }],
    ['a bare array', [METADATA_EXAMPLE.result]],
  ])('refuses %s', async (_label, payload) => {
    const { client } = rpcClient(payload);
    await expect(client.tokenMetadata('ethereum', USDC_ETH)).rejects.toThrow();
  });
});
