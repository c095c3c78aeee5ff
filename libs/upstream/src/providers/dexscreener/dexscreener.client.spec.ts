import type { Chain } from '../../chains';
import type { UpstreamCall, UpstreamSource } from '../../upstream.types';
import { DexScreenerClient, DEXSCREENER_CHAIN_IDS } from './dexscreener.client';
import { AERO_BASE, AERO_PAIR, ORBIT_AS_QUOTE_PAIR, ORBIT_MAIN_PAIR, ORBIT_MINT, ORBIT_SECOND_PAIR, SOL_MINT, SPARSE_PAIR } from './dexscreener.fixture';

/** A source that answers every call through the client's own parser, from a function of the call. */
class CannedSource implements UpstreamSource {
  readonly name = 'dexscreener';
  readonly calls: UpstreamCall[] = [];
  constructor(private readonly answer: (call: UpstreamCall) => unknown) {}

  async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    this.calls.push(call);
    return parse(this.answer(call));
  }
}

/** `answer` is the payload every call gets, or a function of the call that gives it. */
function clientAnswering(answer: unknown) {
  const source = new CannedSource(typeof answer === 'function' ? (answer as (call: UpstreamCall) => unknown) : () => answer);
  return { client: new DexScreenerClient(source), source };
}

/** The addresses of a /tokens/v1 call's path. */
const addressesOf = (call: UpstreamCall) => call.path.split('/').pop()!.split(',').map(decodeURIComponent);

describe('DexScreenerClient.markets (GET /tokens/v1/{chainId}/{addresses})', () => {
  it('describes a token from its most liquid BASE pair: strings parsed to numbers, pairCreatedAt as ISO', async () => {
    const { client, source } = clientAnswering([ORBIT_SECOND_PAIR, ORBIT_MAIN_PAIR]);
    const markets = await client.markets('solana', [ORBIT_MINT]);
    expect(markets.get(ORBIT_MINT)).toEqual({
      chain: 'solana',
      address: ORBIT_MINT,
      priceUsd: 0.03125,
      marketCapUsd: 18750000,
      fdvUsd: 31250000,
      liquidityUsd: 1750000.75,
      volume24hUsd: 902345.78,
      change24hPct: 12.75,
      pairAddress: ORBIT_MAIN_PAIR.pairAddress,
      dexId: 'raydium',
      pairCreatedAt: '2024-06-05T09:55:25.000Z',
      pairCount: 2,
    });
    expect(source.calls).toEqual([{ endpoint: 'dexscreener:/tokens/v1', path: `/tokens/v1/solana/${ORBIT_MINT}`, cacheTtlMs: 60_000 }]);
  });

  it('ignores pairs where the asked token is only the quote token', async () => {
    const { client } = clientAnswering([ORBIT_AS_QUOTE_PAIR, ORBIT_SECOND_PAIR]);
    const markets = await client.markets('solana', [ORBIT_MINT]);
    expect(markets.get(ORBIT_MINT)).toMatchObject({
      pairAddress: ORBIT_SECOND_PAIR.pairAddress,
      liquidityUsd: 250000.25,
      volume24hUsd: 90000.11,
      pairCount: 1,
    });

    const onlyQuote = await clientAnswering([ORBIT_AS_QUOTE_PAIR]).client.markets('solana', [ORBIT_MINT]);
    expect(onlyQuote.has(ORBIT_MINT)).toBe(false);
  });

  it('leaves what DexScreener left out as null, never 0', async () => {
    const { client } = clientAnswering([SPARSE_PAIR]);
    const address = SPARSE_PAIR.baseToken.address;
    const market = (await client.markets('solana', [address])).get(address);
    expect(market).toEqual({
      chain: 'solana',
      address,
      priceUsd: null,
      marketCapUsd: null,
      fdvUsd: null,
      liquidityUsd: null,
      volume24hUsd: null,
      change24hPct: null,
      pairAddress: SPARSE_PAIR.pairAddress,
      dexId: 'pumpswap',
      pairCreatedAt: null,
      pairCount: 1,
    });
  });

  it('prefers a pair with a liquidity figure over one without, and keeps a missing 24 h change null', async () => {
    const noLiquidity = { ...ORBIT_MAIN_PAIR, liquidity: undefined, pairAddress: 'NoLiqPair1111111111111111111111111111111111' };
    const { client } = clientAnswering([noLiquidity, ORBIT_SECOND_PAIR]);
    const market = (await client.markets('solana', [ORBIT_MINT])).get(ORBIT_MINT);
    expect(market).toMatchObject({ pairAddress: ORBIT_SECOND_PAIR.pairAddress, priceUsd: 0.03126, change24hPct: null, liquidityUsd: 250000.25, pairCount: 2 });
  });

  it('parses a price in exponent notation', async () => {
    const pair = { ...ORBIT_MAIN_PAIR, priceUsd: '3.1e-7', priceNative: '2e-9' };
    const market = (await clientAnswering([pair]).client.markets('solana', [ORBIT_MINT])).get(ORBIT_MINT);
    expect(market?.priceUsd).toBe(3.1e-7);
  });

  it('matches EVM addresses without case and keys the map by the address as asked', async () => {
    const { client, source } = clientAnswering([AERO_PAIR]);
    const lower = AERO_BASE.toLowerCase();
    const markets = await client.markets('base', [AERO_BASE, lower]);
    expect(source.calls).toHaveLength(1);
    expect(addressesOf(source.calls[0])).toEqual([AERO_BASE]);
    expect(source.calls[0].path.startsWith('/tokens/v1/base/')).toBe(true);
    expect([...markets.keys()].sort()).toEqual([AERO_BASE, lower].sort());
    expect(markets.get(AERO_BASE)).toMatchObject({ chain: 'base', address: AERO_BASE, priceUsd: 0.7207, marketCapUsd: 600319879, change24hPct: 3.97 });
    expect(markets.get(lower)?.address).toBe(lower);
  });

  it('matches Solana mints with case: another casing is another token', async () => {
    const { client } = clientAnswering([ORBIT_MAIN_PAIR]);
    const other = ORBIT_MINT.toLowerCase();
    const markets = await client.markets('solana', [other]);
    expect(markets.size).toBe(0);
  });

  it('asks each distinct address once, in parallel chunks of at most 30 (65 addresses: 3 requests)', async () => {
    const addresses = Array.from({ length: 65 }, (_, i) => `Tok${String(i).padStart(2, '0')}${'x'.repeat(38)}`);
    let inFlight = 0;
    let maxInFlight = 0;
    const source: UpstreamSource & { calls: UpstreamCall[] } = {
      name: 'dexscreener',
      calls: [],
      async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
        this.calls.push(call);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        const pairs = addressesOf(call).map((address, i) => ({
          ...ORBIT_MAIN_PAIR,
          pairAddress: `Pair${address}`,
          baseToken: { address, name: 'T', symbol: 'T' },
          priceUsd: String(i + 1),
        }));
        return parse(pairs);
      },
    };
    const client = new DexScreenerClient(source);
    const markets = await client.markets('solana', [...addresses, ...addresses.slice(0, 10)]);
    expect(source.calls).toHaveLength(3);
    const asked = source.calls.map(addressesOf);
    expect(asked.map((chunk) => chunk.length)).toEqual([30, 30, 5]);
    expect(new Set(asked.flat()).size).toBe(65);
    expect(maxInFlight).toBe(3);
    expect(markets.size).toBe(65);
    expect(source.calls.every((call) => call.endpoint === 'dexscreener:/tokens/v1')).toBe(true);
  });

  it('sorts the addresses so the same set shares one cache entry, and encodes them in the path', async () => {
    const { client, source } = clientAnswering([]);
    await client.markets('solana', [ORBIT_MINT, SOL_MINT]);
    await client.markets('solana', [SOL_MINT, ORBIT_MINT, ` ${ORBIT_MINT} `]);
    expect(source.calls[0].path).toBe(source.calls[1].path);
    await client.markets('solana', ['a/b?c']);
    expect(source.calls[2].path).toBe('/tokens/v1/solana/a%2Fb%3Fc');
  });

  it('makes no call for no addresses, and answers an empty map when DexScreener knows none', async () => {
    const { client, source } = clientAnswering([]);
    await expect(client.markets('solana', [])).resolves.toEqual(new Map());
    await expect(client.markets('solana', ['', '  '])).resolves.toEqual(new Map());
    expect(source.calls).toHaveLength(0);
    await expect(client.markets('solana', [ORBIT_MINT])).resolves.toEqual(new Map());
  });

  it("uses DexScreener's chain id for each of Scout's chains", async () => {
    const { client, source } = clientAnswering([]);
    for (const chain of Object.keys(DEXSCREENER_CHAIN_IDS) as Chain[]) await client.markets(chain, [AERO_BASE]);
    expect(source.calls.map((call) => call.path.split('/')[3])).toEqual(['solana', 'ethereum', 'base', 'bsc', 'monad', 'hyperevm', 'robinhood']);
  });

  it('refuses a chain DexScreener has no id for, before any call', async () => {
    const { client, source } = clientAnswering([]);
    await expect(client.markets('arbitrum' as Chain, [AERO_BASE])).rejects.toThrow(RangeError);
    expect(source.calls).toHaveLength(0);
  });

  it('ignores a pair from another chain', async () => {
    const { client } = clientAnswering([{ ...ORBIT_MAIN_PAIR, chainId: 'base' }]);
    await expect(client.markets('solana', [ORBIT_MINT])).resolves.toEqual(new Map());
  });

  it.each([
    ['the /latest/dex envelope instead of a bare array', { schemaVersion: '1.0.0', pairs: [ORBIT_MAIN_PAIR] }],
    ['priceUsd as a number', [{ ...ORBIT_MAIN_PAIR, priceUsd: 0.03125 }]],
    ['priceUsd that is not a number', [{ ...ORBIT_MAIN_PAIR, priceUsd: 'n/a' }]],
    ['priceNative missing', [{ ...ORBIT_MAIN_PAIR, priceNative: undefined }]],
    ['baseToken without an address', [{ ...ORBIT_MAIN_PAIR, baseToken: { name: 'Orbit', symbol: 'ORBIT' } }]],
    ['liquidity.usd as a string', [{ ...ORBIT_MAIN_PAIR, liquidity: { usd: '1500000', base: 1, quote: 1 } }]],
    ['a negative txns count', [{ ...ORBIT_MAIN_PAIR, txns: { h24: { buys: -1, sells: 0 } } }]],
  ])('refuses %s', async (_label, payload) => {
    const { client } = clientAnswering(payload);
    await expect(client.markets('solana', [ORBIT_MINT])).rejects.toThrow();
  });
});
